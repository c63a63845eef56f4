import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredOrders } from '../domain/booking';
import { followUpRefunds } from '../domain/payments';
import { seatClosedExams } from '../domain/seating';
import { bookingDeps } from './domainDeps';

/** How often expired holds are swept, refunds still owed followed up and exams whose registration closed seated. */
const SWEEP_INTERVAL_MS = 20_000;

/**
 * Runs `work` every `intervalMs`, never two at once (a slow run makes the next tick skip); a failure is logged and
 * the next tick tries again. Unref'd, so it never keeps a process alive. Answers the function that stops it.
 */
function every(intervalMs: number, log: FastifyBaseLogger, name: string, work: () => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Work on a timer rather than a request: the sweeper expires unpaid holds (releasing their seats) and follows up
 * refunds still owed (asks again for refused ones, queries those the provider is processing) and seats the
 * candidates of exams whose registration has closed (domain/seating.ts seatClosedExams). It starts once the
 * app is ready and stops when it closes. Tests (APP_ENV=test) sweep explicitly after moving their clock, so no timer
 * runs there; of a cluster's workers (WORKERS), only the one server/main.ts names runs them.
 */
export const jobsPlugin = fp(
  async (app) => {
    if (!app.config.runJobs) return;
    const deps = bookingDeps(app);
    const stops: (() => void)[] = [];
    app.addHook('onReady', async () => {
      stops.push(
        every(SWEEP_INTERVAL_MS, app.log, 'expiry sweep', async () => {
          await sweepExpiredOrders(deps);
          await followUpRefunds(deps);
          await seatClosedExams(deps);
        }),
      );
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) stop();
    });
  },
  { name: 'jobs', dependencies: ['config', 'events', 'repositories', 'providers'] },
);
