import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  OrderView,
  PriceBreakdown,
  Quote,
  QuoteRequest,
  RefundTotals,
  RegistrationRequest,
  RegistrationResponse,
  RegistrationView,
} from '../../contract';
import type { Config } from '../config';
import type { UserRow } from '../db/repositories/auth';
import {
  type ExamBookingRow,
  type ExamSummaryRow,
  type OrderRow,
  type RegistrationRow,
  uniqueConstraintOf,
} from '../db/repositories/booking';
import type { RefundRow } from '../db/repositories/refunds';
import type { Repositories, UnitOfWork } from '../db/unitOfWork';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import type { PaymentProvider } from '../providers/payment/types';
import { toExamSummary } from './catalog';
import { type Promotion, priceBooking } from './pricing';
import { missingProfileFields } from './profile';
import { refundTotalsOf, toRefundView } from './refundViews';
import { bookSeat, type FreedSeats, freeingSeats, releaseSeats, type SeatEvents } from './seats';

/** The slice of a pino logger the booking code writes to. */
export interface DomainLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BookingDeps {
  repos: Pick<Repositories, 'booking' | 'payments' | 'refunds' | 'seats'>;
  /** Runs the transactions of booking, payment, change, cancellation and expiry. */
  uow: UnitOfWork;
  payment: PaymentProvider;
  config: Pick<Config, 'holdMinutes' | 'changeLockHours' | 'handlingFeeBps' | 'publicUrl' | 'refundRetry'>;
  now: () => Date;
  log: DomainLogger;
  /** Told when seats come free (after the transaction that freed them commits). */
  seats: SeatEvents;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

type OrderExam = Pick<ExamBookingRow, 'id' | 'code' | 'nameZh' | 'nameEn' | 'startsAt' | 'timeZone'>;

/** The few facts of an exam an order or a result names. */
export function toExamBrief(exam: OrderExam): OrderView['exam'] {
  return {
    id: exam.id,
    code: exam.code,
    name: { zh: exam.nameZh, en: exam.nameEn },
    startsAt: exam.startsAt.toISOString(),
    timeZone: exam.timeZone,
  };
}

/** An order as its payer sees it, with its refunds (none for an order just made). */
export function toOrderView(order: OrderRow, exam: OrderExam, refunds: RefundRow[]): OrderView {
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

/** From this instant on, the server refuses change and cancellation of a booked registration. */
export function lockedFrom(deps: Pick<BookingDeps, 'config'>, startsAt: Date): Date {
  return new Date(startsAt.getTime() - deps.config.changeLockHours * HOUR_MS);
}

/** A registration as its candidate sees it; a group seat (`groupSeat`) is the coordinator's to change or cancel. */
export function toRegistrationView(
  deps: Pick<BookingDeps, 'config' | 'now'>,
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

/** The summary row of one exam, which must exist (callers hold a registration or order naming it). */
export async function examSummaryRow(deps: Pick<BookingDeps, 'repos'>, examId: string): Promise<ExamSummaryRow> {
  const row = await deps.repos.booking.examSummary(examId);
  if (!row) throw new Error(`exam ${examId} has no summary row`);
  return row;
}

function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, `No ${what} has this id.`);
}

/** Where providers post notifications: PUBLIC_URL, or the origin the candidate's browser used. */
function notifyUrl(deps: BookingDeps, base: string): string {
  return `${base}/api/pay/${deps.payment.name}/notify`;
}

export function publicBase(deps: Pick<BookingDeps, 'config'>, requestOrigin: string): string {
  return deps.config.publicUrl ?? requestOrigin.replace(/\/+$/, '');
}

export async function resolvePromotion(deps: BookingDeps, code: string | undefined): Promise<Promotion | undefined> {
  if (!code) return undefined;
  const row = await deps.repos.booking.promoCode(code);
  const now = deps.now();
  if (!row || row.validFrom > now || row.validUntil <= now) throw new AppError('PROMO_CODE_INVALID');
  return { code: row.code, discountBps: row.discountBps, amountFen: row.amountFen };
}

async function bookableExam(deps: BookingDeps, examId: string): Promise<ExamBookingRow> {
  const exam = await deps.repos.booking.exam(examId);
  if (!exam || exam.status === 'inactive') throw notFound('exam');
  return exam;
}

/** An exam that takes bookings now: active, registration not yet ended, not started. */
export async function openExam(deps: BookingDeps, examId: string): Promise<ExamBookingRow> {
  const exam = await bookableExam(deps, examId);
  const now = deps.now();
  if (exam.status !== 'active' || exam.registrationEndsAt <= now || exam.startsAt <= now) {
    throw new AppError('REGISTRATION_CLOSED');
  }
  return exam;
}

/** Equal-time comparison of what the candidate typed with the exam's code; refuses a wrong or missing one. */
export function assertAccessCode(exam: Pick<ExamBookingRow, 'accessCode'>, given: string | undefined): void {
  if (exam.accessCode === null) return;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (given === undefined || !timingSafeEqual(digest(given), digest(exam.accessCode))) {
    throw new AppError('ACCESS_CODE_INVALID');
  }
}

/** The priced order of `quantity` seats for `user`: the referral of their profile's invitation code, the promotion. */
export async function priceSeats(
  deps: BookingDeps,
  user: UserRow,
  exam: Pick<ExamBookingRow, 'feeFen'>,
  quantity: number,
  promoCode: string | undefined,
) {
  const promotion = await resolvePromotion(deps, promoCode);
  const who = await deps.repos.booking.bookingProfile(user.id);
  const invitation = who?.invitation?.active ? who.invitation : undefined;
  const breakdown = priceBooking({
    unitPriceFen: exam.feeFen,
    quantity,
    referralBps: invitation?.discountBps ?? 0,
    promotion,
    handlingFeeBps: deps.config.handlingFeeBps,
  });
  return { breakdown, who, promotion, referralCode: invitation?.code ?? null };
}

/**
 * DESIGN.md section 6, money is what the screen said: the order is made at the total the buyer confirmed, or not at
 * all. A fee, promotion or referral that changed since the quote answers PRICE_CHANGED before anything is written.
 */
export function assertConfirmedTotal(breakdown: PriceBreakdown, expectedTotalFen: number): void {
  if (breakdown.totalFen === expectedTotalFen) return;
  throw new AppError('PRICE_CHANGED', undefined, undefined, [
    { path: 'expectedTotalFen', message: `the total is now ${breakdown.totalFen} fen` },
  ]);
}

/** The price breakdown of booking `quantity` seats, with the profile's referral and the given promotion. */
export async function quote(deps: BookingDeps, user: UserRow, request: QuoteRequest): Promise<Quote> {
  if (user.kind !== 'individual') throw new AppError('STUDENTS_ONLY');
  const exam = await bookableExam(deps, request.examId);
  const priced = await priceSeats(deps, user, exam, request.quantity, request.promoCode);
  return quoteOf(exam, priced);
}

/** A quote's answer: the breakdown with the test date and the codes that applied. */
export function quoteOf(
  exam: Pick<ExamBookingRow, 'id' | 'startsAt'>,
  priced: Pick<Awaited<ReturnType<typeof priceSeats>>, 'breakdown' | 'promotion' | 'referralCode'>,
): Quote {
  return {
    ...priced.breakdown,
    examId: exam.id,
    testDate: exam.startsAt.toISOString(),
    promoCode: priced.promotion?.code ?? null,
    referralCode: priced.referralCode,
  };
}

/** A registration for a new booking: paid at once when free, else `pending` until its order is paid. */
export function newRegistration(userId: string, examId: string, free: boolean, now: Date): RegistrationRow {
  return {
    id: uuidv7(now.getTime()),
    userId,
    examId,
    status: free ? 'register' : 'pending',
    createdAt: now,
    checkedInAt: null,
    canceledAt: null,
    cancelReason: null,
    checkedInBy: null,
  };
}

/** The order of a new booking: `pending` for HOLD_MINUTES, or paid at once when its total is zero. */
export function newBookingOrder(
  deps: Pick<BookingDeps, 'payment' | 'config'>,
  input: {
    userId: string;
    examId: string;
    breakdown: PriceBreakdown;
    promotion: Promotion | undefined;
    key: string | undefined;
    now: Date;
  },
): OrderRow {
  const { now, breakdown } = input;
  const free = breakdown.totalFen === 0;
  return {
    id: uuidv7(now.getTime()),
    userId: input.userId,
    purpose: 'booking',
    status: free ? 'paid' : 'pending',
    examId: input.examId,
    breakdown,
    totalFen: breakdown.totalFen,
    promoCode: input.promotion?.code ?? null,
    provider: deps.payment.name,
    qrContent: null,
    providerTransactionId: null,
    idempotencyKey: input.key ?? null,
    expiresAt: new Date(now.getTime() + deps.config.holdMinutes * MINUTE_MS),
    paidAt: free ? now : null,
    closedAt: null,
    refundedFen: 0,
    refundBookedFen: 0,
    createdAt: now,
  };
}

export interface RegisterOptions {
  /** The Idempotency-Key header: the same key from the same user answers the same booking. */
  idempotencyKey: string | undefined;
  /** The origin the request came to, for the notify URL and wallet link when PUBLIC_URL is unset. */
  origin: string;
}

/**
 * Books one seat for the candidate: checks, then one transaction that takes the seat (a conditional UPDATE: no
 * oversell), writes the pending registration and its order, then asks the provider for the payment QR. A provider
 * failure gives the seat back. A zero total (a 100 % promotion) is paid at once and never reaches the provider.
 */
export async function register(
  deps: BookingDeps,
  user: UserRow,
  request: RegistrationRequest,
  options: RegisterOptions,
): Promise<RegistrationResponse> {
  if (user.kind !== 'individual') throw new AppError('STUDENTS_ONLY');
  const key = options.idempotencyKey;
  if (key) {
    const earlier = await deps.repos.booking.orderByIdempotencyKey(user.id, key);
    if (earlier) return answerForOrder(deps, earlier, options.origin);
  }
  const exam = await openExam(deps, request.examId);
  // Most requests at a popular exam arrive after it filled up: answer them from this read without a transaction.
  // It only ever refuses; the seat itself is taken by the conditional UPDATE below.
  if (exam.seatsTaken >= exam.capacity) throw new AppError('SOLD_OUT');
  assertAccessCode(exam, request.accessCode);
  const { breakdown, who, promotion } = await priceSeats(deps, user, exam, 1, request.promoCode);
  const missing = missingProfileFields(who?.name ?? '', who?.profile ?? undefined);
  if (missing.length > 0) {
    throw new AppError(
      'PROFILE_INCOMPLETE',
      undefined,
      undefined,
      missing.map((field) => ({ path: field, message: 'required' })),
    );
  }
  assertConfirmedTotal(breakdown, request.expectedTotalFen);
  const now = deps.now();
  const free = breakdown.totalFen === 0;

  let booked: { registration: RegistrationRow; order: OrderRow };
  try {
    const registration = newRegistration(user.id, exam.id, free, now);
    const order = newBookingOrder(deps, { userId: user.id, examId: exam.id, breakdown, promotion, key, now });
    if (!(await bookSeat(deps.repos, registration, order))) throw new AppError('SOLD_OUT');
    booked = { registration, order };
  } catch (error) {
    const constraint = uniqueConstraintOf(error);
    if (constraint === undefined) throw error;
    // A concurrent request with the same key won the race: answer what it booked.
    const earlier = key ? await deps.repos.booking.orderByIdempotencyKey(user.id, key) : undefined;
    if (earlier) return answerForOrder(deps, earlier, options.origin);
    if (constraint === 'registrations_live_uq') throw new AppError('ALREADY_REGISTERED');
    throw error;
  }

  let { order } = booked;
  if (!free) order = await requestPayment(deps, order, exam, options.origin);
  const summary = await examSummaryRow(deps, exam.id);
  return {
    registration: toRegistrationView(deps, booked.registration, summary, order.id, null),
    order: toOrderView(order, exam, []),
    payment: { qrContent: order.qrContent ?? '' },
  };
}

/**
 * Asks the provider for the QR of a pending order and stores it. Providers treat a repeated request for the same
 * order as the same payment, so a retry (or a second request with the same Idempotency-Key) is safe. On failure
 * the order is canceled and its seats (or the held target seat of a change) are given back.
 */
export async function requestPayment(
  deps: BookingDeps,
  order: OrderRow,
  exam: OrderExam,
  origin: string,
): Promise<OrderRow> {
  const base = publicBase(deps, origin);
  try {
    const { qrContent } = await deps.payment.createOrder({
      orderId: order.id,
      description: { zh: exam.nameZh, en: exam.nameEn },
      amountFen: order.totalFen,
      expiresAt: order.expiresAt,
      notifyUrl: notifyUrl(deps, base),
      publicUrl: base,
    });
    await deps.repos.booking.setQrContent(order.id, qrContent);
    return { ...order, qrContent };
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'payment provider refused createOrder; releasing the hold');
    await freeingSeats(deps.seats, (freed) =>
      deps.uow.run((tx) => releaseHold(tx, freed, order, 'canceled', 'payment_failed', deps.now())),
    );
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
}

/**
 * Closes a pending order and gives back what it held: a booking's pending registrations are canceled and their
 * seats released; a change order releases only the target seat it held. False when it was no longer pending.
 */
export async function releaseHold(
  tx: Pick<Repositories, 'booking' | 'seats'>,
  freed: FreedSeats,
  order: OrderRow,
  status: 'expired' | 'canceled',
  reason: string,
  at: Date,
): Promise<boolean> {
  if (!(await tx.booking.closePendingOrder(order.id, status, at))) return false;
  if (order.purpose === 'change') {
    await releaseSeats(tx, freed, order.examId, 1);
    return true;
  }
  const items = await tx.booking.registrationsOfOrder(order.id);
  const canceled = await tx.booking.setRegistrationStatus(
    items.map((r) => r.id),
    ['pending'],
    'canceled',
    { canceledAt: at, cancelReason: reason },
  );
  const perExam = new Map<string, number>();
  for (const r of canceled) perExam.set(r.examId, (perExam.get(r.examId) ?? 0) + 1);
  for (const [examId, seats] of perExam) await releaseSeats(tx, freed, examId, seats);
  return true;
}

/** The answer to a repeated booking request: the same registration and order, with its QR (asked again if lost). */
async function answerForOrder(deps: BookingDeps, order: OrderRow, origin: string): Promise<RegistrationResponse> {
  const [registration] = await deps.repos.booking.registrationsOfOrder(order.id);
  const exam = await examSummaryRow(deps, order.examId);
  if (!registration) throw new Error(`order ${order.id} pays for no registration`);
  let current = order;
  if (current.status === 'pending' && current.qrContent === null) {
    current = await requestPayment(deps, current, exam.exam, origin);
  }
  const [refunds, ofRegistration] = await Promise.all([
    deps.repos.refunds.refundsOfOrders([current.id]),
    deps.repos.refunds.refundsOfRegistrations([registration.id], registration.userId),
  ]);
  const refund = ofRegistration.length > 0 ? refundTotalsOf(ofRegistration.map((r) => r.refund)) : null;
  return {
    registration: toRegistrationView(deps, registration, exam, current.id, refund),
    order: toOrderView(current, exam.exam, refunds),
    payment: { qrContent: current.qrContent ?? '' },
  };
}

/** Sweeps this many orders per transaction, so a backlog never holds many locks at once. */
const SWEEP_BATCH = 100;

/**
 * Expires pending orders whose hold ran out: their pending registrations are canceled (reason `expired`) and
 * seats released, a change order's held target seat released; then the provider is told to close each one (best
 * effort: a failure is logged, and a payment that still arrives is refunded by the notification path).
 */
export async function sweepExpiredOrders(deps: BookingDeps): Promise<number> {
  let swept = 0;
  for (;;) {
    const now = deps.now();
    const expired = await freeingSeats(deps.seats, (freed) =>
      deps.uow.run(async (tx) => {
        const due = await tx.booking.expiredPendingOrders(now, SWEEP_BATCH);
        const closed: OrderRow[] = [];
        for (const order of due) {
          if (await releaseHold(tx, freed, order, 'expired', 'expired', now)) closed.push(order);
        }
        return { due: due.length, closed };
      }),
    );
    for (const order of expired.closed) {
      await deps.payment.closeOrder(order.id).catch((error: unknown) => {
        deps.log.warn({ err: error, orderId: order.id }, 'provider closeOrder failed for an expired order');
      });
    }
    swept += expired.closed.length;
    if (expired.due < SWEEP_BATCH) return swept;
  }
}

export async function getOrder(deps: BookingDeps, user: UserRow, orderId: string) {
  const row = await deps.repos.booking.orderWithExam(orderId, user.id);
  if (!row) throw notFound('order');
  return row;
}
