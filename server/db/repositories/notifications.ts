import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { NotificationsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { exams, notifications, profiles, registrations, users } from '../schema';

/** 09:00 on the exam's clock, `days` calendar days before the exam's date on that clock. */
function reminderMoment(days: number): SQL {
  return sql`(((${exams.startsAt} AT TIME ZONE ${exams.timeZone})::date - ${days}::int) + time '09:00') AT TIME ZONE ${exams.timeZone}`;
}

/** `now` as a timestamptz parameter, for comparisons with computed instants. */
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** No in-app row with this key yet (every notice writes one, so it says the notice was written). */
function notToldYet(db: Db, key: SQL): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(eq(notifications.dedupeKey, sql`${key} || ':inapp'`)),
  );
}

/**
 * Paid registrations (with their exam) of active exams not started by `now`, of accounts not anonymized, that also
 * meet `conditions`: whom the scheduled notices (reminders, ticket releases) go to, in a stable order.
 */
function paidSeatsOfActiveExams(db: Db, now: Date, limit: number, conditions: (SQL | undefined)[]) {
  return db
    .select({ registrationId: registrations.id, userId: registrations.userId, exam: exams })
    .from(registrations)
    .innerJoin(exams, eq(exams.id, registrations.examId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        eq(registrations.status, 'register'),
        eq(exams.status, 'active'),
        isNull(users.anonymizedAt),
        gt(exams.startsAt, now),
        ...conditions,
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(limit);
}

const inApp = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.channel, 'inapp'));

/** The notification outbox (db/schema.ts notifications): rows written beside the change that causes them. */
export function notificationsRepository(db: Db): NotificationsRepository {
  async function unreadCount(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(inApp(userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  return {
    async recipient(userId) {
      const [row] = await db
        .select({
          phone: users.phone,
          locale: users.locale,
          anonymizedAt: users.anonymizedAt,
          email: profiles.email,
          notifySms: profiles.notifySms,
          notifyEmail: profiles.notifyEmail,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      if (!row) return null;
      return {
        phone: row.phone,
        email: row.email ?? '',
        locale: row.locale === 'en-US' ? 'en-US' : 'zh-CN',
        notifySms: row.notifySms ?? true,
        notifyEmail: row.notifyEmail ?? true,
        anonymized: row.anonymizedAt !== null,
      };
    },

    async enqueue(rows) {
      if (rows.length === 0) return;
      await db.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.dedupeKey });
    },

    async claimDue(now, limit, leaseUntil) {
      const due = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.status, 'pending'),
            lte(notifications.nextAttemptAt, now),
            or(isNull(notifications.lockedUntil), lte(notifications.lockedUntil, now)),
          ),
        )
        .orderBy(asc(notifications.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notifications)
        .set({ lockedUntil: leaseUntil })
        .where(inArray(notifications.id, due))
        .returning();
      return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
    },

    async settle(id, lease, outcome) {
      const changed = await db
        .update(notifications)
        .set({ ...outcome, lockedUntil: null })
        .where(and(eq(notifications.id, id), eq(notifications.status, 'pending'), eq(notifications.lockedUntil, lease)))
        .returning({ id: notifications.id });
      return changed.length > 0;
    },

    async inbox(userId, offset, limit) {
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(inApp(userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(notifications).where(inApp(userId)),
        unreadCount(userId),
      ]);
      return { rows, total: total?.n ?? 0, unread };
    },

    unreadCount,

    async markRead(userId, ids, at) {
      const which = ids === 'all' ? undefined : inArray(notifications.id, ids);
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(inApp(userId), isNull(notifications.readAt), which));
    },

    async saveSettings(userId, settings) {
      const profile = {
        ...(settings.sms === undefined ? {} : { notifySms: settings.sms }),
        ...(settings.email === undefined ? {} : { notifyEmail: settings.email }),
      };
      if (Object.keys(profile).length > 0) {
        await db
          .insert(profiles)
          .values({ userId, ...profile })
          .onConflictDoUpdate({ target: profiles.userId, set: profile });
      }
      if (settings.locale) await db.update(users).set({ locale: settings.locale }).where(eq(users.id, userId));
    },

    async dueReminders(days, nextDays, now, limit) {
      const moment = reminderMoment(days);
      return paidSeatsOfActiveExams(db, now, limit, [
        sql`${moment} <= ${at(now)}`,
        sql`${registrations.createdAt} < ${moment}`,
        nextDays === null ? undefined : sql`${reminderMoment(nextDays)} > ${at(now)}`,
        notToldYet(db, sql`'exam.reminder:' || ${registrations.id} || ':' || ${days}::int`),
      ]);
    },

    async releasedTickets(now, defaultReleaseDays, limit) {
      const releaseAt = sql`coalesce(${exams.ticketsReleaseAt}, ${exams.startsAt} - make_interval(days => ${defaultReleaseDays}::int))`;
      return paidSeatsOfActiveExams(db, now, limit, [
        sql`${registrations.seat} IS NOT NULL`,
        sql`${releaseAt} <= ${at(now)}`,
        notToldYet(db, sql`'ticket.released:' || ${registrations.id}`),
      ]);
    },

    async examAudience(examId, statuses) {
      return db
        .select({ registrationId: registrations.id, userId: registrations.userId })
        .from(registrations)
        .where(and(eq(registrations.examId, examId), inArray(registrations.status, statuses)))
        .orderBy(asc(registrations.id));
    },
  };
}
