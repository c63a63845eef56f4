import type { RefundState, RefundTotals, RefundView } from '../../../contract';
import type { RefundRow, RefundStatus } from '../../db/rows';

/** The payer's view of a refund's state: one the provider is still processing is requested to them (pending). */
function payerRefundState(status: RefundStatus): RefundState {
  return status === 'processing' ? 'requested' : status;
}

export function toRefundView(refund: RefundRow): RefundView {
  return {
    id: refund.id,
    amountFen: refund.amountFen,
    reason: refund.reason,
    state: payerRefundState(refund.status),
    requestedAt: refund.createdAt.toISOString(),
    completedAt: refund.completedAt?.toISOString() ?? null,
  };
}

/** What these refunds amount to in each of the payer's states. */
export function refundTotalsOf(rows: RefundRow[]): RefundTotals {
  const totals = { refundedFen: 0, refundPendingFen: 0, refundFailedFen: 0 };
  for (const refund of rows) {
    const state = payerRefundState(refund.status);
    if (state === 'succeeded') totals.refundedFen += refund.amountFen;
    else if (state === 'failed') totals.refundFailedFen += refund.amountFen;
    else totals.refundPendingFen += refund.amountFen;
  }
  return totals;
}
