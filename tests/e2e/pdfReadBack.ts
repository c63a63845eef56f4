/**
 * `node --import tsx tests/e2e/pdfReadBack.ts <file.pdf>`: prints, as JSON, each page's text and image count and the
 * QR codes found on the first page rendered to pixels. The e2e specs run it in a child process: tests/helpers/pdf.ts
 * is an ES module (import.meta), which Playwright's CommonJS transform of a spec cannot load.
 */
import { readFileSync } from 'node:fs';
import { decodeQrCodes, readPdf, renderPage } from '../helpers/pdf';

async function readBack(file: string): Promise<string> {
  const bytes = readFileSync(file);
  const pages = await readPdf(bytes);
  const qrCodes = (await decodeQrCodes(await renderPage(bytes, 1))).map((code) => code.text);
  return JSON.stringify({ pages, qrCodes });
}

readBack(process.argv[2] as string).then((json) => process.stdout.write(json));
