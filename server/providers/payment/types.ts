/**
 * The payment provider interface of DESIGN.md section 4. Order ids are ours (UUID v7); providers call them
 * out_trade_no or similar. Amounts are fen.
 */
export interface CreatePaymentRequest {
  orderId: string;
  description: { zh: string; en: string };
  amountFen: number;
  /** After this the provider must refuse to take the money. */
  expiresAt: Date;
  /** Where the provider posts its notification (absolute URL). */
  notifyUrl: string;
  /** Base URL the QR of a local wallet should open (the sandbox uses it; real providers ignore it). */
  publicUrl: string;
}

/**
 * A payment order of a provider whose ledger is a table of this database (the sandbox): its QR, known without asking
 * anyone, and the ledger row that the booking's own statement writes (registrations repository, `bookSeats`).
 */
export interface LocalPaymentOrder {
  qrContent: string;
  ledger: {
    orderId: string;
    amountFen: number;
    descriptionZh: string;
    descriptionEn: string;
    expiresAt: Date;
    notifyUrl: string;
  };
}

/** A notification whose signature (and, for WeChat, decryption) checked out. */
export interface VerifiedPayment {
  orderId: string;
  transactionId: string;
  amountFen: number;
  paidAt: Date;
}

/** What the provider says about an order when asked (the fallback when no notification comes). */
export type ProviderOrderState =
  | { state: 'paid'; payment: VerifiedPayment }
  | { state: 'pending' }
  | { state: 'closed' }
  | { state: 'unknown' };

export interface RefundRequest {
  orderId: string;
  /** Our refund id (UUID v7): the provider's idempotency key for the refund. */
  refundId: string;
  amountFen: number;
  totalFen: number;
  /** The sentence the payer reads in the provider's refund message (never an internal code). */
  reason: string;
  /** Where the provider posts the refund's outcome (absolute URL); without one the sweeper asks. */
  notifyUrl: string | undefined;
}

/**
 * What a provider says about one refund. Only `succeeded` means the money is back with the payer; `processing` is
 * accepted and on its way; `failed` will never pay out as it is (closed, or abnormal: the payer's account refused it).
 */
export type ProviderRefundState =
  | { state: 'succeeded'; providerRefundId: string }
  | { state: 'processing'; providerRefundId: string }
  | { state: 'failed'; providerRefundId: string; detail: string };

/** A refund notification whose signature (and, for WeChat, decryption) checked out. */
export interface VerifiedRefund {
  refundId: string;
  orderId: string;
  amountFen: number;
  /** A notification tells an outcome: paid back, or never will be as it is. */
  outcome: Extract<ProviderRefundState, { state: 'succeeded' | 'failed' }>;
}

/** Why a notification was refused; the route answers 400 or 401 and logs the reason. */
export class NotificationRejected extends Error {
  override name = 'NotificationRejected';
  constructor(
    readonly reason: 'signature' | 'timestamp' | 'format' | 'decrypt' | 'merchant' | 'not_success',
    message: string,
  ) {
    super(message);
  }
}

/** A provider call that failed (network, 5xx, a refusal); the domain answers PAYMENT_PROVIDER_FAILED. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures cover these bytes. */
  rawBody: string;
}

/** The Beijing day a ledger covers: its date and the instants it runs between. */
export interface LedgerDay {
  /** YYYY-MM-DD. */
  date: string;
  from: Date;
  until: Date;
}

/** A payment in the provider's own record of a day, with its state in the provider's words. */
export interface LedgerPayment {
  /** Our order id when the provider's merchant order number is one of ours. */
  orderId: string | undefined;
  transactionId: string | null;
  amountFen: number;
  status: string;
  /** Whether the provider counts it as money collected. */
  paid: boolean;
}

/** A refund in the provider's own record of a day. */
export interface LedgerRefund {
  /** Our refund id when the provider's merchant refund number is one of ours. */
  refundId: string | undefined;
  orderId: string | undefined;
  transactionId: string | null;
  amountFen: number;
  status: string;
  /** Whether the provider counts it as money paid back. */
  succeeded: boolean;
}

/** What the provider itself recorded for a day: what it collected and what it paid back. */
export interface ProviderLedger {
  payments: LedgerPayment[];
  refunds: LedgerRefund[];
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechat';
  createOrder(request: CreatePaymentRequest): Promise<{ qrContent: string }>;
  /**
   * What createOrder would write, for a provider that can answer it without a network call (the sandbox): a booking
   * then writes it in its own statement, one round trip fewer. Absent on real providers.
   */
  localOrder?(request: CreatePaymentRequest): LocalPaymentOrder;
  /** Throws NotificationRejected for anything forged, stale, tampered or malformed. */
  verifyNotification(input: NotificationInput): Promise<VerifiedPayment>;
  queryOrder(orderId: string): Promise<ProviderOrderState>;
  /** Closes an unpaid order so it can no longer be paid (on hold expiry). */
  closeOrder(orderId: string): Promise<void>;
  /**
   * Asks for a refund; asking again with the same refundId answers that refund, never pays twice. Throws
   * ProviderError when the provider refuses or cannot be reached.
   */
  refund(request: RefundRequest): Promise<ProviderRefundState>;
  /** How a refund asked for earlier is going; undefined when the provider has no such refund. */
  queryRefund(refundId: string): Promise<ProviderRefundState | undefined>;
  /** Throws NotificationRejected for anything forged, stale, tampered or malformed. */
  verifyRefundNotification(input: NotificationInput): Promise<VerifiedRefund>;
  /**
   * The provider's own record of a Beijing day, to reconcile ours against. Throws ProviderError when the provider
   * has not published it yet or cannot be reached.
   */
  ledger(day: LedgerDay): Promise<ProviderLedger>;
  /** The body and status a provider expects when we accept (or refuse) its notification. */
  acknowledge(accepted: boolean): { status: number; body: unknown };
}

/** One header of a notification, whatever the case of its name; a repeated header counts as missing. */
export function notificationHeader(input: NotificationInput, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(input.headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}
