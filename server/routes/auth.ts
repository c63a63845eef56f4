import { api } from '../../contract';
import { type AuthDeps, login, logout, sendOtp, toCurrentUser } from '../domain/auth';
import type { RouteContext } from './context';

export function authRoutes(ctx: RouteContext): void {
  const deps: AuthDeps = {
    config: ctx.config,
    users: ctx.repos.users,
    sessions: ctx.repos.sessions,
    otp: ctx.repos.otp,
    store: ctx.store,
    sms: ctx.sms,
    now: ctx.now,
    logError: (error, message) => ctx.log.error({ err: error }, message),
  };

  ctx.route(api.sendOtp, ({ body, request }) => sendOtp(deps, { phone: body.phone, kind: body.kind, ip: request.ip }));
  ctx.route(api.login, ({ body }) => login(deps, body));
  ctx.route(api.currentUser, async ({ user }) => toCurrentUser(user));
  ctx.route(api.logout, ({ token }) => logout(deps, token));
}
