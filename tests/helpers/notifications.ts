import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../server/db/schema';
import { deliverNotifications, quietHoursEnd } from '../../server/domain/notificationWorker';
import { notificationDeps } from '../../server/plugins/domainDeps';
import type { TestApp } from './app';

const quietLog = { info() {}, warn() {}, error() {} };

/**
 * Runs the outbox worker the app runs on a timer, at the test clock's time, or at 08:00 Beijing time next when the
 * clock is in the quiet hours (so a test that is not about them passes at any hour it is run).
 */
export function deliverOutbox(t: TestApp) {
  const at = quietHoursEnd(t.clock.now, 'Asia/Shanghai') ?? t.clock.now;
  return deliverNotifications({ ...notificationDeps(t.app), now: () => at, log: quietLog });
}

/** The outbox rows of one account, oldest first. */
export function outboxOf(t: TestApp, userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.channel));
}
