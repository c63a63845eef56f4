import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { login, logout, sendOtp, toCurrentUser } from '../domain/auth';
import { endpointRegistrar } from '../http/route';
import { authDeps } from '../plugins/domainDeps';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps = authDeps(app);
  const route = endpointRegistrar(app);

  route(api.sendOtp, ({ body, request }) => sendOtp(deps, { phone: body.phone, kind: body.kind, ip: request.ip }));
  route(api.login, ({ body }) => login(deps, body));
  route(api.currentUser, async ({ user }) => toCurrentUser(user));
  route(api.logout, ({ token }) => logout(deps, token));
}
