import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '../../contract';
import { quote, register } from '../domain/booking';
import { listResults, listTransactions } from '../domain/history';
import { orderForUser } from '../domain/payments';
import { type ReceiptDeps, receiptOf, receiptPdfFile, requestFapiao } from '../domain/receipts';
import {
  cancelRegistration,
  changeOptions,
  changeRegistration,
  getRegistration,
  getTicket,
  listRegistrations,
} from '../domain/registrations';
import { ticketCalendarFile, ticketPdfFile } from '../domain/ticketFiles';
import { createTicketSigner } from '../domain/tickets';
import { AppError } from '../errors';
import { endpointRegistrar } from '../http/route';
import { bookingDeps } from '../plugins/domainDeps';

const IDEMPOTENCY_KEY_MAX = 128;

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

/** Checkout, booking, orders (receipt, fapiao), registrations (ticket, change, cancel), transactions and results. */
export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const deps = bookingDeps(app);
  const tickets = createTicketSigner(app.config, app.now);
  const receipts: ReceiptDeps = { repos: app.repos, site: app.config.site, now: app.now };
  const route = endpointRegistrar(app);

  route(api.quote, ({ user, body }) => quote(deps, user, body));
  route(api.register, ({ user, body, request }) =>
    register(deps, user, body, { idempotencyKey: idempotencyKey(request), origin: requestOrigin(request) }),
  );
  route(api.order, ({ user, params, query }) => orderForUser(deps, user, params.id, query.refresh === '1'));
  route(api.registrations, ({ user, query }) => listRegistrations(deps, user, query));
  route(api.registration, ({ user, params }) => getRegistration(deps, user, params.id));
  route(api.ticket, ({ user, params }) => getTicket({ ...deps, tickets }, user, params.id));
  route(api.ticketPdf, ({ user, params, query }) => ticketPdfFile({ ...deps, tickets }, user, params.id, query.lang));
  route(api.ticketCalendar, ({ user, params, query }) =>
    ticketCalendarFile({ ...deps, tickets }, user, params.id, query.lang),
  );
  route(api.changeOptions, ({ user, params }) => changeOptions(deps, user, params.id));
  route(api.changeRegistration, ({ user, params, body, request }) =>
    changeRegistration(deps, user, params.id, body, requestOrigin(request)),
  );
  route(api.cancelRegistration, ({ user, params }) => cancelRegistration(deps, user, params.id));
  route(api.receipt, ({ user, params }) => receiptOf(receipts, user, params.id));
  route(api.receiptPdf, ({ user, params, query }) => receiptPdfFile(receipts, user, params.id, query.lang));
  route(api.requestFapiao, ({ user, params, body }) => requestFapiao(receipts, user, params.id, body));
  route(api.transactions, ({ user, query }) => listTransactions(deps, user, query));
  route(api.results, ({ user }) => listResults(deps, user));
}
