import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { WaitlistRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { WaitlistEntryRow } from '../rows';
import { exams, waitlistEntries as w } from '../schema';

const LIVE: WaitlistEntryRow['status'][] = ['waiting', 'offered'];
const live = inArray(w.status, LIVE);

/**
 * Waiting lists. The line is served oldest place first (created_at, then id); the domain locks the exam's row before
 * it changes a list, so joins, offers and their endings of one exam never interleave.
 */
export function waitlistRepository(db: Db): WaitlistRepository {
  const liveOf = (examId: string, userId: string) => and(eq(w.examId, examId), eq(w.userId, userId), live);
  return {
    async liveEntry(examId, userId) {
      const [row] = await db.select().from(w).where(liveOf(examId, userId));
      return row;
    },

    async lockLiveEntry(examId, userId) {
      const [row] = await db.select().from(w).where(liveOf(examId, userId)).for('update');
      return row;
    },

    async lastJoinedAt(examId) {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${w.createdAt})`.mapWith(w.createdAt) })
        .from(w)
        .where(eq(w.examId, examId));
      return row?.at ?? null;
    },

    async join(row) {
      const [inserted] = await db.insert(w).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async offerNext(examId, count, now, expiresAt) {
      if (count <= 0) return [];
      const next = db
        .select({ id: w.id })
        .from(w)
        .where(and(eq(w.examId, examId), eq(w.status, 'waiting')))
        .orderBy(asc(w.createdAt), asc(w.id))
        .limit(count)
        .for('update');
      const rows = await db
        .update(w)
        .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
        .where(and(inArray(w.id, next), eq(w.status, 'waiting')))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    },

    async endEntry(id, from, to, now, registrationId) {
      const [row] = await db
        .update(w)
        .set({ status: to, endedAt: now, ...(registrationId ? { registrationId } : {}) })
        .where(and(eq(w.id, id), inArray(w.status, from)))
        .returning();
      return row;
    },

    async closeLine(examId, now) {
      const open = await db
        .select()
        .from(w)
        .where(and(eq(w.examId, examId), live))
        .for('update');
      if (open.length === 0) return [];
      await db
        .update(w)
        .set({ status: 'closed', endedAt: now })
        .where(
          inArray(
            w.id,
            open.map((e) => e.id),
          ),
        );
      return open;
    },

    lapsedOffers(now, limit) {
      return db
        .select()
        .from(w)
        .where(and(eq(w.status, 'offered'), lte(w.offerExpiresAt, now)))
        .orderBy(asc(w.offerExpiresAt))
        .limit(limit);
    },

    async examsToClose(now, limit) {
      const rows = await db
        .selectDistinct({ examId: w.examId })
        .from(w)
        .innerJoin(exams, eq(exams.id, w.examId))
        .where(and(live, or(lte(exams.registrationEndsAt, now), lte(exams.startsAt, now), ne(exams.status, 'active'))))
        .limit(limit);
      return rows.map((r) => r.examId);
    },

    async liveExamsOf(userId) {
      const rows = await db
        .select({ examId: w.examId })
        .from(w)
        .where(and(eq(w.userId, userId), live));
      return rows.map((r) => r.examId);
    },

    entriesOf(userId, limit) {
      return db
        .select({
          id: w.id,
          examId: w.examId,
          userId: w.userId,
          status: w.status,
          createdAt: w.createdAt,
          offeredAt: w.offeredAt,
          offerExpiresAt: w.offerExpiresAt,
          endedAt: w.endedAt,
          registrationId: w.registrationId,
          // Spelled out: inside the subquery drizzle's unqualified column names would mean the subquery's own rows.
          position: sql<number | null>`CASE WHEN waitlist_entries.status = 'waiting' THEN (
            SELECT count(*)::int FROM waitlist_entries o
            WHERE o.exam_id = waitlist_entries.exam_id AND o.status = 'waiting'
              AND (o.created_at, o.id) <= (waitlist_entries.created_at, waitlist_entries.id)
          ) END`.mapWith((value: unknown) => (value === null ? null : Number(value))),
        })
        .from(w)
        .where(eq(w.userId, userId))
        .orderBy(sql`CASE WHEN ${w.status} IN ('waiting', 'offered') THEN 0 ELSE 1 END`, desc(w.createdAt))
        .limit(limit);
    },
  };
}
