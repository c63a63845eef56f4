import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveUser } from '../db/rows';
import { authenticate } from '../domain/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who sent the request: its bearer token's live session, else UNAUTHORIZED (401). */
    authenticate: (request: FastifyRequest) => Promise<Session>;
  }
}

export interface Session {
  user: ActiveUser;
  /** The bearer token itself (logout revokes it). */
  token: string;
}

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
    const deps = { repos: app.repos, now: app.now };
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request) ?? '';
      return { user: await authenticate(deps, token), token };
    });
  },
  { name: 'auth', dependencies: ['config', 'repositories'] },
);
