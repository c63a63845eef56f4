import type { RefundTotals, RegistrationView } from '../../../contract';
import type { Config } from '../../config';
import type { ExamSummaryRow, RegistrationRow } from '../../db/rows';
import { lockedFrom } from '../changeLock';
import { toExamSummary } from './exams';

/** A registration as its candidate sees it; a group seat (`groupSeat`) is the coordinator's to change or cancel. */
export function toRegistrationView(
  deps: { config: Pick<Config, 'changeLockHours'>; now: () => Date },
  registration: RegistrationRow,
  exam: ExamSummaryRow,
  orderId: string | null,
  refund: RefundTotals | null,
  groupSeat: RegistrationView['groupSeat'] = null,
): RegistrationView {
  const locked = lockedFrom(deps, exam.exam.startsAt);
  // A group seat is its payer's: the member may neither change nor cancel it.
  const own = groupSeat === null;
  const open = own && deps.now() < locked;
  return {
    id: registration.id,
    status: registration.status,
    exam: toExamSummary(exam),
    createdAt: registration.createdAt.toISOString(),
    orderId,
    checkedInAt: registration.checkedInAt?.toISOString() ?? null,
    lockedFrom: locked.toISOString(),
    canChange: registration.status === 'register' && open,
    // An unpaid hold may always be let go; a paid one only before the lock.
    canCancel: (own && registration.status === 'pending') || (registration.status === 'register' && open),
    groupSeat,
    refund,
  };
}
