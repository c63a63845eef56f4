import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { SupportRepository } from '../../domain/ports';
import type { Db } from '../client';
import { exams, orderItems, orders, profiles, refunds, registrations, results, sessions, users } from '../schema';
import { examBriefColumns } from './exams';

/** Candidates as support looks them up: individual accounts with their registrations and orders. */
export function supportRepository(db: Db): SupportRepository {
  const candidateRows = (where: SQL | undefined, now: Date) =>
    db
      .select({
        user: { id: users.id, phone: users.phone, name: users.name, createdAt: users.createdAt },
        idNumber: sql<string>`coalesce(${profiles.idNumber}, '')`,
        activeSessions: sql<number>`(SELECT count(*)::int FROM ${sessions} WHERE ${sessions.userId} = ${users.id}
          AND ${sessions.revokedAt} IS NULL AND ${sessions.expiresAt} > ${now.toISOString()}::timestamptz)`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.kind, 'individual'), where))
      .orderBy(asc(users.createdAt), asc(users.id));

  /** What an order's refunds in these states add up to. */
  const refundSum = (states: string) =>
    sql<number>`(SELECT coalesce(sum(${refunds.amountFen}), 0)::int FROM ${refunds}
      WHERE ${refunds.orderId} = ${orders.id} AND ${refunds.status}::text IN ${sql.raw(states)})`;

  return {
    candidates(match, now) {
      const where = 'phone' in match ? eq(users.phone, match.phone) : eq(profiles.idNumber, match.idNumber);
      return candidateRows(where, now);
    },

    async candidate(userId, now) {
      const [row] = await candidateRows(eq(users.id, userId), now);
      return row;
    },

    registrationsOf(userId) {
      return db
        .select({
          registration: {
            id: registrations.id,
            status: registrations.status,
            createdAt: registrations.createdAt,
            checkedInAt: registrations.checkedInAt,
          },
          exam: examBriefColumns,
          outcome: results.outcome,
        })
        .from(registrations)
        .innerJoin(exams, eq(exams.id, registrations.examId))
        .leftJoin(results, and(eq(results.registrationId, registrations.id), isNotNull(results.publishedAt)))
        .where(eq(registrations.userId, userId))
        .orderBy(desc(registrations.createdAt), desc(registrations.id));
    },

    ordersOf(userId) {
      return db
        .select({
          order: orders,
          payer: { id: users.id, name: users.name, phone: users.phone },
          exam: { id: exams.id, code: exams.code, nameZh: exams.nameZh, nameEn: exams.nameEn },
          quantity: sql<number>`(SELECT count(*)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
          refundPendingFen: refundSum(`('requested', 'processing')`),
          refundFailedFen: refundSum(`('failed')`),
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(exams, eq(exams.id, orders.examId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },
  };
}
