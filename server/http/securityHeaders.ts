import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Helmet's defaults, with the Content-Security-Policy of the built front end. */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // wasm-unsafe-eval lets the scan page compile its QR decoder (WebAssembly); it allows no script eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
};

/** The headers of an answer to `GET /` from a throwaway instance, with or without helmet. */
async function sampleHeaders(withHelmet: boolean): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    if (withHelmet) await probe.register(helmet, HELMET_OPTIONS);
    probe.get('/', async () => '');
    const answer = await probe.inject('/');
    return Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}

/**
 * Sets helmet's security headers on every answer, worked out once at start: a throwaway instance answers one request
 * with @fastify/helmet and one without, and what the first has more is helmet's. The headers never change, but
 * @fastify/helmet rebuilds helmet's middleware on every request (parsing the policy's directives each time): 15 % of
 * the CPU of a waiting-room status answer, the request a crowd sends most.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const bare = await sampleHeaders(false);
  const headers = Object.fromEntries(
    Object.entries(await sampleHeaders(true)).filter(([name, value]) => bare[name] !== value),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
