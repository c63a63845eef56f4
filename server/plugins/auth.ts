import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveUser } from '../db/rows';
import { sessionLookups } from '../domain/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Who sent the request: its bearer token's live session, else UNAUTHORIZED (401). With `reuseForMs`, a session
     * found that long ago is answered again without the database (a logout reaches such an endpoint that much later).
     */
    authenticate: (request: FastifyRequest, options?: { reuseForMs?: number }) => Promise<Session>;
  }
}

export interface Session {
  user: ActiveUser;
  /** The bearer token itself (logout revokes it). */
  token: string;
}

/** Sessions kept for endpoints that reuse them (the waiting room's status, polled by every candidate in line). */
const MAX_REUSED_SESSIONS = 250_000;

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * The one reader of bearer tokens: the route registrar asks it for every `auth: 'user'` endpoint, before the body is
 * read, so no route parses a token or checks a session itself.
 */
export const authPlugin = fp(
  async (app) => {
    const activeUser = sessionLookups({ repos: app.repos, now: app.now });
    const recent = new Map<string, { session: Session; until: number }>();
    app.decorate('authenticate', async (request: FastifyRequest, options: { reuseForMs?: number } = {}) => {
      const token = bearerToken(request) ?? '';
      const reuseForMs = options.reuseForMs ?? 0;
      if (reuseForMs > 0) {
        const kept = recent.get(token);
        if (kept && kept.until > Date.now()) return kept.session;
      }
      const session = { user: await activeUser(token), token };
      if (reuseForMs > 0) {
        // Bounded: a flood of distinct tokens only empties it (each is then looked up once more).
        if (recent.size >= MAX_REUSED_SESSIONS) recent.clear();
        recent.set(token, { session, until: Date.now() + reuseForMs });
      }
      return session;
    });
  },
  { name: 'auth', dependencies: ['config', 'repositories'] },
);
