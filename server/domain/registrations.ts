import type {
  CancelResponse,
  CenterVerificationStatus,
  ChangeRequest,
  ChangeResponse,
  ExamSummary,
  RefundReason,
  RegistrationList,
  RegistrationStatus,
  RegistrationView,
  Ticket,
} from '../../contract';
import { maskIdCard } from '../../contract/idcard';
import { uniqueConstraintOf } from '../db/errors';
import type { ExamRow, ExamSummaryRow, OrderRow, OrderSeatsRow, RegistrationRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { assertAccessCode, examSummaryRow, releaseHold, requestPayment } from './booking';
import { assertTicketPhoto } from './candidatePhoto';
import { lockedFrom, startsAfterLock } from './changeLock';
import type { BookingDeps } from './deps';
import { type OwedRefund, settleRefunds } from './payments';
import type { Repositories } from './ports';
import { priceBooking } from './pricing';
import { type TicketPlace, ticketPlaces } from './seating';
import { type FreedSeats, freeingSeats, releaseSeats, takeSeat } from './seats';
import type { TicketSigner } from './tickets';
import { toExamSummary } from './views/exams';
import { toOrderView } from './views/orders';
import { refundTotalsOf } from './views/refunds';
import { toRegistrationView } from './views/registrations';

export interface RegistrationDeps extends BookingDeps {
  tickets: Pick<TicketSigner, 'signTicket'>;
}

const MINUTE_MS = 60_000;

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No registration of yours has this id.');
}

/** Views of one user's registrations. */
async function views(deps: BookingDeps, user: UserRow, rows: (RegistrationRow | undefined)[]) {
  const present = rows.filter((r) => r !== undefined);
  const ids = present.map((r) => r.id);
  const [exams, orderIds, groupSeats, refunds] = await Promise.all([
    deps.repos.exams.examSummaries([...new Set(present.map((r) => r.examId))]),
    deps.repos.orders.currentOrderIds(ids),
    deps.repos.registrations.groupSeats(ids),
    deps.repos.refunds.refundsOfRegistrations(ids, user.id),
  ]);
  const byId = new Map(exams.map((e) => [e.exam.id, e]));
  return present.map((r) => {
    const exam = byId.get(r.examId);
    if (!exam) throw new Error(`registration ${r.id} names a missing exam`);
    const own = refunds.filter((refund) => refund.registrationId === r.id).map((refund) => refund.refund);
    const refund = own.length > 0 ? refundTotalsOf(own) : null;
    return toRegistrationView(deps, r, exam, orderIds.get(r.id) ?? null, refund, groupSeats.get(r.id) ?? null);
  });
}

async function viewOf(deps: BookingDeps, user: UserRow, id: string): Promise<RegistrationView> {
  const [view] = await views(deps, user, [await deps.repos.registrations.registration(id, user.id)]);
  if (!view) throw notFound();
  return view;
}

/** One of the user's registrations, as the list shows it; NOT_FOUND for anyone else's id. */
export function getRegistration(deps: BookingDeps, user: UserRow, id: string): Promise<RegistrationView> {
  return viewOf(deps, user, id);
}

/** The user's registrations, newest first, optionally of one status. */
export async function listRegistrations(
  deps: BookingDeps,
  user: UserRow,
  query: { current: number; pageSize: number; status?: RegistrationStatus | undefined },
): Promise<RegistrationList> {
  const { current, pageSize } = query;
  const { rows, total } = await deps.repos.registrations.registrationsPage(
    user.id,
    query.status,
    (current - 1) * pageSize,
    pageSize,
  );
  return { list: await views(deps, user, rows), total, current, pageSize };
}

/** Who a ticket names: the candidate's name, ID number (masked on the ticket), login phone and avatar. */
export interface TicketHolder {
  name: string;
  idNumber: string;
  phone: string;
  avatarSmall: string | null;
}

/**
 * The ticket of a booked registration: its token once released (a canceled one shows without, so it cannot be
 * checked in), signed for the registration's current ticket version; the room and seat once released.
 */
async function ticketOf(
  deps: Pick<RegistrationDeps, 'tickets'>,
  registration: RegistrationRow,
  exam: ExamSummaryRow,
  holder: TicketHolder,
  place: TicketPlace,
): Promise<Ticket> {
  const token =
    registration.status === 'canceled' || !place.released
      ? null
      : await deps.tickets.signTicket({
          registrationId: registration.id,
          examId: registration.examId,
          startsAt: exam.exam.startsAt,
          version: registration.ticketVersion,
        });
  return {
    registrationId: registration.id,
    status: registration.status,
    exam: toExamSummary(exam),
    candidate: {
      name: holder.name,
      maskedIdNumber: maskIdCard(holder.idNumber),
      phone: holder.phone,
      avatar_small: holder.avatarSmall,
    },
    token,
    seat: place.released ? place.seat : null,
    releasesAt: place.released ? null : place.releasesAt.toISOString(),
  };
}

/** The tickets of registrations of one exam, each with who it names, in the order given. */
export async function ticketsOf(
  deps: Pick<RegistrationDeps, 'tickets' | 'repos' | 'now'>,
  exam: ExamSummaryRow,
  holders: { registration: RegistrationRow; holder: TicketHolder }[],
): Promise<Ticket[]> {
  const places = await ticketPlaces(
    deps.repos,
    exam.exam,
    holders.map((h) => h.registration.id),
    deps.now(),
  );
  return Promise.all(
    holders.map(({ registration, holder }) => {
      const place = places.get(registration.id);
      if (!place) throw new Error(`registration ${registration.id} has no ticket place`);
      return ticketOf(deps, registration, exam, holder, place);
    }),
  );
}

/** The admission ticket of one of the user's registrations: issued once paid. */
export async function getTicket(deps: RegistrationDeps, user: UserRow, id: string): Promise<Ticket> {
  const registration = await deps.repos.registrations.registration(id, user.id);
  if (!registration) throw notFound();
  if (registration.status === 'pending') throw new AppError('TICKET_NOT_ISSUED');
  // Only a ticket still to be shown at the door needs the photo; a canceled or used one stays readable.
  if (registration.status === 'register') assertTicketPhoto(await deps.repos.profiles.photoOf(user.id));
  const [exam, who] = await Promise.all([
    examSummaryRow(deps, registration.examId),
    deps.repos.profiles.bookingProfile(user.id),
  ]);
  const holder = {
    name: who?.name ?? '',
    idNumber: who?.profile?.idNumber ?? '',
    phone: user.phone,
    avatarSmall: who?.avatarSmall ?? null,
  };
  const [ticket] = await ticketsOf(deps, exam, [{ registration, holder }]);
  if (!ticket) throw new Error(`registration ${id} has no ticket`);
  return ticket;
}

/** Exam codes carry their date at the end (HSK-4-20261212); the same exam on another day shares the rest. */
function codeBase(code: string): string {
  return code.replace(/-\d{8}$/, '');
}

/** The payer decides (issue 11, item C): a group seat is its coordinator's to change or cancel, not its member's. */
function payerOnly(): AppError {
  return new AppError('GROUP_SEAT_PAYER_ONLY');
}

/** A registration of the user's that they may change: theirs, and not a seat a group coordinator paid for. */
async function ownBooking(deps: BookingDeps, user: UserRow, id: string): Promise<RegistrationRow> {
  const registration = await deps.repos.registrations.registration(id, user.id);
  if (!registration) throw notFound();
  if ((await deps.repos.registrations.groupSeats([id])).has(id)) throw payerOnly();
  return registration;
}

/** Open exams a booked registration may move to: same exam code or category, seats left, outside the lock. */
export async function changeOptions(deps: BookingDeps, user: UserRow, id: string): Promise<ExamSummary[]> {
  const registration = await ownBooking(deps, user, id);
  const current = await deps.repos.exams.exam(registration.examId);
  if (!current) throw notFound();
  const now = deps.now();
  const rows = await deps.repos.exams.changeTargets({
    excludeExamId: current.id,
    categoryId: current.categoryId,
    codePrefix: codeBase(current.code),
    now,
    startsAfter: startsAfterLock(deps, now),
  });
  return rows.map(toExamSummary);
}

function isValidTarget(
  deps: BookingDeps,
  target: (ExamRow & { centerStatus: CenterVerificationStatus }) | undefined,
  current: ExamRow,
  now: Date,
) {
  return (
    target !== undefined &&
    target.id !== current.id &&
    target.centerStatus === 'approved' &&
    target.status === 'active' &&
    target.registrationEndsAt > now &&
    target.startsAt > startsAfterLock(deps, now) &&
    (target.categoryId === current.categoryId || codeBase(target.code) === codeBase(current.code))
  );
}

/** What a registration may still get back from one order: a single seat's order all that is left of it. */
function refundableFrom(order: OrderRow, seats: number): number {
  const left = order.totalFen - order.refundBookedFen;
  return seats <= 1 ? left : Math.min(Math.floor(order.totalFen / seats), left);
}

/** Books refunds of up to `amountFen` against the registration's paid orders, the original booking first. */
async function oweBack(
  tx: Repositories,
  paid: { order: OrderRow; seats: number }[],
  amountFen: number,
  reason: RefundReason,
  at: Date,
): Promise<OwedRefund[]> {
  const owed: OwedRefund[] = [];
  let left = amountFen;
  for (const { order, seats } of paid) {
    if (left <= 0) break;
    if (order.status !== 'paid') continue;
    const take = Math.min(left, refundableFrom(order, seats));
    const refund = await tx.refunds.owePaymentBack(order.id, take, reason, at);
    if (refund) {
      owed.push({ refund, totalFen: order.totalFen });
      left -= take;
    }
  }
  return owed;
}

async function closeAtProvider(deps: BookingDeps, orders: OrderRow[]): Promise<void> {
  for (const order of orders) {
    await deps.payment.closeOrder(order.id).catch((error: unknown) => {
      deps.log.warn({ err: error, orderId: order.id }, 'provider closeOrder failed');
    });
  }
}

/**
 * Moves a booked registration to another exam, outside the lock window. The target seat is taken at once (a
 * conditional update). Same price or cheaper: the move happens now and a cheaper target refunds the fee difference
 * against what was paid. Dearer: a change order for the fee difference (no discounts, no handling) holds the target
 * seat; paying it moves the registration, its expiry releases the held seat. An earlier unpaid change order of the
 * same registration is dropped: the latest choice wins. The optional promo code of the request is not applied. A
 * target open only to invited candidates needs its access code, as booking it would (ACCESS_CODE_INVALID).
 */
export async function changeRegistration(
  deps: BookingDeps,
  user: UserRow,
  id: string,
  request: ChangeRequest,
  origin: string,
): Promise<ChangeResponse> {
  const now = deps.now();
  const registration = await ownBooking(deps, user, id);
  if (registration.status !== 'register') throw new AppError('STATUS_TRANSITION_INVALID');
  const current = await deps.repos.exams.exam(registration.examId);
  if (!current) throw notFound();
  if (now >= lockedFrom(deps, current.startsAt)) throw new AppError('RESERVATION_LOCKED');
  const target = await deps.repos.exams.exam(request.examId);
  if (!target || !isValidTarget(deps, target, current, now)) throw new AppError('CHANGE_TARGET_INVALID');
  assertAccessCode(target, request.accessCode);
  if (await deps.repos.registrations.hasLiveRegistration(user.id, target.id)) throw new AppError('ALREADY_REGISTERED');
  const difference = target.feeFen - current.feeFen;

  const outcome = await moveOrHold(deps, async (tx, freed) => {
    const orders = await tx.orders.ordersOfRegistration(id);
    const locked = await tx.registrations.lockRegistration(id, user.id);
    if (locked?.status !== 'register' || locked.examId !== current.id) {
      throw new AppError('STATUS_TRANSITION_INVALID');
    }
    const replaced: OrderRow[] = [];
    for (const { order } of orders) {
      if (order.purpose === 'change' && (await releaseHold(tx, freed, order, 'canceled', 'replaced', now))) {
        replaced.push(order);
      }
    }
    if (!(await takeSeat(tx, target.id))) throw new AppError('SOLD_OUT');
    if (difference <= 0) {
      if (!(await tx.registrations.moveRegistration(id, current.id, target.id)))
        throw new AppError('STATUS_TRANSITION_INVALID');
      await releaseSeats(tx, freed, current.id, 1);
      const refunds = await oweBack(tx, orders, -difference, 'change', now);
      return { replaced, refunds, changeOrder: undefined };
    }
    const breakdown = priceBooking({ unitPriceFen: difference, quantity: 1, handlingFeeBps: 0 });
    const changeOrder = await tx.orders.insertOrder(
      {
        id: uuidv7(now.getTime()),
        userId: user.id,
        purpose: 'change',
        status: 'pending',
        examId: target.id,
        breakdown,
        totalFen: breakdown.totalFen,
        provider: deps.payment.name,
        expiresAt: new Date(now.getTime() + deps.config.holdMinutes * MINUTE_MS),
        createdAt: now,
      },
      [id],
    );
    return { replaced, refunds: [] as OwedRefund[], changeOrder };
  });

  await closeAtProvider(deps, outcome.replaced);
  await settleRefunds(deps, outcome.refunds);
  const refundFen = outcome.refunds.reduce((sum, r) => sum + r.refund.amountFen, 0);
  if (!outcome.changeOrder) {
    return { registration: await viewOf(deps, user, id), order: null, payment: null, refundFen };
  }
  const order = await requestPayment(deps, outcome.changeOrder, target, origin);
  return {
    registration: await viewOf(deps, user, id),
    order: toOrderView(order, target, []),
    payment: { qrContent: order.qrContent ?? '' },
    refundFen: 0,
  };
}

/** Runs the change transaction; a concurrent booking of the target by the same user surfaces as ALREADY_REGISTERED. */
async function moveOrHold<T>(deps: BookingDeps, work: (tx: Repositories, freed: FreedSeats) => Promise<T>): Promise<T> {
  try {
    return await freeingSeats(deps.seats, (freed) => deps.uow.run((tx) => work(tx, freed)));
  } catch (error) {
    if (uniqueConstraintOf(error) === 'registrations_live_uq') throw new AppError('ALREADY_REGISTERED');
    throw error;
  }
}

interface Cancellation {
  /** Pending orders closed here, to close at the provider too. */
  closed: OrderRow[];
  refunds: OwedRefund[];
}

/**
 * Inside `tx`, with the registration and its orders locked: a booked registration, outside the lock window, is
 * canceled, its seat released, an unpaid change order dropped, and everything paid for it and not yet refunded owed
 * back to the orders that paid it (a group seat: its share of the coordinator's order). Anything else (pending,
 * checked in, completed, already canceled) is refused, so a double submit changes things once.
 */
async function cancelBooked(
  deps: BookingDeps,
  tx: Repositories,
  freed: FreedSeats,
  registration: RegistrationRow,
  orders: OrderSeatsRow[],
  reason: 'candidate' | 'coordinator',
  now: Date,
): Promise<Cancellation> {
  if (registration.status !== 'register') throw new AppError('STATUS_TRANSITION_INVALID');
  const exam = await tx.exams.exam(registration.examId);
  if (!exam || now >= lockedFrom(deps, exam.startsAt)) throw new AppError('RESERVATION_LOCKED');
  await tx.registrations.setRegistrationStatus([registration.id], ['register'], 'canceled', {
    canceledAt: now,
    cancelReason: reason,
  });
  await releaseSeats(tx, freed, registration.examId, 1);
  const closed: OrderRow[] = [];
  for (const { order } of orders) {
    if (order.purpose === 'change' && (await releaseHold(tx, freed, order, 'canceled', reason, now)))
      closed.push(order);
  }
  const paid = orders.filter(({ order }) => order.status === 'paid');
  const everything = paid.reduce((sum, { order, seats }) => sum + refundableFrom(order, seats), 0);
  return { closed, refunds: await oweBack(tx, paid, everything, 'canceled', now) };
}

/** After the transaction: the provider closes what was closed and pays the refunds owed. */
async function settleCancellation(deps: BookingDeps, outcome: Cancellation): Promise<OwedRefund[]> {
  await closeAtProvider(deps, outcome.closed);
  await settleRefunds(deps, outcome.refunds);
  return outcome.refunds;
}

const refundedFen = (refunds: OwedRefund[]) => refunds.reduce((sum, r) => sum + r.refund.amountFen, 0);

/**
 * Cancels a registration. An unpaid hold is let go (its order closed, the seat released) at any time; a booked one
 * as cancelBooked says. A group seat is refused (GROUP_SEAT_PAYER_ONLY): its coordinator paid and cancels it.
 */
export async function cancelRegistration(deps: BookingDeps, user: UserRow, id: string): Promise<CancelResponse> {
  const now = deps.now();
  const outcome = await freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx): Promise<Cancellation> => {
      const orders = await tx.orders.ordersOfRegistration(id);
      const registration = await tx.registrations.lockRegistration(id, user.id);
      if (!registration) throw notFound();
      if (orders.some(({ order }) => order.purpose === 'booking' && order.userId !== user.id)) throw payerOnly();
      if (registration.status !== 'pending')
        return cancelBooked(deps, tx, freed, registration, orders, 'candidate', now);
      const closed: OrderRow[] = [];
      for (const { order } of orders) {
        if (await releaseHold(tx, freed, order, 'canceled', 'candidate', now)) closed.push(order);
      }
      // A hold whose order is somehow gone still gives its seat back.
      const left = await tx.registrations.setRegistrationStatus([id], ['pending'], 'canceled', {
        canceledAt: now,
        cancelReason: 'candidate',
      });
      await releaseSeats(tx, freed, registration.examId, left.length);
      return { closed, refunds: [] };
    }),
  );
  const refunds = await settleCancellation(deps, outcome);
  return { registration: await viewOf(deps, user, id), refundFen: refundedFen(refunds) };
}

/**
 * A group coordinator cancels the booked seat of one of their members (the caller has checked the seat is in their
 * group's order). Answers the refunds owed, each naming the order it goes back to.
 */
export async function cancelMemberSeat(
  deps: BookingDeps,
  registration: Pick<RegistrationRow, 'id' | 'userId'>,
): Promise<OwedRefund[]> {
  const now = deps.now();
  const outcome = await freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx) => {
      const orders = await tx.orders.ordersOfRegistration(registration.id);
      const locked = await tx.registrations.lockRegistration(registration.id, registration.userId);
      if (!locked) throw notFound();
      return cancelBooked(deps, tx, freed, locked, orders, 'coordinator', now);
    }),
  );
  return settleCancellation(deps, outcome);
}
