import type { ExamRow, OrderRow } from '../db/rows';
import { noticeExamOf, notify } from './notify';
import type { Repositories } from './ports';

/**
 * The notices business changes write, each inside the transaction of the change (`tx`), so a notice exists exactly
 * when its change committed. Each names its occurrence in a stable dedupe key: told twice, written once.
 */
type Tx = Pick<Repositories, 'notifications' | 'exams' | 'orders' | 'refunds'>;

/** A booking order is paid: its payer (the candidate, or a group's coordinator for all its seats) is told. */
export async function tellBookingPaid(tx: Tx, order: OrderRow, seats: number, now: Date): Promise<void> {
  const exam = await tx.exams.exam(order.examId);
  if (!exam) return;
  await notify(
    tx,
    {
      userId: order.userId,
      event: 'booking.paid',
      key: `booking.paid:${order.id}`,
      params: { exam: noticeExamOf(exam), orderId: order.id, seats, totalFen: order.totalFen },
    },
    now,
  );
}

/** A refund reached succeeded: the payer is told the amount is back. */
export async function tellRefundCompleted(tx: Tx, refundId: string, now: Date): Promise<void> {
  const row = await tx.refunds.refundWithOrder(refundId);
  const order = row && (await tx.orders.orderWithExam(row.order.id));
  const exam = order && (await tx.exams.exam(order.order.examId));
  if (!row || !order || !exam) return;
  await notify(
    tx,
    {
      userId: order.order.userId,
      event: 'refund.completed',
      key: `refund.completed:${refundId}`,
      params: { exam: noticeExamOf(exam), orderId: order.order.id, amountFen: row.refund.amountFen },
    },
    now,
  );
}

/** Tells each of these registrations' candidates the same news of their exam (canceled, changed, results out). */
export async function tellExamNews(
  tx: Tx,
  event: 'exam.canceled' | 'exam.changed' | 'result.published',
  exam: ExamRow,
  audience: { registrationId: string; userId: string }[],
  now: Date,
): Promise<void> {
  const noticeExam = noticeExamOf(exam);
  // A change is told once per change: the instant names it (a later change back is news again).
  const occurrence = event === 'exam.changed' ? `:${now.getTime()}` : '';
  for (const { registrationId, userId } of audience) {
    await notify(
      tx,
      {
        userId,
        event,
        key: `${event}:${registrationId}${occurrence}`,
        params: { exam: noticeExam, registrationId },
      },
      now,
    );
  }
}
