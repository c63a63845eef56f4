import type { OpsFailedRefund, OpsRefund } from '../../contract';
import type { FailedRefundRow, RefundRow } from '../db/rows';
import { AppError } from '../errors';
import { type Actor, record } from './audit';
import type { Repositories, UnitOfWork } from './ports';

/** Refunds as operators with `finance` settle them. */
export interface RefundDeskDeps {
  repos: Pick<Repositories, 'refunds'>;
  uow: UnitOfWork;
  now: () => Date;
}

/** A refund as operators see it; who asked for a manual one is joined by the caller that needs it. */
export function toOpsRefund(refund: RefundRow): OpsRefund {
  return {
    id: refund.id,
    orderId: refund.orderId,
    amountFen: refund.amountFen,
    reason: refund.reason,
    note: refund.note,
    requestedBy: null,
    state: refund.status,
    requestedAt: refund.createdAt.toISOString(),
    completedAt: refund.completedAt?.toISOString() ?? null,
    attempts: refund.attempts,
    lastError: refund.lastError,
  };
}

export function toOpsFailedRefund(row: FailedRefundRow): OpsFailedRefund {
  return {
    ...toOpsRefund(row.refund),
    requestedBy: row.requestedBy,
    order: {
      id: row.order.id,
      totalFen: row.order.totalFen,
      provider: row.order.provider,
      transactionId: row.order.providerTransactionId,
      payer: row.payer,
      exam: { id: row.exam.id, code: row.exam.code, name: { zh: row.exam.nameZh, en: row.exam.nameEn } },
    },
  };
}

/**
 * Asks the provider again for a refund given up as failed: it is requested again with its attempts reset and due
 * now, so the refund sweeper sends it as any other, and the audit row says who asked. Only a failed refund
 * (REFUND_NOT_FAILED, nothing written).
 */
export async function retryRefund(deps: RefundDeskDeps, actor: Actor & { id: string }, refundId: string) {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const found = await tx.refunds.refundWithOrder(refundId);
    if (!found) throw new AppError('NOT_FOUND');
    const retried = await tx.refunds.retryFailedRefund(refundId, now);
    if (!retried) throw new AppError('REFUND_NOT_FAILED');
    const { refund } = found;
    await record(tx.audit, actor, now, {
      action: 'refund.retry',
      target: { type: 'refund', id: refundId, label: `order ${refund.orderId}` },
      before: { status: refund.status, attempts: refund.attempts, lastError: refund.lastError },
      after: { status: retried.status, attempts: retried.attempts, nextAttemptAt: retried.nextAttemptAt.toISOString() },
    });
    return toOpsRefund(retried);
  });
}
