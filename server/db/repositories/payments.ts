import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { orders, paymentEvents, refunds } from '../schema';

export type PaymentOutcome = 'applied' | 'duplicate' | 'late_refunded' | 'rejected';
export type RefundRow = typeof refunds.$inferSelect;

/** The payment ledger: the audit trail of notifications and the refunds owed to candidates. */
export function paymentRecords(db: Db) {
  return {
    async recordPaymentEvent(event: {
      provider: string;
      orderId: string | null;
      outcome: PaymentOutcome;
      detail: string;
      at: Date;
    }) {
      await db.insert(paymentEvents).values({
        id: uuidv7(event.at.getTime()),
        provider: event.provider,
        orderId: event.orderId,
        outcome: event.outcome,
        detail: event.detail,
        receivedAt: event.at,
      });
    },

    /**
     * Books a refund against an order: one conditional update, so the order never gives back more than it took,
     * and a pending refunds row the caller completes once the provider accepted it. Undefined when nothing is left.
     */
    async owePaymentBack(orderId: string, amountFen: number, reason: string, at: Date): Promise<RefundRow | undefined> {
      if (amountFen <= 0) return undefined;
      const [order] = await db
        .update(orders)
        .set({
          refundedFen: sql`${orders.refundedFen} + ${amountFen}`,
          status: sql`CASE WHEN ${orders.refundedFen} + ${amountFen} = ${orders.totalFen} THEN 'refunded'::order_status ELSE ${orders.status} END`,
        })
        .where(and(eq(orders.id, orderId), sql`${orders.refundedFen} + ${amountFen} <= ${orders.totalFen}`))
        .returning({ id: orders.id });
      if (!order) return undefined;
      const [row] = await db
        .insert(refunds)
        .values({ id: uuidv7(at.getTime()), orderId, amountFen, reason, createdAt: at })
        .returning();
      return row;
    },

    async completeRefund(id: string, result: { providerRefundId: string } | 'failed', at: Date) {
      await db
        .update(refunds)
        .set(
          result === 'failed'
            ? { status: 'failed' }
            : { status: 'succeeded', providerRefundId: result.providerRefundId, completedAt: at },
        )
        .where(eq(refunds.id, id));
    },

    /** Refunds the provider has not accepted yet (failed, or pending since before `before`), oldest first. */
    async unfinishedRefunds(before: Date, limit: number) {
      return db
        .select({ refund: refunds, totalFen: orders.totalFen })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(and(inArray(refunds.status, ['pending', 'failed']), lte(refunds.createdAt, before)))
        .orderBy(refunds.createdAt)
        .limit(limit);
    },
  };
}
