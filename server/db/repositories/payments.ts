import type { PaymentsRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { paymentEvents } from '../schema';

/** The audit trail of every payment and refund notification, applied or refused. */
export function paymentsRepository(db: Db): PaymentsRepository {
  return {
    async recordPaymentEvent(event) {
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
