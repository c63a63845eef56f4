import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { type AuthDeps, login, logout, sendOtp, toCurrentUser } from '../domain/auth';
import { endpointRegistrar } from '../http/route';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = {
    config: app.config,
    repos: app.repos,
    store: app.providers.store,
    sms: app.providers.sms,
    now: app.now,
    logError: (error, message) => app.log.error({ err: error }, message),
  };
  const route = endpointRegistrar(app);

  route(api.sendOtp, ({ body, request }) => sendOtp(deps, { phone: body.phone, kind: body.kind, ip: request.ip }));
  route(api.login, ({ body }) => login(deps, body));
  route(api.currentUser, async ({ user }) => toCurrentUser(user));
  route(api.logout, ({ token }) => logout(deps, token));
}
