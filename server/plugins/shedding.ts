import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as paths from '../../contract/paths';
import { AppError } from '../errors';
import { envelopeOf } from '../http/errors';
import { PAYMENT_NOTIFY_PATH, REFUND_NOTIFY_PATH } from '../http/links';
import { type LoadMonitor, type Pressure, processLoadMonitor } from '../loadMonitor';

/**
 * What keeps answering while the server sheds load, by method and route as registered. Everything else under /api/
 * can wait: a catalog page, a profile, a booking (the waiting room admits people at the rate the server serves them).
 * The front end's own files are never shed either: the waiting room page is made of them.
 */
const ESSENTIAL: readonly paths.Route[] = [
  // A load balancer must see a busy instance alive and ready, not failing, or it moves the crowd onto the others.
  paths.health,
  paths.ready,
  // The waiting room is how a crowd gets served in order; refusing it would send everyone back to refreshing.
  paths.queueJoin,
  paths.queueStatus,
  // Joining the waiting room takes an account: logging in, and the start-up check of a stored session.
  paths.sendOtp,
  paths.login,
  paths.currentUser,
  paths.logout,
  // Money already paid: a refused notification is resent later, while the candidate's hold runs out.
  ...(['sandbox', 'wechat'] as const).map((provider) => ({
    method: 'POST' as const,
    path: paths.pathOf(PAYMENT_NOTIFY_PATH, { provider }),
  })),
  { method: 'POST', path: paths.pathOf(REFUND_NOTIFY_PATH, { provider: 'wechat' }) },
  paths.walletOrder,
  paths.walletConfirm,
  // The door on exam day: a queue of candidates in front of an examiner cannot wait for a busy registration day.
  paths.examinerProfile,
  paths.examinerExams,
  paths.examinerCandidate,
  paths.lookupCandidates,
  paths.checkin,
  paths.ticketPublicKey,
];

const essential = new Set(ESSENTIAL.map((route) => `${route.method} ${route.path}`));

function isEssential(request: FastifyRequest): boolean {
  return essential.has(`${request.method} ${request.routeOptions.url}`);
}

/** At most one warning per this long while shedding, with the counts since the last one. */
const LOG_EVERY_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is shedding load now (the waiting room stops admitting meanwhile). */
    overloaded(): boolean;
  }
}

export interface SheddingOptions {
  /** The process's own measures unless given (and then closed by its owner); none under APP_ENV=test. */
  monitor?: LoadMonitor;
}

const describe = (pressure: Pressure) =>
  `${pressure.measure} ${pressure.value} ${pressure.unit} over the limit of ${pressure.limit} ${pressure.unit}`;

/**
 * Overload is refused, not suffered: while the monitor reports pressure, an API request that is not ESSENTIAL is
 * answered at once with 503 OVERLOADED and Retry-After (SHED_RETRY_AFTER_S), before anything is read or looked up,
 * so the work the process has stays the work it can finish. Registered before the rate limit, so a refused request
 * costs no Redis round trip either. Operators read one warning every LOG_EVERY_MS with the counts, and one when it
 * ends.
 */
export const sheddingPlugin = fp<SheddingOptions>(
  async (app, options) => {
    const { shedding } = app.config;
    const given = options.monitor;
    let own: LoadMonitor | undefined;
    app.decorate('overloaded', () => (given ?? own)?.pressure() !== undefined);
    if (!given) {
      if (app.config.appEnv === 'test') return;
      // Measured from ready on: opening and migrating the database blocks the loop, which says nothing of load.
      app.addHook('onReady', async () => {
        own = processLoadMonitor(shedding);
      });
      app.addHook('onClose', async () => own?.close());
    }

    const refusal = JSON.stringify(envelopeOf(new AppError('OVERLOADED')));
    const retryAfter = String(shedding.retryAfterS);
    const episode = { startedAt: 0, refused: 0, refusedSinceLog: 0, essentialSinceLog: 0, loggedAt: 0 };

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.url === undefined) return;
      const pressure = (given ?? own)?.pressure();
      const now = app.now().getTime();
      if (!pressure) {
        if (episode.startedAt) {
          app.log.warn(
            { refused: episode.refused, seconds: Math.round((now - episode.startedAt) / 1000) },
            `load shedding ended: ${episode.refused} requests refused in ${Math.round((now - episode.startedAt) / 1000)} s`,
          );
          episode.startedAt = 0;
          episode.refused = 0;
        }
        return;
      }
      if (!episode.startedAt) {
        episode.startedAt = now;
        episode.loggedAt = 0;
      }
      const served = isEssential(request);
      if (served) episode.essentialSinceLog += 1;
      else {
        episode.refused += 1;
        episode.refusedSinceLog += 1;
      }
      if (now - episode.loggedAt >= LOG_EVERY_MS) {
        const window = episode.loggedAt ? `in the last ${Math.round((now - episode.loggedAt) / 1000)} s` : 'so far';
        app.log.warn(
          {
            measure: pressure.measure,
            value: pressure.value,
            limit: pressure.limit,
            refused: episode.refusedSinceLog,
            essentialServed: episode.essentialSinceLog,
          },
          `shedding load (${describe(pressure)}): refused ${episode.refusedSinceLog} requests ${window}, served ${episode.essentialSinceLog} essential ones (waiting room, login, payment notifications, check-in, health)`,
        );
        episode.loggedAt = now;
        episode.refusedSinceLog = 0;
        episode.essentialSinceLog = 0;
      }
      if (served) return;
      return reply.code(503).header('Retry-After', retryAfter).type('application/json; charset=utf-8').send(refusal);
    });
  },
  { name: 'shedding', dependencies: ['config'] },
);
