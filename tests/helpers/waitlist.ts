import { and, asc, eq, sql } from 'drizzle-orm';
import { exams, notifications, registrations, waitlistEntries } from '../../server/db/schema';
import { sweepWaitlists } from '../../server/domain/waitlist';
import type { TestApp } from './app';
import { sandboxOf } from './booking';

const quietLog = { info() {}, warn() {}, error() {} };

/** Runs the waiting lists' job the app runs on a timer, at the test clock's time (tests advance it first). */
export function sweepWaitlistsNow(t: TestApp) {
  return sweepWaitlists({
    repos: t.app.repos,
    uow: t.app.uow,
    links: t.app.links,
    payment: sandboxOf(t),
    config: t.config,
    now: () => t.clock.now,
    log: quietLog,
    seats: t.app.seats,
    seatBatches: t.app.seatBatches,
    recentExams: t.app.recentExams,
  });
}

/** An exam's places in line order, as the database holds them. */
export function placesOf(t: TestApp, examId: string) {
  return t.database.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.examId, examId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** The outbox rows of one event for one candidate (every channel). */
export function outboxOf(t: TestApp, userId: string, event: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, event)));
}

/**
 * The seat accounting of an exam: seats taken, capacity, live registrations (pending, booked, checked in) and open
 * offers (seats held for the waiting list), and how many still wait.
 */
export async function seatLedger(t: TestApp, examId: string) {
  const [exam] = await t.database.db
    .select({ taken: exams.seatsTaken, capacity: exams.capacity })
    .from(exams)
    .where(eq(exams.id, examId));
  const [live] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.examId, examId), sql`${registrations.status} IN ('pending', 'register', 'checkin')`));
  const places = await placesOf(t, examId);
  if (!exam) throw new Error(`no exam ${examId}`);
  return {
    taken: exam.taken,
    capacity: exam.capacity,
    live: Number(live?.n ?? 0),
    offered: places.filter((p) => p.status === 'offered').length,
    waiting: places.filter((p) => p.status === 'waiting').length,
  };
}
