import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredOrders } from '../domain/booking';
import { deliverNotifications } from '../domain/notificationWorker';
import { followUpRefunds } from '../domain/payments';
import { writeReminders, writeTicketReleases } from '../domain/scheduledNotices';
import { seatClosedExams } from '../domain/seating';
import { sweepWaitlists } from '../domain/waitlist';
import { bookingDeps, notificationDeps } from './domainDeps';

/**
 * How often expired holds are swept, lapsed waiting-list offers passed on and closed lists closed, refunds still owed
 * followed up, exams whose registration closed seated, and reminders and ticket releases written to the outbox.
 */
const SWEEP_INTERVAL_MS = 20_000;
/** How often the outbox is delivered: a notice goes out within seconds of the change that caused it. */
const OUTBOX_INTERVAL_MS = 3_000;

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
 * Work on a timer rather than a request: the sweeper expires unpaid holds (releasing their seats), lapses waiting-list
 * offers past their time and closes the lists of exams that stopped taking bookings (domain/waitlist.ts), follows up
 * refunds still owed (asks again for refused ones, queries those the provider is processing), seats the candidates of
 * exams whose registration has closed (domain/seating.ts seatClosedExams) and writes the reminders and ticket
 * releases that came due (domain/scheduledNotices.ts); the outbox worker (domain/notificationWorker.ts) delivers
 * notifications. They start once the app is ready and stop when it closes. Tests (APP_ENV=test) run them explicitly
 * after moving their clock, so no timer runs there; of a cluster's workers (WORKERS), only the one server/main.ts
 * names runs the sweeper, while every worker delivers the outbox.
 */
export const jobsPlugin = fp(
  async (app) => {
    if (app.config.appEnv === 'test') return;
    const deps = bookingDeps(app);
    const notices = notificationDeps(app);
    const stops: (() => void)[] = [];
    app.addHook('onReady', async () => {
      // Every instance delivers the outbox: each claims its own rows, so more instances only deliver sooner.
      stops.push(
        every(OUTBOX_INTERVAL_MS, app.log, 'notification delivery', () => deliverNotifications(notices).then()),
      );
      if (!app.config.runJobs) return;
      stops.push(
        every(SWEEP_INTERVAL_MS, app.log, 'expiry sweep', async () => {
          await sweepExpiredOrders(deps);
          await sweepWaitlists(deps);
          await followUpRefunds(deps);
          await seatClosedExams(deps);
          await writeReminders(notices);
          await writeTicketReleases(notices);
        }),
      );
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) stop();
    });
  },
  { name: 'jobs', dependencies: ['config', 'events', 'repositories', 'providers'] },
);
