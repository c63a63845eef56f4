import type {
  GroupCheckoutRequest,
  GroupCreateRequest,
  GroupMember,
  GroupMemberCancelResponse,
  GroupPriceRequest,
  GroupRejectedRow,
  GroupView,
  Quote,
  RegistrationStatus,
  Ticket,
} from '../../contract';
import { isValidIdCard, maskIdCard } from '../../contract/idcard';
import { chinaMobileToE164 } from '../../contract/phone';
import { uniqueConstraintOf } from '../db/errors';
import type { ExamRow, GroupRejectedRecord, GroupRow, GroupUpload, OrderRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import type { SmsProvider } from '../providers/sms';
import {
  assertAccessCode,
  assertConfirmedTotal,
  examSummaryRow,
  newBookingOrder,
  newRegistration,
  openExam,
  priceSeats,
  quoteOf,
  type RegisterOptions,
  requestPayment,
} from './booking';
import { zonedDateTime } from './center';
import { lockedFrom } from './changeLock';
import { readGroupFile } from './groupFile';
import { phonesOf, validateGroupRows } from './groupRows';
import type { Repositories } from './ports';
import { claimCappedCodes } from './promotions';
import { cancelMemberSeat, type RegistrationDeps, ticketsOf } from './registrations';
import { takeSeats } from './seats';
import { toExamSummary } from './views/exams';
import { toOrderView } from './views/orders';
import { assertAdmitted } from './waitingRoom';

export interface GroupDeps extends RegistrationDeps {
  repos: RegistrationDeps['repos'] & Pick<Repositories, 'groups'>;
  /** Tells a member their seat was canceled by the coordinator. */
  sms: Pick<SmsProvider, 'sendNotice'>;
}

/** An order in these states holds or has paid the group's seats: the member list is settled. */
const SETTLED_ORDER = new Set<OrderRow['status']>(['pending', 'paid']);

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No group registration of yours has this id.');
}

function studentsOnly(user: UserRow): void {
  if (user.kind !== 'individual') throw new AppError('STUDENTS_ONLY');
}

async function ownGroup(deps: GroupDeps, user: UserRow, id: string, forUpdate = false): Promise<GroupRow> {
  const group = await (forUpdate ? deps.repos.groups.find(id, user.id, true) : deps.repos.groups.find(id, user.id));
  if (!group) throw notFound();
  return group;
}

async function currentOrder(deps: GroupDeps, group: GroupRow) {
  return group.orderId ? deps.repos.orders.orderWithExam(group.orderId) : undefined;
}

/** A refused row as the coordinator sees it: every value as typed, a valid ID card number masked. */
function rejectedView(row: GroupRejectedRecord): GroupRejectedRow {
  const idNumber = (row.idNumber ?? '').trim().toUpperCase();
  return {
    ...row,
    idNumber: isValidIdCard(idNumber) ? maskIdCard(idNumber) : (row.idNumber ?? ''),
    gender: row.gender ?? '',
    dateOfBirth: row.dateOfBirth ?? '',
  };
}

/** The group as its coordinator sees it: the last upload, each accepted member's registration once checked out. */
async function viewOf(deps: GroupDeps, group: GroupRow): Promise<GroupView> {
  const [exam, order] = await Promise.all([examSummaryRow(deps, group.examId), currentOrder(deps, group)]);
  const locked = lockedFrom(deps, exam.exam.startsAt);
  const open = deps.now() < locked;
  const refunds = order ? await deps.repos.refunds.refundsOfOrders([order.order.id]) : [];
  const registered = new Map<string, { id: string; status: RegistrationStatus }>();
  if (order) {
    for (const member of await deps.repos.groups.membersOfOrder(order.order.id)) {
      registered.set(member.phone, { id: member.registration.id, status: member.registration.status });
    }
  }
  const upload = group.upload;
  return {
    id: group.id,
    exam: toExamSummary(exam),
    coordinator: { name: group.coordinatorName, phone: group.coordinatorPhone, organization: group.organization },
    upload: upload && {
      fileName: upload.fileName,
      uploadedAt: upload.uploadedAt,
      totalParticipants: upload.totalParticipants,
      accepted: upload.accepted.map(
        (m): GroupMember => ({
          row: m.row,
          name: m.name,
          phone: m.phone,
          maskedIdNumber: maskIdCard(m.idNumber),
          gender: m.gender,
          dateOfBirth: m.dateOfBirth,
          registrationId: registered.get(m.phone)?.id ?? null,
          status: registered.get(m.phone)?.status ?? null,
          canCancel: open && registered.get(m.phone)?.status === 'register',
        }),
      ),
      rejected: upload.rejected.map(rejectedView),
    },
    order: order ? toOrderView(order.order, order.exam, refunds) : null,
    canUpload: !order || !SETTLED_ORDER.has(order.order.status),
    lockedFrom: locked.toISOString(),
  };
}

/** Step 1: a draft group for an open exam, naming its coordinator. */
export async function createGroup(deps: GroupDeps, user: UserRow, request: GroupCreateRequest): Promise<GroupView> {
  studentsOnly(user);
  const phone = chinaMobileToE164(request.coordinator.phone);
  if (!phone)
    throw new AppError('PHONE_INVALID', undefined, undefined, [
      { path: 'coordinator.phone', message: 'PHONE_INVALID' },
    ]);
  const exam = await openExam(deps, request.examId);
  assertAccessCode(exam, request.accessCode);
  const group = await deps.repos.groups.insert({
    id: uuidv7(deps.now().getTime()),
    coordinatorId: user.id,
    examId: exam.id,
    coordinatorName: request.coordinator.name,
    coordinatorPhone: phone,
    organization: request.coordinator.organization,
    createdAt: deps.now(),
  });
  return viewOf(deps, group);
}

export async function getGroup(deps: GroupDeps, user: UserRow, id: string): Promise<GroupView> {
  return viewOf(deps, await ownGroup(deps, user, id));
}

/** Refuses a change of the member list once an order holds or has paid the seats. */
async function assertUnsettled(deps: GroupDeps, group: GroupRow): Promise<void> {
  const order = await currentOrder(deps, group);
  if (order && SETTLED_ORDER.has(order.order.status)) throw new AppError('GROUP_LOCKED');
}

/**
 * Step 2: reads the uploaded file and sorts its rows into accepted and rejected, against the members' accounts
 * and the seats left now. The result replaces the last upload; a file that cannot be read changes nothing.
 */
export async function uploadGroupFile(
  deps: GroupDeps,
  user: UserRow,
  id: string,
  file: { bytes: Buffer; fileName: string },
): Promise<GroupView> {
  studentsOnly(user);
  const group = await ownGroup(deps, user, id);
  await assertUnsettled(deps, group);
  const exam = await openExam(deps, group.examId);
  const rows = await readGroupFile(file.bytes);
  const facts = await deps.repos.groups.memberFacts(exam.id, phonesOf(rows));
  const { accepted, rejected } = validateGroupRows(rows, {
    seatsLeft: Math.max(exam.capacity - exam.seatsTaken, 0),
    ...facts,
  });
  const upload: GroupUpload = {
    fileName: file.fileName.slice(0, 200),
    uploadedAt: deps.now().toISOString(),
    totalParticipants: rows.length,
    accepted,
    rejected,
  };
  await deps.repos.groups.setUpload(group.id, upload);
  return viewOf(deps, { ...group, upload, orderId: null });
}

function acceptedOf(group: GroupRow) {
  const accepted = group.upload?.accepted ?? [];
  if (accepted.length === 0) throw new AppError('GROUP_NO_MEMBERS');
  return accepted;
}

/** Step 3's lines: every accepted member at the exam's fee, with the group discount of their number. */
export async function groupQuote(
  deps: GroupDeps,
  user: UserRow,
  id: string,
  request: GroupPriceRequest,
): Promise<Quote> {
  studentsOnly(user);
  const group = await ownGroup(deps, user, id);
  const exam = await openExam(deps, group.examId);
  const priced = await priceSeats(deps, user, exam, acceptedOf(group).length, request.promoCode);
  return quoteOf(exam, priced);
}

/**
 * Step 3: one transaction holds a seat for every accepted member (all or none), finds or creates each member's
 * individual account by phone, writes their pending registrations and one order for the coordinator; then asks
 * the provider for the QR. A repeated checkout answers the group's pending or paid order. If the seats are gone
 * or a member was registered since the upload, nothing is written and the coordinator uploads again. The order comes
 * to the total the coordinator confirmed, or is refused with PRICE_CHANGED.
 */
export async function checkoutGroup(
  deps: GroupDeps,
  user: UserRow,
  id: string,
  request: GroupCheckoutRequest,
  options: RegisterOptions,
): Promise<GroupView> {
  studentsOnly(user);
  const key = options.idempotencyKey;
  const group = await ownGroup(deps, user, id);
  if (key) {
    const earlier = await deps.repos.orders.orderByIdempotencyKey(user.id, key);
    if (earlier && earlier.id === group.orderId) return viewOf(deps, group);
  }
  const existing = await currentOrder(deps, group);
  if (existing && SETTLED_ORDER.has(existing.order.status)) return viewOf(deps, group);
  const exam = await openExam(deps, group.examId);
  assertAdmitted(deps, exam, user.id, request.admissionToken);
  const members = acceptedOf(group);
  const { breakdown, promotion, invitation, referralCode } = await priceSeats(
    deps,
    user,
    exam,
    members.length,
    request.promoCode,
  );
  assertConfirmedTotal(breakdown, request.expectedTotalFen);
  const now = deps.now();
  const free = breakdown.totalFen === 0;
  const order = newBookingOrder(deps, {
    userId: user.id,
    examId: exam.id,
    breakdown,
    promotion,
    referralCode,
    key,
    now,
  });

  let booked: OrderRow | undefined;
  try {
    booked = await deps.uow.run(async (tx) => {
      const locked = await tx.groups.find(group.id, user.id, true);
      if (!locked || locked.orderId !== group.orderId) return undefined;
      await claimCappedCodes(tx, promotion, invitation);
      if (!(await takeSeats(tx, exam.id, members.length))) throw new AppError('SOLD_OUT');
      const { userIds, mismatched } = await tx.groups.upsertMembers(members, now);
      if (mismatched.length > 0) throw new AppError('GROUP_CHANGED');
      const rows = members.map((m) => newRegistration(userIds.get(m.phone) as string, exam.id, free, now));
      await tx.registrations.insertRegistrations(rows);
      const inserted = await tx.orders.insertOrder(
        order,
        rows.map((r) => r.id),
      );
      await tx.groups.setOrder(group.id, inserted.id);
      return inserted;
    });
  } catch (error) {
    const constraint = uniqueConstraintOf(error);
    if (constraint === undefined) throw error;
    if (constraint === 'registrations_live_uq') throw new AppError('GROUP_CHANGED');
    // A concurrent checkout with the same key won the race: answer what it booked.
    if (constraint !== 'orders_idempotency_uq') throw error;
  }
  if (booked && !free) await requestPayment(deps, booked, exam, options.origin);
  return viewOf(deps, await ownGroup(deps, user, id));
}

/** Step 4: every member's ticket, once the group's order is paid (a canceled member's shows without a token). */
export async function groupTickets(deps: GroupDeps, user: UserRow, id: string): Promise<Ticket[]> {
  studentsOnly(user);
  const group = await ownGroup(deps, user, id);
  const order = await currentOrder(deps, group);
  if (!order || order.order.paidAt === null) throw new AppError('TICKET_NOT_ISSUED');
  const [exam, members] = await Promise.all([
    examSummaryRow(deps, group.examId),
    deps.repos.groups.membersOfOrder(order.order.id),
  ]);
  const rowOf = new Map((group.upload?.accepted ?? []).map((m) => [m.phone, m.row]));
  members.sort((a, b) => (rowOf.get(a.phone) ?? 0) - (rowOf.get(b.phone) ?? 0));
  return ticketsOf(
    deps,
    exam,
    members
      .filter((m) => m.registration.status !== 'pending')
      .map((m) => ({
        registration: m.registration,
        holder: { name: m.name, idNumber: m.idNumber ?? '', phone: m.phone, avatarSmall: m.avatarSmall },
      })),
  );
}

/** The SMS a member gets when their coordinator cancels their seat, in both languages (no language is stored). */
export function memberSeatCanceledText(
  exam: Pick<ExamRow, 'code' | 'nameZh' | 'nameEn' | 'startsAt' | 'timeZone'>,
  coordinatorName: string,
) {
  const when = zonedDateTime(exam.startsAt, exam.timeZone);
  return (
    `【考试能力】您的考试「${exam.nameZh}」（${exam.code}，${when}）报名已由团体报名负责人${coordinatorName}取消，` +
    `费用退还给付款的负责人。Exam Ability: your registration for "${exam.nameEn}" (${exam.code}, ${when}) was ` +
    `canceled by your group coordinator, ${coordinatorName}; the fee goes back to the coordinator, who paid it.`
  );
}

/**
 * The coordinator cancels one member's seat (the payer decides, issue 11 item C: a member cannot).
 * The same rules as a candidate's own cancellation: a paid seat, not within the change lock. The seat is released,
 * the member's share of the group's order is refunded to that order, and the member is told by SMS (a failure is
 * logged, not fatal). Someone else's group, or a registration not in this group's order, is not found.
 */
export async function cancelGroupMember(
  deps: GroupDeps,
  user: UserRow,
  id: string,
  registrationId: string,
): Promise<GroupMemberCancelResponse> {
  studentsOnly(user);
  const group = await ownGroup(deps, user, id);
  const order = await currentOrder(deps, group);
  const members = order ? await deps.repos.groups.membersOfOrder(order.order.id) : [];
  const member = members.find((m) => m.registration.id === registrationId);
  if (!member) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No member of this group has this registration.');
  }
  const refunds = await cancelMemberSeat(deps, member.registration);
  const exam = await deps.repos.exams.exam(member.registration.examId);
  if (exam) {
    try {
      await deps.sms.sendNotice(member.phone, memberSeatCanceledText(exam, group.coordinatorName));
    } catch (error) {
      deps.log.warn({ err: error, registrationId }, 'group seat cancellation SMS failed');
    }
  }
  const refundFen = refunds
    .filter((r) => r.refund.orderId === order?.order.id)
    .reduce((sum, r) => sum + r.refund.amountFen, 0);
  return { group: await viewOf(deps, group), refundFen };
}
