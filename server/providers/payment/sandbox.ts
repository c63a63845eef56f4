import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WalletOrder } from '../../../contract/payment';
import type { Db } from '../../db/client';
import { sandboxPayments, sandboxRefunds } from '../../db/schema';
import {
  type CreatePaymentRequest,
  type NotificationInput,
  NotificationRejected,
  notificationHeader,
  type PaymentProvider,
  ProviderError,
  type VerifiedPayment,
} from './types';

/** Notifications older or newer than this are refused, so a captured one cannot be replayed later. */
const NOTIFICATION_WINDOW_S = 5 * 60;

const notificationBody = z.object({
  id: z.string().min(1),
  orderId: z.uuid(),
  transactionId: z.string().min(1),
  amountFen: z.number().int().nonnegative(),
  paidAt: z.iso.datetime({ offset: true }),
});

/** The sandbox's own id of a refund, as a provider gives one. */
function sandboxRefundId(refundId: string): string {
  return `SBXR${refundId.replace(/-/g, '')}`;
}

/** The QR of a sandbox order: the local wallet page that pays it. */
function walletUrl(request: CreatePaymentRequest): string {
  return `${request.publicUrl.replace(/\/+$/, '')}/pay/sandbox/${request.orderId}`;
}

/** The sandbox's record of an order it was asked to take payment for. */
function ledgerFields(request: CreatePaymentRequest) {
  return {
    amountFen: request.amountFen,
    descriptionZh: request.description.zh,
    descriptionEn: request.description.en,
    expiresAt: request.expiresAt,
    notifyUrl: request.notifyUrl,
  };
}

/** Why the wallet's Confirm was refused: no such order, or it can no longer be paid (closed or expired). */
export class WalletConfirmRefused extends Error {
  override name = 'WalletConfirmRefused';
  constructor(readonly reason: 'unknown' | 'closed') {
    super(reason === 'unknown' ? 'no sandbox payment for this order' : 'this sandbox payment is closed or expired');
  }
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the wallet page shows; undefined for an order the sandbox never saw. */
  walletOrder(orderId: string): Promise<WalletOrder | undefined>;
  /**
   * The wallet's Confirm: pays an open, unexpired order once and answers the signed notification, which the
   * caller passes to the same verification path as a notification that came over HTTP. Confirming a paid order
   * answers a fresh notification of the same transaction. Throws WalletConfirmRefused otherwise.
   */
  confirmPayment(orderId: string): Promise<NotificationInput>;
  /**
   * Changes the sandbox's own record of a payment, as if the provider had booked it otherwise: what a reconciliation
   * must then report. False for an order the sandbox never saw.
   */
  alterLedger(orderId: string, change: SandboxLedgerChange): Promise<boolean>;
}

/** What the sandbox's record of a payment may be changed to: another amount, another state, or both. */
export interface SandboxLedgerChange {
  amountFen?: number | undefined;
  state?: 'open' | 'paid' | 'closed' | undefined;
}

type LedgerRow = typeof sandboxPayments.$inferSelect;

/**
 * A local stand-in for a payment provider: a ledger table, a wallet page that pays, and notifications signed
 * with a key derived from the app secret, so the whole verification path runs without a real provider.
 */
export function sandboxProvider(deps: {
  db: Db;
  secret: string;
  now: () => Date;
  payee: { zh: string; en: string };
}): SandboxPaymentProvider {
  const { db, now } = deps;
  // A derived key, so a leaked notification key does not reveal the secret that also peppers OTP hashes.
  const key = Buffer.from(hkdfSync('sha256', deps.secret, '', 'sandbox-pay', 32));

  const sign = (timestamp: string, nonce: string, body: string) =>
    createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest();

  const find = async (orderId: string): Promise<LedgerRow | undefined> => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
    return row;
  };

  const effectiveState = (row: LedgerRow): WalletOrder['state'] => {
    if (row.state === 'open' && row.expiresAt <= now()) return 'closed';
    return row.state === 'paid' ? 'paid' : row.state === 'closed' ? 'closed' : 'open';
  };

  const paymentOf = (row: LedgerRow): VerifiedPayment | undefined =>
    row.state === 'paid' && row.transactionId && row.paidAt
      ? { orderId: row.orderId, transactionId: row.transactionId, amountFen: row.amountFen, paidAt: row.paidAt }
      : undefined;

  const notificationFor = (payment: VerifiedPayment): NotificationInput => {
    const rawBody = JSON.stringify({
      id: randomBytes(12).toString('hex'),
      orderId: payment.orderId,
      transactionId: payment.transactionId,
      amountFen: payment.amountFen,
      paidAt: payment.paidAt.toISOString(),
    });
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-nonce': nonce,
        'x-sandbox-signature': sign(timestamp, nonce, rawBody).toString('base64'),
      },
      rawBody,
    };
  };

  return {
    name: 'sandbox',

    localOrder(request) {
      return {
        qrContent: walletUrl(request),
        ledger: { orderId: request.orderId, ...ledgerFields(request) },
      };
    },

    async createOrder(request) {
      const fields = ledgerFields(request);
      // Asking again (a reload) refreshes an open order; a paid or closed one keeps what happened to it.
      await db
        .insert(sandboxPayments)
        .values({ orderId: request.orderId, ...fields })
        .onConflictDoUpdate({
          target: sandboxPayments.orderId,
          set: fields,
          setWhere: eq(sandboxPayments.state, 'open'),
        });
      return { qrContent: walletUrl(request) };
    },

    async walletOrder(orderId) {
      const row = await find(orderId);
      if (!row) return undefined;
      return {
        orderId: row.orderId,
        payee: deps.payee,
        description: { zh: row.descriptionZh, en: row.descriptionEn },
        amountFen: row.amountFen,
        state: effectiveState(row),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async confirmPayment(orderId) {
      const paidAt = now();
      const [paid] = await db
        .update(sandboxPayments)
        .set({ state: 'paid', transactionId: `SBX${randomBytes(12).toString('hex')}`, paidAt })
        .where(
          and(
            eq(sandboxPayments.orderId, orderId),
            eq(sandboxPayments.state, 'open'),
            gt(sandboxPayments.expiresAt, paidAt),
          ),
        )
        .returning();
      const row = paid ?? (await find(orderId));
      if (!row) throw new WalletConfirmRefused('unknown');
      const payment = paymentOf(row);
      if (!payment) throw new WalletConfirmRefused('closed');
      return notificationFor(payment);
    },

    async verifyNotification(input) {
      const timestamp = notificationHeader(input, 'x-sandbox-timestamp');
      const nonce = notificationHeader(input, 'x-sandbox-nonce');
      const signature = notificationHeader(input, 'x-sandbox-signature');
      if (!timestamp || !nonce || !signature) {
        throw new NotificationRejected('signature', 'missing x-sandbox-timestamp, -nonce or -signature header');
      }
      const expected = sign(timestamp, nonce, input.rawBody);
      const given = Buffer.from(signature, 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new NotificationRejected('signature', 'sandbox notification signature does not match');
      }
      const seconds = Number(timestamp);
      if (!/^\d+$/.test(timestamp) || Math.abs(now().getTime() / 1000 - seconds) > NOTIFICATION_WINDOW_S) {
        throw new NotificationRejected('timestamp', `sandbox notification timestamp ${timestamp} is outside 5 minutes`);
      }
      let parsed: z.infer<typeof notificationBody>;
      try {
        parsed = notificationBody.parse(JSON.parse(input.rawBody));
      } catch {
        throw new NotificationRejected('format', 'sandbox notification body is not the expected JSON');
      }
      return {
        orderId: parsed.orderId,
        transactionId: parsed.transactionId,
        amountFen: parsed.amountFen,
        paidAt: new Date(parsed.paidAt),
      };
    },

    async queryOrder(orderId) {
      const row = await find(orderId);
      if (!row) return { state: 'unknown' };
      const payment = paymentOf(row);
      if (payment) return { state: 'paid', payment };
      return effectiveState(row) === 'open' ? { state: 'pending' } : { state: 'closed' };
    },

    async closeOrder(orderId) {
      await db
        .update(sandboxPayments)
        .set({ state: 'closed' })
        .where(and(eq(sandboxPayments.orderId, orderId), eq(sandboxPayments.state, 'open')));
    },

    /** Pays at once: a refund the sandbox accepts has succeeded. The same refund id asked again pays nothing more. */
    async refund(request) {
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0) {
        throw new ProviderError(`sandbox refund of ${request.amountFen} fen is not a positive amount`);
      }
      const succeeded = { state: 'succeeded', providerRefundId: sandboxRefundId(request.refundId) } as const;
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(sandboxRefunds)
          .values({
            refundId: request.refundId,
            orderId: request.orderId,
            amountFen: request.amountFen,
            refundedAt: now(),
          })
          .onConflictDoNothing()
          .returning({ refundId: sandboxRefunds.refundId });
        if (!fresh) {
          const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundId, request.refundId));
          if (earlier?.orderId !== request.orderId || earlier.amountFen !== request.amountFen) {
            throw new ProviderError(`sandbox refund ${request.refundId} was asked before for another order or amount`);
          }
          return succeeded;
        }
        // One statement, so two refunds at once cannot together exceed what was paid.
        const [refunded] = await tx
          .update(sandboxPayments)
          .set({ refundedFen: sql`${sandboxPayments.refundedFen} + ${request.amountFen}` })
          .where(
            and(
              eq(sandboxPayments.orderId, request.orderId),
              eq(sandboxPayments.state, 'paid'),
              sql`${sandboxPayments.refundedFen} + ${request.amountFen} <= ${sandboxPayments.amountFen}`,
            ),
          )
          .returning({ orderId: sandboxPayments.orderId });
        if (!refunded) {
          throw new ProviderError(
            `sandbox refund of ${request.amountFen} fen refused: order ${request.orderId} is not paid or not enough is left`,
          );
        }
        return succeeded;
      });
    },

    async queryRefund(refundId) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundId, refundId));
      return row ? { state: 'succeeded', providerRefundId: sandboxRefundId(refundId) } : undefined;
    },

    async alterLedger(orderId, change) {
      const altered = await db
        .update(sandboxPayments)
        .set({ amountFen: change.amountFen, state: change.state })
        .where(eq(sandboxPayments.orderId, orderId))
        .returning({ orderId: sandboxPayments.orderId });
      return altered.length === 1;
    },

    /** The sandbox's ledger of the day: the payments it took then (in whatever state now) and the refunds it paid. */
    async ledger(day) {
      const [payments, refunds] = await Promise.all([
        db
          .select()
          .from(sandboxPayments)
          .where(and(gte(sandboxPayments.paidAt, day.from), lt(sandboxPayments.paidAt, day.until))),
        db
          .select({ refund: sandboxRefunds, transactionId: sandboxPayments.transactionId })
          .from(sandboxRefunds)
          .leftJoin(sandboxPayments, eq(sandboxPayments.orderId, sandboxRefunds.orderId))
          .where(and(gte(sandboxRefunds.refundedAt, day.from), lt(sandboxRefunds.refundedAt, day.until))),
      ]);
      return {
        payments: payments.map((row) => ({
          orderId: row.orderId,
          transactionId: row.transactionId,
          amountFen: row.amountFen,
          status: row.state,
          paid: row.state === 'paid',
        })),
        refunds: refunds.map(({ refund, transactionId }) => ({
          refundId: refund.refundId,
          orderId: refund.orderId,
          transactionId,
          amountFen: refund.amountFen,
          status: 'succeeded',
          succeeded: true,
        })),
      };
    },

    async verifyRefundNotification() {
      throw new NotificationRejected('format', 'the sandbox pays refunds at once and posts no refund notifications');
    },

    acknowledge(accepted) {
      return accepted
        ? { status: 200, body: { code: 'SUCCESS' } }
        : { status: 400, body: { code: 'FAIL', message: 'notification refused' } };
    },
  };
}
