import type { OrderView } from '../../../contract';
import type { ExamBriefRow, OrderRow, RefundRow } from '../../db/rows';
import { toExamBrief } from './exams';
import { toRefundView } from './refunds';

/** An order as its payer sees it, with its refunds (none for an order just made). */
export function toOrderView(order: OrderRow, exam: ExamBriefRow, refunds: RefundRow[]): OrderView {
  return {
    id: order.id,
    purpose: order.purpose,
    status: order.status,
    breakdown: order.breakdown,
    exam: toExamBrief(exam),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    transactionId: order.providerTransactionId,
    qrContent: order.status === 'pending' ? order.qrContent : null,
    refundedFen: order.refundedFen,
    refunds: refunds.map(toRefundView),
  };
}
