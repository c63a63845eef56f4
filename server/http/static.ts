import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, pickLocale } from '../../contract/locale';
import { AppError } from '../errors';
import { envelopeOf } from './errors';

/** Umi names built chunks with a content hash (umi.3f2a1b9c.js); those never change and may be cached for good. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:async\.)?(?:js|css|woff2?|png|svg|jpe?g|gif|webp)$/i;

/** A page path the build may have written a document for: letters, digits, dashes, slashes; never a way out. */
const PAGE_PATH = /^(\/[A-Za-z0-9_-]+)+\/?$/;

/** The document of the page at `pathname`, relative to `staticDir`: its own if the build wrote one, else index.html. */
function pageDocument(staticDir: string, pathname: string): string {
  if (!PAGE_PATH.test(pathname)) return 'index.html';
  const own = path.join(pathname.toLowerCase().replace(/\/+$/, ''), 'index.html').slice(1);
  return fs.existsSync(path.join(staticDir, own)) ? own : 'index.html';
}

/** A page document's language attribute, as the build writes it (config/shellPlugin.ts). */
const HTML_LANG = /<html lang="[^"]*"/;

/** The app's locale cookie among a request's cookies. */
const LOCALE_COOKIE_PAIR = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/**
 * The language the app will show this browser (contract/locale.ts pickLocale): the one it showed last, from the
 * cookie the app keeps, else the browser's first choice if we translate it, else zh-CN.
 */
function documentLanguage(request: FastifyRequest): string {
  const cookie = LOCALE_COOKIE_PAIR.exec(request.headers.cookie ?? '')?.[1];
  const browser = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
  return pickLocale(cookie ?? null, browser);
}

/** Encodings a document is sent in, preferred first; the answer to a client that accepts neither is plain. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The preferred encoding of ENCODINGS that the request accepts (`q=0` refuses one). */
function documentEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = new Map(
    (request.headers['accept-encoding'] ?? '').split(',').map((item) => {
      const [name = '', ...params] = item.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  return ENCODINGS.find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

/**
 * The documents, compressed once per file, language and encoding (a rebuilt front end has a new mtime and replaces
 * them): @fastify/compress only compresses answers of routes, and a document is the not-found handler's.
 */
const compressedDocuments = new Map<string, { mtimeMs: number; body: Buffer }>();

function compressedDocument(file: string, mtimeMs: number, lang: string, encoding: Encoding, document: string) {
  const key = `${file}|${lang}|${encoding}`;
  const kept = compressedDocuments.get(key);
  if (kept?.mtimeMs === mtimeMs) return kept.body;
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(document, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
      : zlib.gzipSync(document);
  compressedDocuments.set(key, { mtimeMs, body });
  return body;
}

/**
 * Serves the built front end from `staticDir` with history fallback: a browser asking for any non-API page
 * gets index.html and the client router takes over, or the page's own document when the build wrote one
 * (`<path>/index.html`: the login page's, whose first paint is its card; config/shellPlugin.ts). The document says
 * the language the app will show, so its shell paints in it. Unknown /api paths answer the 404 envelope instead.
 */
export async function registerFrontEnd(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexPath = path.join(staticDir, 'index.html');
  if (fs.existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // Documents go through the handler below (their language); only assets are served as files.
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const error = new AppError(
        'NOT_FOUND',
        undefined,
        undefined,
        undefined,
        `No API endpoint ${request.method} ${pathname}.`,
      );
      return reply.status(404).send(envelopeOf(error));
    }
    // Checked per request so a front end built after the server started is picked up.
    if (!fs.existsSync(indexPath)) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(`Not found. The front end is not built (no index.html in ${staticDir}); run npm run build.`);
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    const file = path.join(staticDir, pageDocument(staticDir, pathname));
    const [source, { mtimeMs }] = await Promise.all([fs.promises.readFile(file, 'utf8'), fs.promises.stat(file)]);
    const lang = documentLanguage(request);
    const document = source.replace(HTML_LANG, `<html lang="${lang}"`);
    const encoding = documentEncoding(request);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(document);
    return reply.header('content-encoding', encoding).send(compressedDocument(file, mtimeMs, lang, encoding, document));
  });
}
