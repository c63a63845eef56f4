import type { OrderView, WalletOrder } from '../../contract';
import type { UserRow } from '../db/repositories/auth';
import type { BookingRepository, OrderRow } from '../db/repositories/booking';
import type { PaymentOutcome, RefundRow } from '../db/repositories/payments';
import { AppError } from '../errors';
import {
  hasWallet,
  type NotificationInput,
  NotificationRejected,
  type PaymentProvider,
  type SandboxPaymentProvider,
  type VerifiedPayment,
  WalletConfirmRefused,
} from '../providers/payment';
import { type BookingDeps, getOrder, toOrderView } from './booking';

/** A refund booked in the ledger, to be sent to the provider once the transaction that booked it committed. */
export interface OwedRefund {
  refund: RefundRow;
  totalFen: number;
}

export interface NotificationAnswer {
  status: number;
  body: unknown;
  outcome: PaymentOutcome;
}

/**
 * The one entry of every payment notification (HTTP callbacks of any provider and the sandbox wallet): verify the
 * signature, then apply it once. A forged, tampered or stale notification changes nothing and is answered with
 * the provider's refusal.
 */
export async function handlePaymentNotification(
  deps: BookingDeps,
  providerName: string,
  input: NotificationInput,
): Promise<NotificationAnswer> {
  const provider = deps.payment;
  if (provider.name !== providerName) throw new AppError('NOT_FOUND');
  let payment: VerifiedPayment;
  try {
    payment = await provider.verifyNotification(input);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    deps.log.warn(
      { provider: provider.name, reason: error.reason, detail: error.message },
      'payment notification rejected',
    );
    await deps.repo.recordPaymentEvent({
      provider: provider.name,
      orderId: null,
      outcome: 'rejected',
      detail: `${error.reason}: ${error.message}`,
      at: deps.now(),
    });
    return { ...provider.acknowledge(false), outcome: 'rejected' };
  }
  const outcome = await applyVerifiedPayment(deps, payment);
  return { ...provider.acknowledge(outcome !== 'rejected'), outcome };
}

/**
 * Applies a payment the provider vouched for (a verified notification or its answer to our own query), in one
 * transaction with the order locked, so concurrent or replayed notifications change the order once:
 * - unknown order or an amount other than the total: rejected, nothing changes;
 * - already paid (or refunded after being paid): duplicate;
 * - pending, even a little past its hold when the sweeper has not expired it yet: paid, registrations booked,
 *   a change order moves its registration;
 * - expired or canceled: the money is refunded in full at once (`late_refunded`); the seat is not taken again,
 *   since it may already be someone else's.
 */
export async function applyVerifiedPayment(deps: BookingDeps, payment: VerifiedPayment): Promise<PaymentOutcome> {
  const now = deps.now();
  const provider = deps.payment.name;
  const result = await deps.repo.transaction(async (tx) => {
    const decided = await decide(tx, payment, provider, now);
    await tx.recordPaymentEvent({
      provider,
      orderId: decided.orderId,
      outcome: decided.outcome,
      detail: decided.detail,
      at: now,
    });
    return decided;
  });
  if (result.outcome === 'rejected') {
    deps.log.warn({ provider, orderId: payment.orderId, detail: result.detail }, 'verified payment not applied');
  }
  await settleRefunds(deps, result.refunds);
  return result.outcome;
}

async function decide(
  tx: BookingRepository,
  payment: VerifiedPayment,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<{ outcome: PaymentOutcome; orderId: string | null; detail: string; refunds: OwedRefund[] }> {
  const order = await tx.lockOrder(payment.orderId);
  const tag = `transaction ${payment.transactionId}`;
  if (!order || order.provider !== provider) {
    return { outcome: 'rejected', orderId: null, detail: `unknown order ${payment.orderId}, ${tag}`, refunds: [] };
  }
  if (payment.amountFen !== order.totalFen) {
    const detail = `amount ${payment.amountFen} fen differs from the order total ${order.totalFen} fen, ${tag}`;
    return { outcome: 'rejected', orderId: order.id, detail, refunds: [] };
  }
  if (order.status === 'paid' || order.status === 'refunded') {
    return { outcome: 'duplicate', orderId: order.id, detail: tag, refunds: [] };
  }
  const paid = { transactionId: payment.transactionId, paidAt: payment.paidAt };
  if (order.status === 'pending') {
    await tx.markOrderPaid(order.id, paid);
    const refunds =
      order.purpose === 'change' ? await completeChange(tx, order, now) : await bookRegistrations(tx, order);
    return { outcome: 'applied', orderId: order.id, detail: tag, refunds };
  }
  await tx.recordLatePayment(order.id, paid);
  const refund = await tx.owePaymentBack(order.id, order.totalFen, 'late_payment', now);
  return {
    outcome: 'late_refunded',
    orderId: order.id,
    detail: `${tag} arrived for a ${order.status} order`,
    refunds: refund ? [{ refund, totalFen: order.totalFen }] : [],
  };
}

async function bookRegistrations(tx: BookingRepository, order: OrderRow): Promise<OwedRefund[]> {
  const items = await tx.registrationsOfOrder(order.id);
  await tx.setRegistrationStatus(
    items.map((r) => r.id),
    ['pending'],
    'register',
  );
  return [];
}

/**
 * A paid change order moves its registration to the target exam (whose seat it held) and releases the old seat.
 * If the registration can no longer move, the held seat and the money go back.
 */
async function completeChange(tx: BookingRepository, order: OrderRow, now: Date): Promise<OwedRefund[]> {
  const [registration] = await tx.registrationsOfOrder(order.id);
  // Booking the target exam meanwhile would make the move a second live registration there.
  const movable = registration && !(await tx.hasLiveRegistration(registration.userId, order.examId));
  if (registration && movable && (await tx.moveRegistration(registration.id, registration.examId, order.examId))) {
    await tx.releaseSeats(registration.examId, 1);
    return [];
  }
  await tx.releaseSeats(order.examId, 1);
  const refund = await tx.owePaymentBack(order.id, order.totalFen, 'change_failed', now);
  return refund ? [{ refund, totalFen: order.totalFen }] : [];
}

/**
 * Sends booked refunds to the provider. A refusal is logged and the row marked failed; the sweeper retries it,
 * and the candidate's transaction list already shows the amount as refunded.
 */
export async function settleRefunds(deps: BookingDeps, owed: OwedRefund[]): Promise<void> {
  for (const { refund, totalFen } of owed) {
    try {
      const result = await deps.payment.refund({
        orderId: refund.orderId,
        refundId: refund.id,
        amountFen: refund.amountFen,
        totalFen,
        reason: refund.reason,
      });
      await deps.repo.completeRefund(refund.id, result, deps.now());
    } catch (error) {
      deps.log.error({ err: error, refundId: refund.id, orderId: refund.orderId }, 'provider refund failed');
      await deps.repo.completeRefund(refund.id, 'failed', deps.now());
    }
  }
}

/** Refunds the provider did not accept are tried again once they are a minute old. */
export async function retryUnfinishedRefunds(deps: BookingDeps): Promise<void> {
  const due = await deps.repo.unfinishedRefunds(new Date(deps.now().getTime() - 60_000), 50);
  await settleRefunds(deps, due);
}

/**
 * One of the user's orders. With `refresh`, a pending order is checked with the provider, and a paid answer is
 * applied exactly like a notification (no signature step: the answer came from our own authenticated call).
 */
export async function orderForUser(
  deps: BookingDeps,
  user: UserRow,
  orderId: string,
  refresh: boolean,
): Promise<OrderView> {
  const row = await getOrder(deps, user, orderId);
  if (!refresh || row.order.status !== 'pending' || row.order.totalFen === 0) return toOrderView(row.order, row.exam);
  const state = await deps.payment.queryOrder(orderId).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId }, 'provider queryOrder failed; answering the stored state');
    return undefined;
  });
  if (state?.state !== 'paid' || state.payment.orderId !== orderId) return toOrderView(row.order, row.exam);
  await applyVerifiedPayment(deps, state.payment);
  const fresh = await getOrder(deps, user, orderId);
  return toOrderView(fresh.order, fresh.exam);
}

function sandboxOf(deps: BookingDeps): SandboxPaymentProvider {
  if (!hasWallet(deps.payment)) throw new AppError('NOT_FOUND');
  return deps.payment;
}

/** The sandbox wallet page's view of an order; 404 unless the sandbox is the provider and knows the order. */
export async function walletOrder(deps: BookingDeps, orderId: string): Promise<WalletOrder> {
  const wallet = await sandboxOf(deps).walletOrder(orderId);
  if (!wallet) throw new AppError('NOT_FOUND');
  return wallet;
}

/** The wallet's Confirm: the sandbox pays and signs a notification, which takes the same path as one over HTTP. */
export async function walletConfirm(deps: BookingDeps, orderId: string): Promise<WalletOrder> {
  const sandbox = sandboxOf(deps);
  let notification: NotificationInput;
  try {
    notification = await sandbox.confirmPayment(orderId);
  } catch (error) {
    if (!(error instanceof WalletConfirmRefused)) throw error;
    throw new AppError(error.reason === 'unknown' ? 'NOT_FOUND' : 'ORDER_EXPIRED');
  }
  await handlePaymentNotification(deps, 'sandbox', notification);
  return walletOrder(deps, orderId);
}
