import { and, asc, count, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RefundsRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import type { RefundStatus } from '../rows';
import { exams, orderItems, orders, refunds, users } from '../schema';

/** The states a refund is still owed in: the sweeper asks the provider about them. */
const OPEN: RefundStatus[] = ['requested', 'processing'];

/** The refunds owed to payers: booked against an order, exchanged with the provider, settled once. */
export function refundsRepository(db: Db): RefundsRepository {
  return {
    /**
     * Books a refund against an order: one conditional update, so the order never gives back more than it took,
     * and a requested refunds row, due at once. Nothing counts as refunded until the provider confirms it.
     * Undefined when nothing is left to give back.
     */
    async owePaymentBack(orderId, amountFen, reason, at, manual) {
      if (amountFen <= 0) return undefined;
      const [order] = await db
        .update(orders)
        .set({ refundBookedFen: sql`${orders.refundBookedFen} + ${amountFen}` })
        .where(and(eq(orders.id, orderId), sql`${orders.refundBookedFen} + ${amountFen} <= ${orders.totalFen}`))
        .returning({ id: orders.id });
      if (!order) return undefined;
      const [row] = await db
        .insert(refunds)
        .values({ id: uuidv7(at.getTime()), orderId, amountFen, reason, nextAttemptAt: at, createdAt: at, ...manual })
        .returning();
      return row;
    },

    /**
     * Takes one refund for an exchange with the provider if it is still owed and due: its next attempt moves to
     * `leaseUntil`, so no sweeper (of any instance) takes it meanwhile. False when someone else has it or it is settled.
     */
    async claimRefund(id, now, leaseUntil) {
      const rows = await db
        .update(refunds)
        .set({ nextAttemptAt: leaseUntil })
        .where(and(eq(refunds.id, id), inArray(refunds.status, OPEN), lte(refunds.nextAttemptAt, now)))
        .returning({ id: refunds.id });
      return rows.length === 1;
    },

    /**
     * Takes up to `limit` refunds that are due, the longest waiting first, and leases them as claimRefund does.
     * Rows another instance is taking at this moment are skipped (FOR UPDATE SKIP LOCKED), never waited for.
     */
    async claimDueRefunds(now, limit, leaseUntil) {
      const due = db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(inArray(refunds.status, OPEN), lte(refunds.nextAttemptAt, now)))
        .orderBy(asc(refunds.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(refunds)
        .set({ nextAttemptAt: leaseUntil })
        .where(inArray(refunds.id, due))
        .returning({ id: refunds.id });
      if (claimed.length === 0) return [];
      return db
        .select({ refund: refunds, totalFen: orders.totalFen })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(
          inArray(
            refunds.id,
            claimed.map((r) => r.id),
          ),
        )
        .orderBy(asc(refunds.createdAt));
    },

    /** One refund with its order's total and provider. */
    async refundWithOrder(id) {
      const [row] = await db
        .select({ refund: refunds, order: { id: orders.id, totalFen: orders.totalFen, provider: orders.provider } })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(refunds.id, id));
      return row;
    },

    /**
     * The provider confirmed the money is back: the refund succeeds and counts on its order, which is refunded once
     * all it took is back. Any state but succeeded moves (a refund given up as failed may still be paid out late);
     * false when it had already succeeded, so a replayed confirmation counts once. Two statements: run it in a unit
     * of work.
     */
    async refundSucceeded(id, providerRefundId, at) {
      const [done] = await db
        .update(refunds)
        .set({ status: 'succeeded', providerRefundId, completedAt: at, lastError: null })
        .where(and(eq(refunds.id, id), ne(refunds.status, 'succeeded')))
        .returning({ orderId: refunds.orderId, amountFen: refunds.amountFen });
      if (!done) return false;
      await db
        .update(orders)
        .set({
          refundedFen: sql`${orders.refundedFen} + ${done.amountFen}`,
          status: sql`CASE WHEN ${orders.refundedFen} + ${done.amountFen} = ${orders.totalFen} THEN 'refunded'::order_status ELSE ${orders.status} END`,
        })
        .where(eq(orders.id, done.orderId));
      return true;
    },

    /** The provider accepted the refund and pays it out later: asked about again at `nextAttemptAt`. */
    async refundProcessing(id, providerRefundId, nextAttemptAt) {
      await db
        .update(refunds)
        .set({ status: 'processing', providerRefundId, nextAttemptAt, lastError: null })
        .where(and(eq(refunds.id, id), inArray(refunds.status, OPEN)));
    },

    /** An exchange failed: counted, its error kept, and the refund tried again at `nextAttemptAt`. */
    async refundRetryLater(id, attempts, lastError, nextAttemptAt) {
      await db
        .update(refunds)
        .set({ attempts, lastError, nextAttemptAt })
        .where(and(eq(refunds.id, id), inArray(refunds.status, OPEN)));
    },

    /**
     * The refund is given up: the provider closed it or could not pay it out, or every attempt failed. Its amount
     * stays booked on the order (it is still owed; an operator settles this very refund). False when it was no
     * longer open.
     */
    async refundFailed(id, change, at) {
      const rows = await db
        .update(refunds)
        .set({ ...change, status: 'failed', completedAt: at })
        .where(and(eq(refunds.id, id), inArray(refunds.status, OPEN)))
        .returning({ id: refunds.id });
      return rows.length === 1;
    },

    /**
     * Refunds given up as failed, the longest owed first, with their order, its payer, its exam and the operator who
     * asked for a manual one: what an operator has to settle.
     */
    async failedRefunds(offset, limit) {
      const failed = eq(refunds.status, 'failed');
      const requester = alias(users, 'requester');
      const [found, totals] = await Promise.all([
        db
          .select({
            refund: refunds,
            order: {
              id: orders.id,
              userId: orders.userId,
              totalFen: orders.totalFen,
              provider: orders.provider,
              providerTransactionId: orders.providerTransactionId,
            },
            payer: { id: users.id, name: users.name, phone: users.phone },
            exam: { id: exams.id, code: exams.code, nameZh: exams.nameZh, nameEn: exams.nameEn },
            requester: { id: requester.id, name: requester.name },
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .innerJoin(users, eq(users.id, orders.userId))
          .innerJoin(exams, eq(exams.id, orders.examId))
          .leftJoin(requester, eq(requester.id, refunds.requestedBy))
          .where(failed)
          .orderBy(asc(refunds.createdAt), asc(refunds.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(refunds).where(failed),
      ]);
      const rows = found.map(({ requester: by, ...row }) => ({ ...row, requestedBy: by?.id ? by : null }));
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /**
     * An operator asks again for a refund given up as failed: it is requested again, its attempts start over and
     * it is due now, so the sweeper sends it as any other. Its last error stays until an exchange succeeds.
     * Undefined when it was not failed.
     */
    async retryFailedRefund(id, now) {
      const [row] = await db
        .update(refunds)
        .set({ status: 'requested', attempts: 0, nextAttemptAt: now, completedAt: null })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'failed')))
        .returning();
      return row;
    },

    /** The refunds of these orders, oldest first. */
    refundsOfOrders(orderIds) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
    },

    /**
     * The refunds of the user's orders that each paid for one of these registrations alone (its booking or change
     * orders, not a group's), by registration.
     */
    async refundsOfRegistrations(registrationIds, userId) {
      if (registrationIds.length === 0) return [];
      const soleItem = sql`(SELECT count(*) FROM ${orderItems} AS other WHERE other.order_id = ${orders.id}) = 1`;
      return db
        .select({ registrationId: orderItems.registrationId, refund: refunds })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(refunds, eq(refunds.orderId, orders.id))
        .where(and(inArray(orderItems.registrationId, registrationIds), eq(orders.userId, userId), soleItem));
    },
  };
}
