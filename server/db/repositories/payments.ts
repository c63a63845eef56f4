import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { paymentEvents } from '../schema';

export type PaymentOutcome = 'applied' | 'duplicate' | 'late_refunded' | 'rejected';
/** What a refund notification did: moved its refund, found it already there, or was refused. */
export type RefundNotificationOutcome = 'refund_succeeded' | 'refund_failed' | 'refund_duplicate' | 'rejected';

/** The audit trail of every payment and refund notification, applied or refused. */
export function paymentsRepository(db: Db) {
  return {
    async recordPaymentEvent(event: {
      provider: string;
      orderId: string | null;
      outcome: PaymentOutcome | RefundNotificationOutcome;
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
  };
}
