/**
 * The mock's state, in memory until the dev server restarts, and its answers in the contract's shapes. State changes
 * only where a screen needs it: booking adds a registration and its order, the sandbox wallet pays the order, a
 * check-in or a result moves a registration. No rule is copied: prices come from the server's pricing module, ticket
 * tokens from its signer (with a development key), certificate numbers from its generator, the hold and the change
 * lock from its default configuration. Excluded from Umi's mock glob.
 */
import type {
  CheckinCandidate,
  CurrentUser,
  ExamSummary,
  OrderView,
  PhotoRejection,
  Profile,
  RefundReason,
  RefundState,
  RefundTotals,
  RefundView,
  RegistrationView,
  Room,
  RosterEntry,
} from '../../contract';
import { maskIdCard } from '../../contract/idcard';
import { loadConfig } from '../../server/config';
import { ticketPdf } from '../../server/documents/ticketPdf';
import { examYear, newCertificateNumber } from '../../server/domain/certificates';
import { priceBooking } from '../../server/domain/pricing';
import { createTicketSigner } from '../../server/domain/tickets';
import { DEV_ONLY_TICKET_SIGNING_KEY } from './devOnlyTicketKey';
import { exams, type MockExam, newId, type Person } from './fixtures';
import { type MockRequest, refuse } from './http';
import { applicableInvitation, checkoutPromotion } from './promotions';

export const config = loadConfig({});
export const tickets = createTicketSigner({ appSecret: '', ticketSigningKey: DEV_ONLY_TICKET_SIGNING_KEY });

export interface MockRegistration
  extends Pick<RosterEntry, 'status' | 'checkedInAt' | 'outcome' | 'certificateNumber'> {
  id: string;
  examId: string;
  /** The candidate's account; null for the people a roster is filled with. */
  userId: string | null;
  person: Person;
  createdAt: string;
  orderId: string | null;
  /** A group seat: the coordinator who booked and paid for it, the only one who may change or cancel it. */
  coordinatorName: string | null;
}

export interface MockOrder extends Omit<OrderView, 'exam' | 'qrContent'> {
  userId: string;
  examId: string;
  registrationIds: string[];
  /** A change order moves its registration to this exam once paid. */
  moveTo: string | null;
  qrContent: string;
}

export const registrations = new Map<string, MockRegistration>();
export const orders = new Map<string, MockOrder>();
/** Candidates' saved profiles (pricing reads their invitation codes). */
export const profiles = new Map<string, Profile>();
/** Rejected photos, by the candidate's account (or the registration, for the people a roster is filled with). */
export const photoRejections = new Map<string, PhotoRejection>();
export const photoOwnerOf = (registration: MockRegistration) => registration.userId ?? registration.id;

/** As the server: a paid ticket still to be shown at the door is issued only while the candidate's photo stands. */
export function issuedTicketOf(registration: MockRegistration): MockRegistration {
  if (registration.status === 'pending') refuse('TICKET_NOT_ISSUED');
  const rejection = photoRejections.get(photoOwnerOf(registration));
  if (registration.status === 'register' && rejection) {
    refuse('TICKET_PHOTO_REJECTED', [{ path: 'reason', message: rejection.reason }]);
  }
  return registration;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const examOf = (id: string) => exams.get(id) ?? refuse('NOT_FOUND');
export const rosterOf = (examId: string) => [...registrations.values()].filter((item) => item.examId === examId);
/** Open for booking: active, registration not yet closed. */
export const isOpen = (exam: MockExam) => exam.status === 'active' && Date.parse(exam.registrationEndsAt) > Date.now();

export function summaryOf(exam: MockExam): ExamSummary {
  const { accessCode, seatsTaken, ownerId, examiners, resultsPublishedAt, ...summary } = exam;
  return { ...summary, seatsLeft: Math.max(exam.capacity - seatsTaken, 0), requiresAccessCode: accessCode !== null };
}

export function briefOf({ id, code, name, startsAt, timeZone }: MockExam): OrderView['exam'] {
  return { id, code, name, startsAt, timeZone };
}

/** What refunds amount to in each state the payer sees. */
export function refundTotalsOf(refunds: RefundView[]): RefundTotals {
  const sum = (state: RefundState) =>
    refunds.filter((refund) => refund.state === state).reduce((total, refund) => total + refund.amountFen, 0);
  return { refundedFen: sum('succeeded'), refundPendingFen: sum('requested'), refundFailedFen: sum('failed') };
}

/** What an order can still give back: what no refund was asked for yet. */
export function refundableOf(order: MockOrder): number {
  return order.breakdown.totalFen - order.refunds.reduce((total, refund) => total + refund.amountFen, 0);
}

/**
 * A refund asked for, as the server books it: requested (pending to the payer) until the provider confirms it; only
 * then does it count as refunded, and the order is refunded once all it took is back. Fixtures pass a settled state.
 */
export function requestRefund(
  order: MockOrder,
  amountFen: number,
  reason: RefundReason,
  state: RefundState = 'requested',
) {
  if (amountFen <= 0) return;
  const requestedAt = iso(Date.now());
  const completedAt = state === 'requested' ? null : requestedAt;
  order.refunds.push({ id: newId(), amountFen, reason, state, requestedAt, completedAt });
  order.refundedFen = refundTotalsOf(order.refunds).refundedFen;
  if (order.refundedFen === order.breakdown.totalFen) order.status = 'refunded';
}

/** The refunds of the candidate's own orders that paid for this registration alone (not a group's). */
function refundOfRegistration(registration: MockRegistration): RefundTotals | null {
  const own = [...orders.values()].filter(
    (order) =>
      order.userId === registration.userId &&
      order.registrationIds.length === 1 &&
      order.registrationIds[0] === registration.id,
  );
  const refunds = own.flatMap((order) => order.refunds);
  return refunds.length > 0 ? refundTotalsOf(refunds) : null;
}

/** Change and cancellation close CHANGE_LOCK_HOURS before the start (the server's default), as the contract says. */
export const lockedFromOf = (exam: MockExam) => iso(Date.parse(exam.startsAt) - config.changeLockHours * 3_600_000);

/** A group seat is its coordinator's: the member may neither change nor cancel it. */
export function registrationView(registration: MockRegistration): RegistrationView {
  const { id, examId, status, createdAt, orderId, checkedInAt, coordinatorName } = registration;
  const exam = examOf(examId);
  const lockedFrom = lockedFromOf(exam);
  const open = status === 'register' && Date.now() < Date.parse(lockedFrom) && !coordinatorName;
  const times = { createdAt, checkedInAt, lockedFrom };
  const groupSeat = coordinatorName ? { coordinatorName } : null;
  const refund = refundOfRegistration(registration);
  const view = { id, status, exam: summaryOf(exam), orderId, ...times, canChange: open, canCancel: open };
  return { ...view, groupSeat, refund };
}

export function orderView({ userId, examId, registrationIds, moveTo, qrContent, ...order }: MockOrder): OrderView {
  return { ...order, exam: briefOf(examOf(examId)), qrContent: order.status === 'pending' ? qrContent : null };
}

/** Who a registration names at the door; `doorRoom` is the room the examiner keeps (null: any), as the server has it. */
export function candidateOf(
  { id, person, status, checkedInAt }: MockRegistration,
  doorRoom: string | null = null,
): CheckinCandidate {
  const { name, phone } = person;
  const place = seats.get(id);
  const room = place && rooms.get(place.roomId);
  const seat =
    place && room
      ? { roomId: room.id, room: room.name, building: room.building, floor: room.floor, seat: place.seat }
      : null;
  return {
    registrationId: id,
    name,
    maskedIdNumber: maskIdCard(person.idNumber),
    phone,
    avatar_small: null,
    photoUrl: null,
    seat,
    otherRoom: doorRoom !== null && seat !== null && seat.roomId !== doorRoom,
    status,
    checkedInAt,
  };
}

/** A center's room in the mock, with the account that keeps it. */
export interface MockRoom extends Room {
  ownerId: string;
}

/** The mock's rooms by id, each exam's seating, and who sits where (mock/seating.ts writes them). */
export const rooms = new Map<string, MockRoom>();
export const seatings = new Map<
  string,
  { roomIds: string[]; ticketsReleaseAt: string | null; allocatedAt: string | null }
>();
export const seats = new Map<string, { roomId: string; seat: number }>();

/** Where a registration sits, as a ticket shows it; null before seats are allocated. */
export function seatOf(registrationId: string) {
  const place = seats.get(registrationId);
  const room = place && rooms.get(place.roomId);
  return place && room ? { room: room.name, building: room.building, floor: room.floor, seat: place.seat } : null;
}

/** The PDF of tickets (mock tickets are released at once), printed by the server's own document code. */
export async function ticketsPdfOf(booked: MockRegistration[], locale: 'zh-CN' | 'en-US') {
  const documents = await Promise.all(
    booked.map(async (registration) => {
      const ticket = await ticketOf(registration);
      const exam = examOf(registration.examId);
      const seat = ticket.seat;
      return {
        registrationId: ticket.registrationId,
        token: ticket.token ?? '',
        candidate: { name: ticket.candidate.name, maskedIdNumber: ticket.candidate.maskedIdNumber, photo: null },
        exam: {
          code: exam.code,
          name: exam.name,
          startsAt: exam.startsAt,
          timeZone: exam.timeZone,
          arrivalLeadMinutes: exam.arrivalLeadMinutes,
        },
        center: { name: exam.center.name, address: exam.location },
        seat: seat && { room: seat.room, building: seat.building || null, floor: seat.floor || null, seat: seat.seat },
      };
    }),
  );
  return { fileName: 'tickets.pdf', contentType: 'application/pdf', bytes: await ticketPdf(documents, locale) };
}

export function rosterEntryOf(registration: MockRegistration): RosterEntry {
  const { avatar_small, photoUrl, seat, otherRoom, ...candidate } = candidateOf(registration);
  return {
    ...candidate,
    outcome: registration.outcome,
    certificateNumber: registration.certificateNumber,
    room: seatOf(registration.id)?.room ?? null,
    seat: seatOf(registration.id)?.seat ?? null,
    photo: { url: '/logo.svg', rejection: photoRejections.get(photoOwnerOf(registration)) ?? null },
  };
}

export async function ticketOf(registration: MockRegistration) {
  const exam = examOf(registration.examId);
  const { registrationId, status, ...who } = candidateOf(registration);
  const claims = { registrationId, examId: exam.id, startsAt: new Date(exam.startsAt) };
  const candidate = { name: who.name, maskedIdNumber: who.maskedIdNumber, phone: who.phone, avatar_small: null };
  const token = status === 'canceled' ? null : await tickets.signTicket(claims);
  return {
    registrationId,
    status,
    exam: summaryOf(exam),
    candidate,
    token,
    seat: seatOf(registrationId),
    releasesAt: null,
  };
}

/** The server's pricing with the mock's promotions and the referral of the profile's invitation code. */
export function priceOf(user: CurrentUser, exam: MockExam, quantity: number, promoCode?: string) {
  const promotion = checkoutPromotion(promoCode, exam);
  const referral = applicableInvitation(profiles.get(user.id)?.invitationCode, exam);
  const referralCode = referral?.code ?? null;
  const { handlingFeeBps } = config;
  const breakdown = priceBooking({ unitPriceFen: exam.feeFen, quantity, referral, promotion, handlingFeeBps });
  const quote = {
    ...breakdown,
    examId: exam.id,
    testDate: exam.startsAt,
    promoCode: promotion?.code ?? null,
    referralCode,
  };
  return { breakdown, quote };
}

/** A published result: a pass carries a fresh certificate number, as the server issues it. */
export function resultOf(exam: MockExam, outcome: 'pass' | 'fail') {
  const year = examYear(new Date(exam.startsAt), exam.timeZone);
  return { outcome, certificateNumber: outcome === 'pass' ? newCertificateNumber(year) : null };
}

export function newRegistration(
  exam: MockExam,
  person: Person,
  userId: string | null,
  status: MockRegistration['status'],
  more: Partial<MockRegistration> = {},
) {
  const started = Date.parse(exam.startsAt);
  const createdAt = iso(status === 'pending' ? Date.now() : Math.min(Date.now(), started - 20 * 86_400_000));
  const checkedInAt = status === 'checkin' || status === 'completed' ? iso(started - 20 * 60_000) : null;
  const registration: MockRegistration = {
    id: newId(),
    examId: exam.id,
    userId,
    person,
    status,
    createdAt,
    orderId: null,
    checkedInAt,
    outcome: null,
    certificateNumber: null,
    coordinatorName: null,
    ...more,
  };
  registrations.set(registration.id, registration);
  return registration;
}

/** What the sandbox wallet's confirmation does: the order is paid, its registrations booked (or moved). */
export function pay(order: MockOrder, at = Date.now()) {
  Object.assign(order, { status: 'paid', paidAt: iso(at), transactionId: `SANDBOX${order.id.slice(-12)}` });
  for (const registration of order.registrationIds.map((id) => registrations.get(id))) {
    if (registration && order.moveTo) registration.examId = order.moveTo;
    if (registration?.status === 'pending') registration.status = 'register';
  }
}

/** A pending order (paid at once when it is free) whose QR opens the sandbox wallet, absolute for a phone to open. */
export function newOrder(
  req: MockRequest,
  user: CurrentUser,
  exam: MockExam,
  ids: string[],
  breakdown: OrderView['breakdown'],
  moveTo: string | null = null,
) {
  const id = newId();
  const host = typeof req.headers.host === 'string' ? `http://${req.headers.host}` : '';
  const times = { createdAt: iso(Date.now()), expiresAt: iso(Date.now() + config.holdMinutes * 60_000) };
  const order: MockOrder = {
    id,
    userId: user.id,
    purpose: moveTo ? 'change' : 'booking',
    status: 'pending',
    breakdown,
    ...times,
    examId: exam.id,
    registrationIds: ids,
    moveTo,
    paidAt: null,
    transactionId: null,
    refundedFen: 0,
    refunds: [],
    qrContent: `${host}/pay/sandbox/${id}`,
  };
  orders.set(id, order);
  for (const registration of ids.map((item) => registrations.get(item))) if (registration) registration.orderId = id;
  if (breakdown.totalFen === 0) pay(order);
  return order;
}
