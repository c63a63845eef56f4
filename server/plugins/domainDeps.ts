import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../domain/auth';
import type { BookingDeps } from '../domain/deps';
import type { NotificationWorkerDeps } from '../domain/notificationWorker';
import type { ScheduledNoticeDeps } from '../domain/scheduledNotices';

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
    seatBatches: app.seatBatches,
    recentExams: app.recentExams,
  } satisfies BookingDeps;
}

/** The login use cases' dependencies (codes, sessions): the public login's and the operators' console's. */
export function authDeps(app: FastifyInstance) {
  return {
    config: app.config,
    repos: app.repos,
    store: app.providers.store,
    sms: app.providers.sms,
    now: app.now,
    logError: (error: unknown, message: string) => app.log.error({ err: error }, message),
  } satisfies AuthDeps;
}

/** The notification jobs' dependencies: the outbox, the channels that deliver it, the clock and the log. */
export function notificationDeps(app: FastifyInstance) {
  return {
    repos: app.repos,
    uow: app.uow,
    sms: app.providers.sms,
    email: app.providers.email,
    now: app.now,
    log: app.log,
    quietHours: app.config.smsQuietHours,
  } satisfies NotificationWorkerDeps & ScheduledNoticeDeps;
}
