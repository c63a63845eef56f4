/**
 * The operators' console of `npm run dev`: its operators, the centers verification queue, the catalog as operators
 * edit it, promotions, the audit log, orders and refunds with the provider's ledger, and the candidates support
 * looks up. A phone ending in 9999 is an operator with every permission, one ending in
 * 8999 one with only the centers permission; an invited phone logs in too. State lives here, in mock/lib, because the
 * test center's mock reads a center's verification. Excluded from Umi's mock glob.
 */
import {
  type AuditAction,
  type AuditEntry,
  type CandidatePhoto,
  type CenterVerification,
  type CurrentUser,
  OPS_PERMISSIONS,
  type Operator,
  type OpsCandidate,
  type OpsCandidateDetail,
  type OpsCategory,
  type OpsCenter,
  type OpsOrderDetail,
  type OpsOrderRow,
  type OpsOrganization,
  type OpsPermission,
  type OpsRefund,
  type PhotoRejection,
  type Promotion,
} from '../../contract';
import { creditCodeCheck, creditCodeCheckCharacter } from '../../contract/creditCode';
import { maskIdCard } from '../../contract/idcard';
import { isNewAccount } from './accounts';
import { categories, centerAt, exams, history, type MockExam, newId, organizations, person } from './fixtures';
import { refuse } from './http';

type OperatorUser = Extract<CurrentUser, { kind: 'operator' }>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** phone -> the operator. */
export const operators = new Map<string, Operator>();

function addOperator(phone: string, name: string, permissions: OpsPermission[], invitedBy: Operator | null): Operator {
  const added: Operator = {
    id: newId(),
    phone,
    name,
    permissions,
    invitedAt: new Date().toISOString(),
    invitedBy: invitedBy ? { id: invitedBy.id, name: invitedBy.name } : null,
    lastLoginAt: null,
  };
  operators.set(phone, added);
  return added;
}

const first = addOperator('+8613800139999', 'Wang Fang', [...OPS_PERMISSIONS], null);
addOperator('+8613800138999', 'Zhao Lei', ['centers'], first);

/** The operator a phone logs in as: a listed one, or (for any phone ending in 9999) a new one with every permission. */
export function operatorOf(phone: string): Operator | undefined {
  if (!operators.has(phone) && phone.endsWith('9999')) addOperator(phone, '', [...OPS_PERMISSIONS], null);
  if (!operators.has(phone) && phone.endsWith('8999')) addOperator(phone, '', ['centers'], first);
  return operators.get(phone);
}

export function sessionUserOf(operator: Operator): OperatorUser {
  const { id, phone, name, permissions } = operator;
  return { id, kind: 'operator', phone, name, avatar_small: null, permissions };
}

/** Every audit row, newest first. */
export const audit: AuditEntry[] = [];

/** Records what an operator did; every change of the console calls it. */
export function record(
  actor: OperatorUser,
  action: AuditAction,
  target: AuditEntry['target'],
  before: object | null,
  after: object | null,
  at = new Date().toISOString(),
) {
  const snapshot = (value: object | null) => (value ? { ...value } : null);
  audit.unshift({
    id: newId(),
    at,
    actor: { id: actor.id, name: actor.name, phone: actor.phone },
    action,
    target,
    before: snapshot(before),
    after: snapshot(after),
    address: '127.0.0.1',
  });
}

const withCheckCharacter = (first17: string) => `${first17}${creditCodeCheckCharacter(first17)}`;

/** The audit action that leaves a center in each decided status. */
const DECISIONS: Partial<Record<CenterVerification['status'], AuditAction>> = {
  approved: 'center.approve',
  rejected: 'center.reject',
  suspended: 'center.suspend',
};

/** center id -> its place in the queue. */
export const centers = new Map<string, OpsCenter>();

function queue(
  n: number,
  taxId: string,
  verification: CenterVerification,
  submittedDaysAgo: number,
  decidedBy: Operator | null = null,
) {
  const center = centerAt(n);
  centers.set(center.id, {
    id: center.id,
    businessName: center.name.zh,
    licenseUrl: '/logo.svg',
    licenseContentType: 'image/svg+xml',
    taxId,
    taxIdCheck: creditCodeCheck(taxId),
    contactName: `联系人${n}`,
    contactPhone: `+861390013${String(9000 + n)}`,
    address: `${center.province.name} ${center.city.name} ${center.location.zh}`,
    verification,
    submittedAt: daysAgo(submittedDaysAgo),
    decidedBy: decidedBy ? { id: decidedBy.id, name: decidedBy.name } : null,
  });
  const decision = DECISIONS[verification.status];
  if (decidedBy && decision) {
    const target = { type: 'center', id: center.id, label: center.name.zh };
    const before = { status: verification.status === 'suspended' ? 'approved' : 'pending' };
    record(sessionUserOf(decidedBy), decision, target, before, verification, verification.decidedAt ?? undefined);
  }
}

const pending: CenterVerification = { status: 'pending', reason: null, decidedAt: null };
queue(1, withCheckCharacter('91110105MA01ABCD1'), pending, 3);
// A tax ID whose last character is not the one its first 17 give, and one that is not a credit code at all.
queue(2, '91310115MA1K3YJ8X1', pending, 2);
queue(3, '4403051234', pending, 1);
queue(
  4,
  withCheckCharacter('91330106MA2CFEXX2'),
  { status: 'approved', reason: null, decidedAt: daysAgo(20) },
  30,
  first,
);
queue(
  5,
  withCheckCharacter('91320105MA1N7PQR4'),
  { status: 'rejected', reason: '营业执照照片模糊，请重新上传清晰的扫描件。', decidedAt: daysAgo(5) },
  8,
  first,
);
queue(
  6,
  withCheckCharacter('91510107MA6CWX9K5'),
  { status: 'suspended', reason: null, decidedAt: daysAgo(2) },
  60,
  first,
);
audit.sort((a, b) => b.at.localeCompare(a.at));

/** What a test center account's profile says of its verification: a new center is pending, returning ones approved. */
export function verificationOf(user: CurrentUser): CenterVerification {
  const approved: CenterVerification = { status: 'approved', reason: null, decidedAt: daysAgo(30) };
  return centers.get(user.id)?.verification ?? (isNewAccount(user.phone) ? pending : approved);
}

/** A center that completed its profile joins the queue as pending (once). */
export function submitCenter(center: Omit<OpsCenter, 'taxIdCheck' | 'verification' | 'submittedAt' | 'decidedBy'>) {
  const known = centers.get(center.id);
  centers.set(center.id, {
    ...center,
    taxIdCheck: creditCodeCheck(center.taxId),
    verification: known?.verification ?? pending,
    submittedAt: known?.submittedAt ?? new Date().toISOString(),
    decidedBy: known?.decidedBy ?? null,
  });
}

export const opsCategories = new Map<string, OpsCategory>(
  categories.map((category) => [category.id, { ...category, status: 'active', examCount: 0 }]),
);

/** A category with the number of exams that name it now. */
export function categoryView(category: OpsCategory): OpsCategory {
  const examCount = [...exams.values()].filter((exam) => exam.category.id === category.id).length;
  return { ...category, examCount };
}

export const opsOrganizations = new Map<string, OpsOrganization>(
  organizations.map((organization, n) => [organization.id, { ...organization, status: 'active', memberCount: 3 - n }]),
);

/** The exam or category a promotion's scope names, as the table shows it; one that does not exist is refused. */
export function scopeTargetOf(scope: Promotion['scope'], targetId: string | null): Promotion['scopeTarget'] {
  if (scope === 'all' || !targetId) return null;
  if (scope === 'category') {
    const category = opsCategories.get(targetId) ?? refuse('PROMOTION_SCOPE_INVALID');
    return { id: category.id, code: category.code, name: category.name };
  }
  const exam = exams.get(targetId) ?? refuse('PROMOTION_SCOPE_INVALID');
  return { id: exam.id, code: exam.code, name: exam.name };
}

/** The Beijing day (yyyy-mm-dd) of an instant: the console's days, and the provider's daily record, are these. */
export const dayInBeijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const refOf = ({ id, code, name }: MockExam) => ({ id, code, name });

/** The candidates support looks up, by id: one with a result and payments (anonymized on erasure), one without. */
export const candidates = new Map<string, OpsCandidate>();
/** What a candidate's export holds besides the console's view: the whole ID number and the profile. */
const identities = new Map<string, ReturnType<typeof person>>();

function addCandidate(phone: string, name: string, createdDaysAgo: number, sessions: number) {
  const who = { ...person(phone), name };
  const candidate: OpsCandidate = {
    id: newId(),
    phone,
    name,
    maskedIdNumber: maskIdCard(who.idNumber),
    createdAt: daysAgo(createdDaysAgo),
    activeSessions: sessions,
    anonymizedAt: null,
  };
  candidates.set(candidate.id, candidate);
  identities.set(candidate.id, who);
  return candidate;
}

const liLei = addCandidate('+8613900139001', 'Li Lei', 400, 2);
const hanMeimei = addCandidate('+8613900139002', 'Han Meimei', 30, 1);
const coordinator = { id: newId(), name: 'Zhou Jie', phone: '+8613900139003' };

/** Every order of the console by id, with its refunds and timeline. */
export const opsOrders = new Map<string, OpsOrderDetail>();

const passed = history.past[0] as MockExam;
const [nextExam, laterExam] = [...exams.values()];

function addOrder(
  payer: { id: string; name: string; phone: string },
  exam: MockExam,
  totalFen: number,
  createdAt: string,
  quantity = 1,
): OpsOrderDetail {
  const unitPriceFen = totalFen / quantity;
  const order: OpsOrderDetail = {
    id: newId(),
    purpose: 'booking',
    status: 'pending',
    payer,
    exam: refOf(exam),
    quantity,
    totalFen,
    refundedFen: 0,
    refundPendingFen: 0,
    refundFailedFen: 0,
    refundableFen: 0,
    provider: 'sandbox',
    transactionId: null,
    createdAt,
    paidAt: null,
    breakdown: {
      unitPriceFen,
      quantity,
      subtotalFen: totalFen,
      referralDiscountFen: 0,
      promotionDiscountFen: 0,
      groupDiscountFen: 0,
      handlingFen: 0,
      totalFen,
    },
    promoCode: null,
    registrations: Array.from({ length: quantity }, (_, n) => ({
      id: newId(),
      status: 'pending' as const,
      candidateName: n === 0 ? payer.name : `${payer.name} (${n + 1})`,
      exam: refOf(exam),
    })),
    refunds: [],
    timeline: [{ type: 'created', at: createdAt, totalFen }],
  };
  opsOrders.set(order.id, order);
  return order;
}

function payOrder(order: OpsOrderDetail, minutes: number) {
  const at = later(order.createdAt, minutes);
  order.status = 'paid';
  order.paidAt = at;
  order.transactionId = `SBX${order.id.slice(-12).toUpperCase()}`;
  order.registrations = order.registrations.map((registration) => ({ ...registration, status: 'register' }));
  order.timeline.push({
    type: 'payment',
    at,
    provider: 'sandbox',
    outcome: 'applied',
    detail: `transaction ${order.transactionId}`,
  });
  return at;
}

/** An order's refund figures from its refunds: pending counts requested and processing, refundable what is unbooked. */
export function settle(order: OpsOrderDetail): OpsOrderDetail {
  const sum = (states: OpsRefund['state'][]) =>
    order.refunds
      .filter((refund) => states.includes(refund.state))
      .reduce((total, refund) => total + refund.amountFen, 0);
  order.refundedFen = sum(['succeeded']);
  order.refundPendingFen = sum(['requested', 'processing']);
  order.refundFailedFen = sum(['failed']);
  const booked = order.refundedFen + order.refundPendingFen + order.refundFailedFen;
  order.refundableFen = order.status === 'paid' ? order.totalFen - booked : 0;
  if (order.status === 'paid' && order.refundedFen === order.totalFen) order.status = 'refunded';
  return order;
}

/** Books a refund on the order (requested) and its timeline entry; `by` for an operator's manual one. */
export function bookRefund(
  order: OpsOrderDetail,
  amountFen: number,
  reason: OpsRefund['reason'],
  by: { id: string; name: string } | null,
  note: string | null,
  at = new Date().toISOString(),
): OpsRefund {
  const refund: OpsRefund = {
    id: newId(),
    orderId: order.id,
    amountFen,
    reason,
    note,
    requestedBy: by,
    state: 'requested',
    requestedAt: at,
    completedAt: null,
    attempts: 0,
    lastError: null,
  };
  order.refunds.push(refund);
  order.timeline.push({ type: 'refund', at, refundId: refund.id, step: 'requested', amountFen, reason, by });
  settle(order);
  return refund;
}

/** What the provider answered a refund: the sandbox pays at once, except for the frozen account of the fixtures. */
export function completeRefund(order: OpsOrderDetail, refund: OpsRefund, state: 'succeeded' | 'failed', at: string) {
  refund.state = state;
  refund.completedAt = at;
  if (state === 'failed') {
    refund.attempts = 5;
    refund.lastError = 'ABNORMAL: the payer account is frozen';
  }
  const { amountFen, reason } = refund;
  order.timeline.push({ type: 'refund', at, refundId: refund.id, step: state, amountFen, reason, by: null });
  order.timeline.push({
    type: 'payment',
    at: later(at, 0),
    provider: order.provider,
    outcome: state === 'succeeded' ? 'refund_succeeded' : 'refund_failed',
    detail: `refund ${refund.id}`,
  });
  settle(order);
}

// Li Lei: an exam passed (an operator refunded part of it), and a cancellation whose refund the provider refused.
const examPaid = addOrder(liLei, passed, 28_000, daysAgo(30));
payOrder(examPaid, 3);
examPaid.timeline.push({
  type: 'payment',
  at: later(examPaid.createdAt, 4),
  provider: 'sandbox',
  outcome: 'duplicate',
  detail: `transaction ${examPaid.transactionId}`,
});
examPaid.registrations = examPaid.registrations.map((registration) => ({ ...registration, status: 'completed' }));
examPaid.status = 'paid';
const goodwill = bookRefund(
  examPaid,
  5_000,
  'manual',
  first,
  'Goodwill: the room was changed at short notice.',
  daysAgo(18),
);
completeRefund(examPaid, goodwill, 'succeeded', later(goodwill.requestedAt, 1));
const canceledPaid = addOrder(liLei, laterExam ?? passed, 32_000, daysAgo(6));
payOrder(canceledPaid, 2);
canceledPaid.registrations = canceledPaid.registrations.map((registration) => ({
  ...registration,
  status: 'canceled',
}));
const owed = bookRefund(canceledPaid, 32_000, 'canceled', null, null, daysAgo(5));
completeRefund(canceledPaid, owed, 'failed', daysAgo(4));

// Han Meimei: a hold that ran out after a forged notification was refused.
const expired = addOrder(hanMeimei, nextExam ?? passed, 19_900, hoursAgo(30));
expired.timeline.push(
  {
    type: 'payment',
    at: later(expired.createdAt, 5),
    provider: 'sandbox',
    outcome: 'rejected',
    detail: 'signature invalid',
  },
  { type: 'closed', at: later(expired.createdAt, 15), status: 'expired' },
);
expired.status = 'expired';
expired.registrations = expired.registrations.map((registration) => ({ ...registration, status: 'canceled' }));

// A coordinator's group of two, paid yesterday; one member moved to another exam of the same price.
const group = addOrder(coordinator, nextExam ?? passed, 2 * 19_900, hoursAgo(26), 2);
payOrder(group, 6);
const moved = group.registrations[1];
if (moved) {
  group.timeline.push({
    type: 'change',
    at: hoursAgo(3),
    registrationId: moved.id,
    from: refOf(nextExam ?? passed),
    to: refOf(laterExam ?? passed),
    changeOrderId: null,
  });
  moved.exam = refOf(laterExam ?? passed);
}
for (const order of opsOrders.values()) settle(order);

/** The result each exam of the fixtures published for its candidates. */
const OUTCOMES: Record<string, 'pass' | null> = { [passed.id]: 'pass' };

/** An order as the search lists it (the detail's extra fields left out). */
export const orderRowOf = (order: OpsOrderDetail): OpsOrderRow => {
  const { breakdown, promoCode, registrations, refunds, timeline, ...row } = order;
  return row;
};

/** Candidates' photos operators rejected, by candidate id. */
export const opsPhotoRejections = new Map<string, PhotoRejection>();

/** A candidate's current photo: every mock candidate has one until anonymized. */
export function opsPhotoOf(candidate: OpsCandidate): CandidatePhoto | null {
  if (candidate.anonymizedAt) return null;
  return { url: '/logo.svg', rejection: opsPhotoRejections.get(candidate.id) ?? null };
}

/** A candidate with every order they paid (newest first) and the registrations those orders pay for. */
export function candidateDetailOf(candidate: OpsCandidate): OpsCandidateDetail {
  const orders = [...opsOrders.values()].filter((order) => order.payer.id === candidate.id).reverse();
  const registrations = orders.flatMap((order) =>
    order.registrations.map((registration) => {
      const exam = exams.get(registration.exam.id) ?? passed;
      return {
        id: registration.id,
        status: registration.status,
        exam: { ...registration.exam, startsAt: exam.startsAt, timeZone: exam.timeZone },
        createdAt: order.createdAt,
        checkedInAt: registration.status === 'completed' ? exam.startsAt : null,
        outcome: registration.status === 'completed' ? (OUTCOMES[exam.id] ?? null) : null,
      };
    }),
  );
  return { ...candidate, registrations, orders: orders.map(orderRowOf), photo: opsPhotoOf(candidate) };
}

/** A candidate's personal data as the export file carries it. */
export function personalDataOf(candidate: OpsCandidate) {
  const identity = identities.get(candidate.id);
  const { registrations, orders } = candidateDetailOf(candidate);
  const { activeSessions, ...account } = candidate;
  const profile = identity && {
    idNumber: identity.idNumber,
    gender: identity.gender,
    dateOfBirth: identity.dateOfBirth,
    photoRejection: opsPhotoRejections.get(candidate.id) ?? null,
  };
  return { exportedAt: new Date().toISOString(), account, profile: profile ?? null, registrations, orders };
}

/** Forgets what identifies a candidate (the console's erasure); the caller removes or keeps the record. */
export function forgetIdentity(id: string) {
  identities.delete(id);
}

/**
 * The sandbox provider's own record by order id: what it collected and paid back. It agrees with ours except for the
 * group order paid yesterday, which it says collected a yuan less: one mismatch on that day's reconciliation.
 */
export function providerLedger(): Map<string, { paidFen: number; paidAt: string; refunds: OpsRefund[] }> {
  const ledger = new Map<string, { paidFen: number; paidAt: string; refunds: OpsRefund[] }>();
  for (const order of opsOrders.values()) {
    if (!order.paidAt) continue;
    const paidFen = order.id === group.id ? order.totalFen - 100 : order.totalFen;
    const refunds = order.refunds.filter((refund) => refund.state === 'succeeded');
    ledger.set(order.id, { paidFen, paidAt: order.paidAt, refunds });
  }
  return ledger;
}
