import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { SupportRepository } from '../../domain/ports';
import type { Db } from '../client';
import {
  avatars,
  documents,
  exams,
  groupRegistrations,
  notifications,
  orderItems,
  orders,
  otpCodes,
  profiles,
  refunds,
  registrations,
  results,
  sessions,
  users,
  waitlistEntries,
} from '../schema';
import { examBriefColumns } from './exams';

/** Candidates as support looks them up: individual accounts with their registrations and orders. */
export function supportRepository(db: Db): SupportRepository {
  const candidateRows = (where: SQL | undefined, now: Date) =>
    db
      .select({
        user: {
          id: users.id,
          phone: users.phone,
          name: users.name,
          createdAt: users.createdAt,
          anonymizedAt: users.anonymizedAt,
        },
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

  /** `SELECT count(*)` of a subquery, as an int column. */
  const counted = (query: SQL) => sql<number>`(SELECT count(*)::int ${query})`;

  return {
    candidates(match, now) {
      const where = 'phone' in match ? eq(users.phone, match.phone) : eq(profiles.idNumber, match.idNumber);
      return candidateRows(where, now);
    },

    async candidate(userId, now, forUpdate = false) {
      const rows = candidateRows(eq(users.id, userId), now);
      const [row] = await (forUpdate ? rows.for('update', { of: users }) : rows);
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

    async erasureFacts(userId) {
      const own = (table: SQL, column: SQL) => counted(sql`FROM ${table} WHERE ${column} = ${userId}`);
      const theirOrders = sql`SELECT ${orders.id} FROM ${orders} WHERE ${orders.userId} = ${userId}`;
      const theirRegistrations = sql`SELECT ${registrations.id} FROM ${registrations}
        WHERE ${registrations.userId} = ${userId}`;
      const [facts] = await db
        .select({
          live: counted(sql`FROM ${registrations} WHERE ${registrations.userId} = ${userId}
            AND ${registrations.status} IN ('pending', 'register', 'checkin')`),
          payments: counted(sql`FROM ${orders} WHERE ${orders.status} IN ('paid', 'refunded') AND (
            ${orders.userId} = ${userId} OR ${orders.id} IN (SELECT ${orderItems.orderId} FROM ${orderItems}
              WHERE ${orderItems.registrationId} IN (${theirRegistrations})))`),
          registrations: own(sql`${registrations}`, sql`${registrations.userId}`),
          orders: own(sql`${orders}`, sql`${orders.userId}`),
          refunds: counted(sql`FROM ${refunds} WHERE ${refunds.orderId} IN (${theirOrders})`),
          results: counted(sql`FROM ${results} WHERE ${results.registrationId} IN (${theirRegistrations})`),
          certificates: counted(sql`FROM ${results} WHERE ${results.registrationId} IN (${theirRegistrations})
            AND ${results.certificateNumber} IS NOT NULL`),
          groups: own(sql`${groupRegistrations}`, sql`${groupRegistrations.coordinatorId}`),
          profiles: own(sql`${profiles}`, sql`${profiles.userId}`),
          avatars: own(sql`${avatars}`, sql`${avatars.userId}`),
          documents: own(sql`${documents}`, sql`${documents.ownerId}`),
          sessions: own(sql`${sessions}`, sql`${sessions.userId}`),
        })
        .from(sql`(SELECT 1) AS one`);
      if (!facts) throw new Error('erasureFacts: the count query answered no row');
      return facts;
    },

    async eraseAccount(userId, phone) {
      const theirOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
      const theirRegistrations = db
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.userId, userId));
      await db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId));
      await db
        .delete(orderItems)
        .where(or(inArray(orderItems.orderId, theirOrders), inArray(orderItems.registrationId, theirRegistrations)));
      await db.delete(groupRegistrations).where(eq(groupRegistrations.coordinatorId, userId));
      await db.delete(orders).where(eq(orders.userId, userId));
      await db.delete(registrations).where(eq(registrations.userId, userId));
      await db.delete(otpCodes).where(and(eq(otpCodes.phone, phone), eq(otpCodes.kind, 'individual')));
      await db.delete(notifications).where(eq(notifications.userId, userId));
      await db.delete(users).where(eq(users.id, userId));
    },

    async anonymizeAccount(userId, now) {
      await db
        .update(profiles)
        .set({
          idNumber: '',
          email: '',
          contactPhone: '',
          address: '',
          provinceCode: null,
          cityCode: null,
          dateOfBirth: null,
          gender: null,
          avatarId: null,
          updatedAt: now,
        })
        .where(eq(profiles.userId, userId));
      await db.delete(avatars).where(eq(avatars.userId, userId));
      await db
        .update(groupRegistrations)
        .set({ coordinatorName: '', coordinatorPhone: '' })
        .where(eq(groupRegistrations.coordinatorId, userId));
      await db
        .update(users)
        .set({ phone: '', name: '', avatarSmall: null, anonymizedAt: now })
        .where(eq(users.id, userId));
    },
  };
}
