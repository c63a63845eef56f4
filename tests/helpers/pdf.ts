import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Reading a PDF back as a person or a scanner would: the text of each page (pdf.js, the reader Firefox uses), the
 * images painted on it, and the page rendered to pixels for the QR decoder (ZXing, as the examiner's scan page).
 */

const require = createRequire(import.meta.url);

export interface PdfPage {
  /** The page's text in reading order, lines separated by newlines. */
  text: string;
  /** Images painted on the page (photos; the QR is drawn as vector squares, not an image). */
  images: number;
}

async function pdfjs() {
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

async function open(bytes: Buffer) {
  const { getDocument } = await pdfjs();
  // pdf.js takes ownership of the array it is given: hand it a copy.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 })
    .promise;
}

/** Every page's text and image count. */
export async function readPdf(bytes: Buffer): Promise<PdfPage[]> {
  const { OPS } = await pdfjs();
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);
  const document = await open(bytes);
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      const operators = await page.getOperatorList();
      pages.push({ text, images: operators.fnArray.filter((op) => imageOps.has(op)).length });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** Text with every run of white space removed, so that a value wrapped over two lines is still found whole. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /** Pixels per PDF point. */
  scale: number;
}

/** What pdf.js's own canvas factory makes: in Node, a canvas of the @napi-rs/canvas copy pdf.js itself loads. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

/** Page `number` (from 1) rendered at `dpi`, as RGBA pixels. */
export async function renderPage(bytes: Buffer, number: number, dpi = 150): Promise<Pixels> {
  const document = await open(bytes);
  try {
    const page = await document.getPage(number);
    const scale = dpi / 72;
    const viewport = page.getViewport({ scale });
    // The canvas must come from the same @napi-rs/canvas as the paths pdf.js draws on it (another copy refuses them).
    const factory = document.canvasFactory as CanvasFactory;
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data, width, height, scale };
  } finally {
    await document.destroy();
  }
}

export interface DecodedQr {
  text: string;
  /** The code's side as printed, in millimetres (from the corners the decoder found). */
  sideMm: number;
}

let zxingReady: Promise<typeof import('zxing-wasm/reader')> | undefined;

/** zxing-wasm's reader with its .wasm read from node_modules (its default would fetch it from a CDN). */
function zxing() {
  zxingReady ??= import('zxing-wasm/reader').then(async (reader) => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await reader.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    return reader;
  });
  return zxingReady;
}

/** Every QR code the decoder finds in the pixels. */
export async function decodeQrCodes(pixels: Pixels): Promise<DecodedQr[]> {
  const { readBarcodes } = await zxing();
  const results = await readBarcodes(
    { data: pixels.data, width: pixels.width, height: pixels.height, colorSpace: 'srgb' } as ImageData,
    { formats: ['QRCode'], tryHarder: true },
  );
  return results
    .filter((result) => result.isValid)
    .map((result) => {
      const { topLeft, topRight } = result.position;
      const sidePx = Math.hypot(topRight.x - topLeft.x, topRight.y - topLeft.y);
      return { text: result.text, sideMm: (sidePx / pixels.scale) * (25.4 / 72) };
    });
}
