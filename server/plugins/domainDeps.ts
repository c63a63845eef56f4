import type { FastifyInstance } from 'fastify';
import type { BookingDeps } from '../domain/deps';

/**
 * The candidate use cases' dependencies from the app's plugins: what booking routes and background jobs share.
 * Every repository and link is in it, so the deps of groups and centers extend it.
 */
export function bookingDeps(app: FastifyInstance) {
  return {
    repos: app.repos,
    uow: app.uow,
    payment: app.providers.payment,
    config: app.config,
    links: app.links,
    now: app.now,
    log: app.log,
    seats: app.seats,
  } satisfies BookingDeps;
}
