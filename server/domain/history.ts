import type { ResultView, TransactionList } from '../../contract';
import type { UserRow } from '../db/rows';
import type { BookingDeps } from './deps';
import { toExamBrief } from './views/exams';
import { refundTotalsOf } from './views/refunds';

/** The user's orders, newest first: what was paid for what, and what came back, is on its way back or failed to. */
export async function listTransactions(
  deps: BookingDeps,
  user: UserRow,
  query: { current: number; pageSize: number },
): Promise<TransactionList> {
  const { current, pageSize } = query;
  const { rows, total } = await deps.repos.orders.ordersPage(user.id, (current - 1) * pageSize, pageSize);
  const refunds = await deps.repos.refunds.refundsOfOrders(rows.map(({ order }) => order.id));
  return {
    list: rows.map(({ order, exam }) => ({
      orderId: order.id,
      purpose: order.purpose,
      paymentDate: order.paidAt?.toISOString() ?? null,
      transactionId: order.providerTransactionId,
      examName: { zh: exam.nameZh, en: exam.nameEn },
      unitPriceFen: order.breakdown.unitPriceFen,
      quantity: order.breakdown.quantity,
      totalFen: order.totalFen,
      ...refundTotalsOf(refunds.filter((refund) => refund.orderId === order.id)),
      status: order.status,
      createdAt: order.createdAt.toISOString(),
    })),
    total,
    current,
    pageSize,
  };
}

/** Results of the user's booked registrations; the outcome stays null until the test center publishes it. */
export async function listResults(deps: BookingDeps, user: UserRow): Promise<ResultView[]> {
  const rows = await deps.repos.results.resultsOf(user.id);
  return rows.map(({ registration, exam, result }) => ({
    registrationId: registration.id,
    exam: toExamBrief(exam),
    registrationStatus: registration.status,
    outcome: result?.outcome ?? null,
    certificateNumber: result?.certificateNumber ?? null,
    publishedAt: result?.publishedAt?.toISOString() ?? null,
  }));
}
