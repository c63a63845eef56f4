/**
 * jsdom lacks what jose needs (TextEncoder, WebCrypto, structuredClone); Node has them. Imported first by the tests
 * that sign or verify ticket tokens. Not imported by the app.
 */
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  // Only jose's SignJWT clones, and only plain JSON claims.
  structuredClone: (value: unknown) => JSON.parse(JSON.stringify(value)),
});
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
