import type { ExamCancelResponse } from '../../contract';
import type { OrderRow, PaidOrderTallyRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { releaseHold } from './booking';
import type { CenterDeps } from './center';
import { getCenterExam } from './centerExams';
import { tellExamNews } from './noticeEvents';
import { type OwedRefund, settleRefunds } from './payments';
import { freeingSeats, releaseSeats } from './seats';
import { closeWaitlist } from './waitlist';

const REFUND_REASON = 'exam_canceled';

/**
 * What an order gives back when some of its seats go with the exam: everything left once no registration keeps it
 * in use (a single booking, a change order, a group whose every member is canceled), else the canceled seats' shares.
 */
function refundOf({ order, seats, canceledHere, kept }: PaidOrderTallyRow): number {
  const left = order.totalFen - order.refundBookedFen;
  if (kept === 0) return left;
  return Math.min(Math.floor(order.totalFen / seats) * canceledHere, left);
}

function notEditable(): AppError {
  return new AppError('EXAM_NOT_EDITABLE');
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam of yours has this id.');
}

/**
 * Cancels an exam of the user's center before it starts. In one transaction with the exam locked (bookings of it
 * wait, then find it canceled): the exam -> canceled; every pending order touching it closed and its holds released;
 * every paid registration -> canceled (reason exam_canceled), its seat released and everything paid for it refunded
 * in full, whatever the 72-hour lock says, and each of their candidates told (exam.canceled in the outbox, in the
 * same transaction: the notification worker sends the SMS and e-mail). Then the provider closes the orders and is
 * asked for the refunds (a refusal is retried by the sweeper).
 *
 * Refused with EXAM_NOT_EDITABLE for an exam already canceled (a second cancel changes nothing) or completed, and
 * for one that has started or has a candidate checked in.
 */
export async function cancelExam(deps: CenterDeps, user: UserRow, examId: string): Promise<ExamCancelResponse> {
  const center = await deps.repos.centers.centerOf(user.id);
  if (!center) throw notFound();
  const now = deps.now();
  const outcome = await freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx) => {
      if (!(await tx.exams.exam(examId, center.id))) throw notFound();
      // Orders first, then the exam row: the order every booking path locks them in (see lockOrdersOf).
      await tx.orders.lockOrdersOf(examId);
      const exam = await tx.exams.lockExam(examId, center.id);
      if (!exam) throw notFound();
      if (exam.status === 'canceled' || exam.status === 'completed' || exam.startsAt <= now) throw notEditable();
      await tx.exams.markExamCanceled(exam.id, now);

      // With the exam locked no booking of it can commit any more; orders that came since the first lock join now.
      // Every pending order of the exam is locked, so its holds can change only here: count them, then let them go.
      const pending = (await tx.orders.lockOrdersOf(exam.id)).filter((order) => order.status === 'pending');
      const facts = await tx.exams.examFacts([exam.id]);
      const held = facts.statuses.find((s) => s.status === 'pending')?.n ?? 0;
      const closed: OrderRow[] = [];
      for (const order of pending) {
        if (await releaseHold(tx, freed, order, 'canceled', REFUND_REASON, now)) closed.push(order);
      }
      // A change order moving someone here held a seat too (its registration stays booked at its own exam).
      const released = held + closed.filter((o) => o.purpose === 'change' && o.examId === exam.id).length;

      const canceled = await tx.registrations.cancelPaidRegistrations(exam.id, now);
      // Checked after the update, which waited for any check-in in flight: one that got in first rolls all this back.
      if (await tx.registrations.hasAttendance(exam.id)) throw notEditable();
      const audience = canceled.map((r) => ({ registrationId: r.id, userId: r.userId }));
      await tellExamNews(tx, 'exam.canceled', exam, audience, now);
      await releaseSeats(tx, freed, exam.id, canceled.length);
      await closeWaitlist(tx, freed, exam.id, now);
      const refunds: OwedRefund[] = [];
      for (const paid of await tx.orders.paidOrdersOf(canceled.map((r) => r.id))) {
        const refund = await tx.refunds.owePaymentBack(paid.order.id, refundOf(paid), REFUND_REASON, now);
        if (refund) refunds.push({ refund, totalFen: paid.order.totalFen });
      }
      return { exam, closed, refunds, canceled, released };
    }),
  );

  for (const order of outcome.closed) {
    await deps.payment.closeOrder(order.id).catch((error: unknown) => {
      deps.log.warn({ err: error, orderId: order.id }, 'provider closeOrder failed for a canceled exam');
    });
  }
  await settleRefunds(deps, outcome.refunds);

  return {
    exam: await getCenterExam(deps, user, examId),
    refunded: outcome.canceled.length,
    released: outcome.released,
    notified: outcome.canceled.length,
  };
}
