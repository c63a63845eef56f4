import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  CenterVerificationStatus,
  PriceBreakdown,
  Quote,
  QuoteRequest,
  RegistrationRequest,
  RegistrationResponse,
} from '../../contract';
import { uniqueConstraintOf } from '../db/errors';
import type {
  ExamBriefRow,
  ExamRow,
  ExamSummaryRow,
  OrderRow,
  RegistrationRow,
  UserRow,
  WaitlistEntryRow,
} from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import type { CreatePaymentRequest } from '../providers/payment/types';
import { VISIBLE_CENTER_STATUSES } from './centerVerification';
import type { BookingDeps } from './deps';
import type { Repositories, SeatOutcome } from './ports';
import { type Promotion, priceBooking } from './pricing';
import { missingProfileFields } from './profile';
import { applicableInvitation, checkoutPromotion, claimCappedCodes, usesCappedCode } from './promotions';
import { bookSeat, type FreedSeats, freeingSeats, releaseSeats, type SeatWriter } from './seats';
import { toOrderView } from './views/orders';
import { refundTotalsOf } from './views/refunds';
import { toRegistrationView } from './views/registrations';
import { assertAdmitted } from './waitingRoom';
import { acceptOffer, lockOpenOffer, openOffer } from './waitlist';

const MINUTE_MS = 60_000;

/** The summary row of one exam, which must exist (callers hold a registration or order naming it). */
export async function examSummaryRow(
  deps: { repos: Pick<Repositories, 'exams'> },
  examId: string,
): Promise<ExamSummaryRow> {
  const row = await deps.repos.exams.examSummary(examId);
  if (!row) throw new Error(`exam ${examId} has no summary row`);
  return row;
}

function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, `No ${what} has this id.`);
}

/** A published exam candidates may see: not a draft, and its center approved (or suspended: bookings stand). */
export async function bookableExam(
  deps: BookingDeps,
  examId: string,
): Promise<ExamRow & { centerStatus: CenterVerificationStatus }> {
  const exam = await deps.repos.exams.exam(examId);
  if (!exam || exam.status === 'inactive' || !VISIBLE_CENTER_STATUSES.includes(exam.centerStatus)) {
    throw notFound('exam');
  }
  if (exam.centerStatus !== 'approved') throw new AppError('CENTER_NOT_APPROVED');
  return exam;
}

/** An exam that takes bookings now: its center approved, active, registration not yet ended, not started. */
export async function openExam(deps: BookingDeps, examId: string): Promise<ExamRow> {
  const exam = await bookableExam(deps, examId);
  const now = deps.now();
  if (exam.status !== 'active' || exam.registrationEndsAt <= now || exam.startsAt <= now) {
    throw new AppError('REGISTRATION_CLOSED');
  }
  if (exam.registrationOpensAt && exam.registrationOpensAt > now) throw new AppError('REGISTRATION_NOT_OPEN');
  return exam;
}

/** Equal-time comparison of what the candidate typed with the exam's code; refuses a wrong or missing one. */
export function assertAccessCode(exam: Pick<ExamRow, 'accessCode'>, given: string | undefined): void {
  if (exam.accessCode === null) return;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (given === undefined || !timingSafeEqual(digest(given), digest(exam.accessCode))) {
    throw new AppError('ACCESS_CODE_INVALID');
  }
}

/**
 * The priced order of `quantity` seats for `user`: the referral of their profile's invitation code when it applies
 * to this exam, and the promotion they typed. The quote and the booking both price here, so the amount charged is
 * the amount shown.
 */
export async function priceSeats(
  deps: BookingDeps,
  user: UserRow,
  exam: Pick<ExamRow, 'id' | 'categoryId' | 'feeFen'>,
  quantity: number,
  promoCode: string | undefined,
) {
  const promotion = await checkoutPromotion(deps, promoCode, exam);
  const who = await deps.repos.profiles.bookingProfile(user.id);
  const invitation = await applicableInvitation(deps, who?.invitation, exam);
  const breakdown = priceBooking({
    unitPriceFen: exam.feeFen,
    quantity,
    referral: invitation,
    promotion,
    handlingFeeBps: deps.config.handlingFeeBps,
  });
  return { breakdown, who, promotion, invitation, referralCode: invitation?.code ?? null };
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
  exam: Pick<ExamRow, 'id' | 'startsAt'>,
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
    roomId: null,
    seat: null,
    ticketVersion: 1,
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
    /** The profile's invitation code the price used, or null. */
    referralCode: string | null;
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
    invitationCode: input.referralCode,
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

/**
 * The checks of a single booking before anything is written: the exam open and not full (from a recent read), its
 * access code, the candidate's complete profile, and the price confirmed. Answers the exam, the reads it came from,
 * and the price.
 */
async function checkBooking(deps: BookingDeps, user: UserRow, request: RegistrationRequest) {
  // The exam's reads are shared for a moment by everyone booking it (domain/recentExams.ts).
  const recent: BookingDeps = { ...deps, repos: { ...deps.repos, exams: deps.recentExams.exams } };
  const exam = await openExam(recent, request.examId);
  // A candidate offered a seat from the waiting list books the seat held for them: no admission needed. Their offer
  // is looked up only when the exam looks full or they lack an admission, so other bookings read nothing more.
  const full = exam.seatsTaken >= exam.capacity;
  const now = deps.now();
  let offer = full ? await openOffer(deps, exam.id, user.id, now) : undefined;
  if (!offer) {
    try {
      assertAdmitted(deps, exam, user.id, request.admissionToken);
    } catch (error) {
      offer = await openOffer(deps, exam.id, user.id, now);
      if (!offer) throw error;
    }
  }
  // Most requests at a popular exam arrive after it filled up: answer them from this read without a transaction.
  // It only ever refuses; the seat itself is taken by the conditional UPDATE of the seat statement.
  if (full && !offer) throw new AppError('SOLD_OUT');
  assertAccessCode(exam, request.accessCode);
  const { breakdown, who, promotion, invitation, referralCode } = await priceSeats(
    deps,
    user,
    exam,
    1,
    request.promoCode,
  );
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
  return { exam, recent, breakdown, promotion, invitation, referralCode, offer };
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
  // A request repeating an Idempotency-Key that already booked is answered that booking: by the seat statement,
  // which finds the key, or here when a check refuses it (the exam filled up or closed since, the price changed),
  // so a first request never spends a round trip looking its key up.
  let checked: Awaited<ReturnType<typeof checkBooking>>;
  try {
    checked = await checkBooking(deps, user, request);
  } catch (error) {
    const earlier =
      key && error instanceof AppError ? await deps.repos.orders.orderByIdempotencyKey(user.id, key) : undefined;
    if (earlier) return answerForOrder(deps, earlier, options.origin);
    throw error;
  }
  const { exam, recent, breakdown, promotion, invitation, referralCode } = checked;
  let { offer } = checked;
  const now = deps.now();
  const free = breakdown.totalFen === 0;

  const registration = newRegistration(user.id, exam.id, free, now);
  const booked = newBookingOrder(deps, {
    userId: user.id,
    examId: exam.id,
    breakdown,
    promotion,
    referralCode,
    key,
    now,
  });
  let outcome: SeatOutcome;
  try {
    if (offer) {
      outcome = await bookOffer(deps, offer, registration, booked, promotion, invitation, now);
    } else if (usesCappedCode(promotion, invitation)) {
      // A capped code is claimed in the booking's own transaction.
      outcome = await deps.uow.run(async (tx) => {
        await claimCappedCodes(tx, promotion, invitation);
        return (await bookSeat(tx, registration, booked)) ? 'seated' : 'soldOut';
      });
    } else {
      // Seated with the others waiting for the same exam, one statement for many (domain/bookingBatch.ts); a local
      // provider's payment (the sandbox's) is written in that statement too.
      const payment = free ? undefined : deps.payment.localOrder?.(paymentRequest(deps, booked, exam, options.origin));
      if (payment) booked.qrContent = payment.qrContent;
      outcome = await deps.seatBatches.book({ registration, order: booked, payment: payment?.ledger });
      // The exam read was a moment old: it may have filled up with a seat held for this very candidate since.
      offer = outcome === 'soldOut' ? await openOffer(deps, exam.id, user.id, now) : undefined;
      if (offer) {
        booked.qrContent = null;
        outcome = await bookOffer(deps, offer, registration, booked, promotion, invitation, now);
      }
    }
  } catch (error) {
    const constraint = uniqueConstraintOf(error);
    if (constraint === 'registrations_live_uq') outcome = 'registered';
    else if (constraint === 'orders_idempotency_uq') outcome = 'keyUsed';
    else throw error;
  }
  if (outcome !== 'seated') {
    // A request with the same key came first (or won the race): answer what it booked.
    const earlier = key ? await deps.repos.orders.orderByIdempotencyKey(user.id, key) : undefined;
    if (earlier) return answerForOrder(deps, earlier, options.origin);
    if (outcome === 'soldOut') throw new AppError('SOLD_OUT');
    if (outcome === 'registered') throw new AppError('ALREADY_REGISTERED');
    throw new Error(`the booking of ${user.id} collided on its idempotency key, yet no order has it`);
  }

  let order = booked;
  if (!free && order.qrContent === null) order = await requestPayment(deps, order, exam, options.origin);
  const summary = await examSummaryRow(recent, exam.id);
  return {
    registration: toRegistrationView(deps, registration, summary, order.id, null),
    order: toOrderView(order, exam, []),
    payment: { qrContent: order.qrContent ?? '' },
  };
}

/**
 * Books the seat the waiting list holds for the candidate (exams.seats_taken counts it already, so no seat is
 * taken): in one transaction the offer -> accepted, then the registration and its order as any booking's. 'soldOut'
 * when the offer lapsed or was declined meanwhile.
 */
async function bookOffer(
  deps: BookingDeps,
  offer: WaitlistEntryRow,
  registration: RegistrationRow,
  order: OrderRow,
  promotion: Parameters<typeof usesCappedCode>[0],
  invitation: Parameters<typeof usesCappedCode>[1],
  now: Date,
): Promise<SeatOutcome> {
  return deps.uow.run(async (tx) => {
    if (!(await lockOpenOffer(tx, offer, now))) return 'soldOut';
    if (usesCappedCode(promotion, invitation)) await claimCappedCodes(tx, promotion, invitation);
    await tx.registrations.insertRegistrations([registration]);
    await tx.orders.insertOrder(order, [registration.id]);
    await acceptOffer(tx, offer, registration.id, now);
    return 'seated';
  });
}

/** What the provider is asked for an order: its amount, what it buys, until when, and where to notify. */
function paymentRequest(
  deps: Pick<BookingDeps, 'links' | 'payment'>,
  order: OrderRow,
  exam: ExamBriefRow,
  origin: string,
): CreatePaymentRequest {
  const base = deps.links.publicBase(origin);
  return {
    orderId: order.id,
    description: { zh: exam.nameZh, en: exam.nameEn },
    amountFen: order.totalFen,
    expiresAt: order.expiresAt,
    notifyUrl: deps.links.paymentNotify(base, deps.payment.name),
    publicUrl: base,
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
  exam: ExamBriefRow,
  origin: string,
): Promise<OrderRow> {
  try {
    const { qrContent } = await deps.payment.createOrder(paymentRequest(deps, order, exam, origin));
    await deps.repos.orders.setQrContent(order.id, qrContent);
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
  tx: Pick<Repositories, 'orders' | 'registrations'> & SeatWriter,
  freed: FreedSeats,
  order: OrderRow,
  status: 'expired' | 'canceled',
  reason: string,
  at: Date,
): Promise<boolean> {
  if (!(await tx.orders.closePendingOrder(order.id, status, at))) return false;
  if (order.purpose === 'change') {
    await releaseSeats(tx, freed, order.examId, 1);
    return true;
  }
  const items = await tx.registrations.registrationsOfOrder(order.id);
  const canceled = await tx.registrations.setRegistrationStatus(
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
  const [registration] = await deps.repos.registrations.registrationsOfOrder(order.id);
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
        const due = await tx.orders.expiredPendingOrders(now, SWEEP_BATCH);
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
