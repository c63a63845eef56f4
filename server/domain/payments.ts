import type { OrderView, RefundReason, WalletOrder } from '../../contract';
import type { RefundRetryConfig } from '../config';
import type { OrderRow, OrderWithExamRow, RefundRow, UserRow } from '../db/rows';
import { documentText } from '../documents/messages';
import { AppError } from '../errors';
import {
  hasWallet,
  type NotificationInput,
  NotificationRejected,
  type PaymentProvider,
  ProviderError,
  type ProviderRefundState,
  type SandboxLedgerChange,
  type SandboxPaymentProvider,
  type VerifiedPayment,
  type VerifiedRefund,
  WalletConfirmRefused,
} from '../providers/payment';
import type { BookingDeps } from './deps';
import { tellBookingPaid, tellRefundCompleted } from './noticeEvents';
import type { PaymentOutcome, RefundNotificationOutcome, Repositories } from './ports';
import { type FreedSeats, freeingSeats, releaseSeats } from './seats';
import { toOrderView } from './views/orders';

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
    await deps.repos.payments.recordPaymentEvent({
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
 * - already paid (or refunded after being paid, or a late payment already recorded): duplicate;
 * - pending, even a little past its hold when the sweeper has not expired it yet: paid, registrations booked,
 *   a change order moves its registration;
 * - expired or canceled: a refund of all of it is requested at once (`late_refunded`); the seat is not taken
 *   again, since it may already be someone else's.
 */
export async function applyVerifiedPayment(deps: BookingDeps, payment: VerifiedPayment): Promise<PaymentOutcome> {
  const now = deps.now();
  const provider = deps.payment.name;
  const result = await freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx) => {
      const decided = await decide(tx, freed, payment, provider, now);
      await tx.payments.recordPaymentEvent({
        provider,
        orderId: decided.orderId,
        outcome: decided.outcome,
        detail: decided.detail,
        at: now,
      });
      return decided;
    }),
  );
  if (result.outcome === 'rejected') {
    deps.log.warn({ provider, orderId: payment.orderId, detail: result.detail }, 'verified payment not applied');
  }
  await settleRefunds(deps, result.refunds);
  return result.outcome;
}

async function decide(
  tx: Repositories,
  freed: FreedSeats,
  payment: VerifiedPayment,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<{ outcome: PaymentOutcome; orderId: string | null; detail: string; refunds: OwedRefund[] }> {
  const order = await tx.orders.lockOrder(payment.orderId);
  const tag = `transaction ${payment.transactionId}`;
  if (!order || order.provider !== provider) {
    return { outcome: 'rejected', orderId: null, detail: `unknown order ${payment.orderId}, ${tag}`, refunds: [] };
  }
  if (payment.amountFen !== order.totalFen) {
    const detail = `amount ${payment.amountFen} fen differs from the order total ${order.totalFen} fen, ${tag}`;
    return { outcome: 'rejected', orderId: order.id, detail, refunds: [] };
  }
  // A late payment already recorded (its refund may still be on its way) is as much a duplicate as a paid order.
  if (order.status === 'paid' || order.status === 'refunded' || order.providerTransactionId !== null) {
    return { outcome: 'duplicate', orderId: order.id, detail: tag, refunds: [] };
  }
  const paid = { transactionId: payment.transactionId, paidAt: payment.paidAt };
  if (order.status === 'pending') {
    await tx.orders.markOrderPaid(order.id, paid);
    const refunds =
      order.purpose === 'change'
        ? await completeChange(tx, freed, order, now)
        : await bookRegistrations(tx, order, now);
    return { outcome: 'applied', orderId: order.id, detail: tag, refunds };
  }
  await tx.orders.recordLatePayment(order.id, paid);
  const refund = await tx.refunds.owePaymentBack(order.id, order.totalFen, 'late_payment', now);
  return {
    outcome: 'late_refunded',
    orderId: order.id,
    detail: `${tag} arrived for a ${order.status} order`,
    refunds: refund ? [{ refund, totalFen: order.totalFen }] : [],
  };
}

/** The order's registrations are booked, and its payer told (in this transaction: told exactly when booked). */
async function bookRegistrations(tx: Repositories, order: OrderRow, now: Date): Promise<OwedRefund[]> {
  const items = await tx.registrations.registrationsOfOrder(order.id);
  await tx.registrations.setRegistrationStatus(
    items.map((r) => r.id),
    ['pending'],
    'register',
  );
  await tellBookingPaid(tx, order, items.length, now);
  return [];
}

/** The provider confirmed a refund: it counts on its order once, and the payer is told once, in one transaction. */
function refundSucceeded(deps: BookingDeps, refundId: string, providerRefundId: string, now: Date): Promise<boolean> {
  return deps.uow.run(async (tx) => {
    const applied = await tx.refunds.refundSucceeded(refundId, providerRefundId, now);
    if (applied) await tellRefundCompleted(tx, refundId, now);
    return applied;
  });
}

/**
 * A paid change order moves its registration to the target exam (whose seat it held) and releases the old seat.
 * If the registration can no longer move, the held seat and the money go back.
 */
async function completeChange(tx: Repositories, freed: FreedSeats, order: OrderRow, now: Date): Promise<OwedRefund[]> {
  const [registration] = await tx.registrations.registrationsOfOrder(order.id);
  // Booking the target exam meanwhile would make the move a second live registration there.
  const movable = registration && !(await tx.registrations.hasLiveRegistration(registration.userId, order.examId));
  if (
    registration &&
    movable &&
    (await tx.registrations.moveRegistration(registration.id, registration.examId, order.examId))
  ) {
    await releaseSeats(tx, freed, registration.examId, 1);
    return [];
  }
  await releaseSeats(tx, freed, order.examId, 1);
  const refund = await tx.refunds.owePaymentBack(order.id, order.totalFen, 'change_failed', now);
  return refund ? [{ refund, totalFen: order.totalFen }] : [];
}

/** How long one exchange with the provider keeps a refund to itself: far beyond any provider call's timeout. */
const REFUND_LEASE_MS = 2 * 60_000;
/** Refunds the sweeper takes at a time. */
const REFUND_BATCH = 50;

/**
 * The reason the payer reads in the provider's refund message: the receipt's sentence in Chinese and in English
 * (the provider shows it as given, and we do not know the payer's language there).
 */
function refundReasonText(reason: RefundReason): string {
  const key = `receipt.refund.reason.${reason}` as const;
  return `${documentText('zh-CN', key)} / ${documentText('en-US', key)}`;
}

/** The wait after the n-th failed exchange of a refund: the base, doubled each time, never beyond the maximum. */
function refundRetryDelayMs(policy: RefundRetryConfig, failures: number): number {
  return Math.min(policy.baseS * 2 ** Math.min(failures - 1, 30), policy.maxS) * 1000;
}

/**
 * When to ask again about a refund the provider is processing: after as long as it has waited so far (so the
 * asking thins out as it doubles), within the retry base and maximum. The provider's notification usually comes first.
 */
function processingRecheck(policy: RefundRetryConfig, refund: RefundRow, now: Date): Date {
  const waited = now.getTime() - refund.createdAt.getTime();
  const delay = Math.min(Math.max(waited, policy.baseS * 1000), policy.maxS * 1000);
  return new Date(now.getTime() + delay);
}

/**
 * Sends refunds booked by a transaction that has committed, each at once, unless a sweeper took it first. How each
 * exchange ends is recorded on the refund (see exchangeRefund); none is counted as refunded before the provider
 * confirms it.
 */
export async function settleRefunds(deps: BookingDeps, owed: OwedRefund[]): Promise<void> {
  for (const { refund, totalFen } of owed) {
    const now = deps.now();
    if (!(await deps.repos.refunds.claimRefund(refund.id, now, new Date(now.getTime() + REFUND_LEASE_MS)))) continue;
    await exchangeOrLog(deps, refund, totalFen);
  }
}

/**
 * The refund follow-up of the sweeper: every refund still owed whose time has come, the longest waiting first, in
 * batches claimed with FOR UPDATE SKIP LOCKED (instances share the work, never do one twice). A requested refund is
 * asked for again (the provider answers a repeated refund id with that same refund), a processing one is asked
 * about. A refund that fails waits longer each time, so it never holds up the others. Answers how many it handled.
 */
export async function followUpRefunds(deps: BookingDeps, batch = REFUND_BATCH): Promise<number> {
  let handled = 0;
  for (;;) {
    const now = deps.now();
    const due = await deps.repos.refunds.claimDueRefunds(now, batch, new Date(now.getTime() + REFUND_LEASE_MS));
    for (const { refund, totalFen } of due) await exchangeOrLog(deps, refund, totalFen);
    handled += due.length;
    if (due.length < batch) return handled;
  }
}

/** An exchange that broke unexpectedly (not a provider's refusal) is logged; the lease keeps it aside until it is due. */
async function exchangeOrLog(deps: BookingDeps, refund: RefundRow, totalFen: number): Promise<void> {
  await exchangeRefund(deps, refund, totalFen).catch((error: unknown) => {
    deps.log.error({ err: error, refundId: refund.id, orderId: refund.orderId }, 'refund exchange failed');
  });
}

/**
 * One exchange with the provider about a claimed refund, and what it leaves: succeeded (the money is back: it counts
 * on the order); processing (asked about again later, unless the notification comes first); failed for good (closed
 * or abnormal at the provider: an operator settles it); or, when the provider refused or could not be reached, one
 * more failed attempt, tried again after a growing wait and failed after REFUND_MAX_ATTEMPTS.
 */
async function exchangeRefund(deps: BookingDeps, refund: RefundRow, totalFen: number): Promise<void> {
  let state: ProviderRefundState | undefined;
  try {
    state =
      refund.status === 'processing'
        ? await deps.payment.queryRefund(refund.id)
        : await deps.payment.refund({
            orderId: refund.orderId,
            refundId: refund.id,
            amountFen: refund.amountFen,
            totalFen,
            reason: refundReasonText(refund.reason),
            notifyUrl: deps.links.refundNotify(deps.payment.name),
          });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await failedAttempt(deps, refund, error.message);
    return;
  }
  if (!state) {
    await failedAttempt(deps, refund, 'the provider has no such refund');
    return;
  }
  await recordRefundState(deps, refund, state);
}

async function recordRefundState(deps: BookingDeps, refund: RefundRow, state: ProviderRefundState): Promise<void> {
  const now = deps.now();
  switch (state.state) {
    case 'succeeded':
      await refundSucceeded(deps, refund.id, state.providerRefundId, now);
      return;
    case 'processing':
      await deps.repos.refunds.refundProcessing(
        refund.id,
        state.providerRefundId,
        processingRecheck(deps.config.refundRetry, refund, now),
      );
      return;
    case 'failed':
      if (await deps.repos.refunds.refundFailed(refund.id, { lastError: state.detail }, now)) {
        deps.log.error(
          { refundId: refund.id, orderId: refund.orderId, detail: state.detail },
          'refund failed at the provider; an operator must settle it',
        );
      }
      return;
  }
}

async function failedAttempt(deps: BookingDeps, refund: RefundRow, lastError: string): Promise<void> {
  const now = deps.now();
  const policy = deps.config.refundRetry;
  const attempts = refund.attempts + 1;
  const facts = { refundId: refund.id, orderId: refund.orderId, attempts, lastError };
  if (attempts >= policy.maxAttempts) {
    await deps.repos.refunds.refundFailed(refund.id, { attempts, lastError }, now);
    deps.log.error(facts, 'refund failed after its last attempt; an operator must settle it');
    return;
  }
  const next = new Date(now.getTime() + refundRetryDelayMs(policy, attempts));
  await deps.repos.refunds.refundRetryLater(refund.id, attempts, lastError, next);
  deps.log.warn({ ...facts, nextAttemptAt: next.toISOString() }, 'provider refund failed; it is tried again later');
}

/**
 * The entry of refund notifications: verified exactly as payment notifications are (signature, time window,
 * decryption), then applied once. A replay finds the refund already there and changes nothing; a forged, stale or
 * tampered one, or one naming a refund or amount we do not have, changes nothing and is refused.
 */
export async function handleRefundNotification(
  deps: BookingDeps,
  providerName: string,
  input: NotificationInput,
): Promise<{ status: number; body: unknown; outcome: RefundNotificationOutcome }> {
  const provider = deps.payment;
  if (provider.name !== providerName) throw new AppError('NOT_FOUND');
  let verified: VerifiedRefund;
  try {
    verified = await provider.verifyRefundNotification(input);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    deps.log.warn(
      { provider: provider.name, reason: error.reason, detail: error.message },
      'refund notification rejected',
    );
    await deps.repos.payments.recordPaymentEvent({
      provider: provider.name,
      orderId: null,
      outcome: 'rejected',
      detail: `refund notification ${error.reason}: ${error.message}`,
      at: deps.now(),
    });
    return { ...provider.acknowledge(false), outcome: 'rejected' };
  }
  const outcome = await applyVerifiedRefund(deps, verified);
  return { ...provider.acknowledge(outcome !== 'rejected'), outcome };
}

async function applyVerifiedRefund(deps: BookingDeps, verified: VerifiedRefund): Promise<RefundNotificationOutcome> {
  const now = deps.now();
  const row = await deps.repos.refunds.refundWithOrder(verified.refundId);
  const tag = `refund ${verified.refundId}, provider refund ${verified.outcome.providerRefundId}`;
  let outcome: RefundNotificationOutcome;
  let detail = tag;
  if (!row || row.order.id !== verified.orderId || row.order.provider !== deps.payment.name) {
    outcome = 'rejected';
    detail = `unknown ${tag} of order ${verified.orderId}`;
  } else if (verified.amountFen !== row.refund.amountFen) {
    outcome = 'rejected';
    detail = `amount ${verified.amountFen} fen differs from the refund's ${row.refund.amountFen} fen, ${tag}`;
  } else if (verified.outcome.state === 'succeeded') {
    const applied = await refundSucceeded(deps, row.refund.id, verified.outcome.providerRefundId, now);
    outcome = applied ? 'refund_succeeded' : 'refund_duplicate';
  } else {
    const lastError = verified.outcome.detail;
    const applied = await deps.repos.refunds.refundFailed(row.refund.id, { lastError }, now);
    outcome = applied ? 'refund_failed' : 'refund_duplicate';
    detail = `${tag}: ${lastError}`;
    if (applied)
      deps.log.error({ refundId: row.refund.id, detail }, 'refund failed at the provider; an operator must settle it');
  }
  if (outcome === 'rejected') deps.log.warn({ provider: deps.payment.name, detail }, 'verified refund not applied');
  await deps.repos.payments.recordPaymentEvent({
    provider: deps.payment.name,
    orderId: row?.order.id ?? null,
    outcome,
    detail,
    at: now,
  });
  return outcome;
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
  if (!refresh || row.order.status !== 'pending' || row.order.totalFen === 0) return orderView(deps, row);
  const state = await deps.payment.queryOrder(orderId).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId }, 'provider queryOrder failed; answering the stored state');
    return undefined;
  });
  if (state?.state !== 'paid' || state.payment.orderId !== orderId) return orderView(deps, row);
  await applyVerifiedPayment(deps, state.payment);
  return orderView(deps, await getOrder(deps, user, orderId));
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No order has this id.');
}

async function getOrder(deps: BookingDeps, user: UserRow, orderId: string): Promise<OrderWithExamRow> {
  const row = await deps.repos.orders.orderWithExam(orderId, user.id);
  if (!row) throw notFound();
  return row;
}

async function orderView(deps: BookingDeps, row: OrderWithExamRow): Promise<OrderView> {
  return toOrderView(row.order, row.exam, await deps.repos.refunds.refundsOfOrders([row.order.id]));
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

/**
 * Changes the sandbox's own record of a payment (amount or state), so a reconciliation can be seen to find the
 * difference; 404 unless the sandbox is the provider and knows the order. Answers the wallet's view of it.
 */
export async function alterSandboxLedger(
  deps: BookingDeps,
  orderId: string,
  change: SandboxLedgerChange,
): Promise<WalletOrder> {
  if (!(await sandboxOf(deps).alterLedger(orderId, change))) throw new AppError('NOT_FOUND');
  return walletOrder(deps, orderId);
}
