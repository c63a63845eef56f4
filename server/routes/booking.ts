import type { FastifyRequest } from 'fastify';
import { api } from '../../contract';
import { type BookingDeps, quote, register, startExpirySweeper, sweepExpiredOrders } from '../domain/booking';
import { listResults, listTransactions } from '../domain/history';
import { followUpRefunds, orderForUser } from '../domain/payments';
import {
  cancelRegistration,
  changeOptions,
  changeRegistration,
  getTicket,
  listRegistrations,
} from '../domain/registrations';
import { createTicketSigner } from '../domain/tickets';
import { AppError } from '../errors';
import type { RouteContext } from './context';

/** How often expired holds are swept and refunds still owed followed up. */
const SWEEP_INTERVAL_MS = 20_000;
const IDEMPOTENCY_KEY_MAX = 128;

export function bookingDeps(ctx: RouteContext): BookingDeps {
  return { repo: ctx.repos.booking, payment: ctx.payment, config: ctx.config, now: ctx.now, log: ctx.log };
}

/** The origin the browser used: the base of wallet links and notify URLs when PUBLIC_URL is unset. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX) {
    throw new AppError('VALIDATION_FAILED', undefined, undefined, [
      { path: 'Idempotency-Key', message: `one header of 1 to ${IDEMPOTENCY_KEY_MAX} characters` },
    ]);
  }
  return value;
}

/**
 * Checkout, booking, orders, registrations (ticket, change, cancel), transactions and results; and the sweeper
 * that expires unpaid holds. Tests (APP_ENV=test) sweep explicitly after moving their clock, so no timer runs there.
 */
export function bookingRoutes(ctx: RouteContext, onClose: (stop: () => void) => void): void {
  const deps = bookingDeps(ctx);
  const tickets = createTicketSigner(ctx.config, ctx.now);

  ctx.route(api.quote, ({ user, body }) => quote(deps, user, body));
  ctx.route(api.register, ({ user, body, request }) =>
    register(deps, user, body, { idempotencyKey: idempotencyKey(request), origin: requestOrigin(request) }),
  );
  ctx.route(api.order, ({ user, params, query }) => orderForUser(deps, user, params.id, query.refresh === '1'));
  ctx.route(api.registrations, ({ user, query }) => listRegistrations(deps, user, query));
  ctx.route(api.ticket, ({ user, params }) => getTicket({ ...deps, tickets }, user, params.id));
  ctx.route(api.changeOptions, ({ user, params }) => changeOptions(deps, user, params.id));
  ctx.route(api.changeRegistration, ({ user, params, body, request }) =>
    changeRegistration(deps, user, params.id, body, requestOrigin(request)),
  );
  ctx.route(api.cancelRegistration, ({ user, params }) => cancelRegistration(deps, user, params.id));
  ctx.route(api.transactions, ({ user, query }) => listTransactions(deps, user, query));
  ctx.route(api.results, ({ user }) => listResults(deps, user));

  if (ctx.config.appEnv !== 'test') {
    const stop = startExpirySweeper(deps, SWEEP_INTERVAL_MS, async () => {
      await sweepExpiredOrders(deps);
      await followUpRefunds(deps);
    });
    onClose(stop);
  }
}
