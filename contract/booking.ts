import { z } from 'zod';
import { examSummary } from './catalog';
import { fen, id, isoDateTime, localizedText, text } from './common';
import { paged, pageQuery } from './envelope';

/**
 * `pending` holds a seat while its order waits for payment (HOLD_MINUTES); payment makes it `register`. Then
 * `checkin` at the door and `completed` when results are published. `canceled` from pending or register.
 */
export const REGISTRATION_STATUSES = ['pending', 'register', 'checkin', 'completed', 'canceled'] as const;
export const registrationStatus = z.enum(REGISTRATION_STATUSES);
export type RegistrationStatus = z.infer<typeof registrationStatus>;

/**
 * `refunded` is a paid order whose money the provider confirmed back in full (cancellation, late payment, a cheaper
 * change); while a refund is only requested the order stays as it was.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'canceled', 'refunded'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * Why money goes back: the candidate canceled; a payment came after its hold had expired; a move to a cheaper exam;
 * a paid move that could no longer happen; the test center canceled the exam; an operator gave money back by hand
 * (`manual`, with their note kept for operators). The payer reads a sentence, never the code (locale keys
 * `refund.reason.<code>`).
 */
export const REFUND_REASONS = [
  'canceled',
  'late_payment',
  'change',
  'change_failed',
  'exam_canceled',
  'manual',
] as const;
export const refundReason = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReason>;

/**
 * A refund as the payer sees it (DESIGN.md section 6): `requested` until the provider confirms the money is back
 * (shown as pending), then `succeeded`; `failed` once the provider has refused it for good, for our staff to settle.
 */
export const REFUND_STATES = ['requested', 'succeeded', 'failed'] as const;
export const refundState = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof refundState>;

export const refundView = z.object({
  id,
  amountFen: fen,
  reason: refundReason,
  state: refundState,
  requestedAt: isoDateTime,
  /** When the provider confirmed it (succeeded) or it was given up (failed); null while requested. */
  completedAt: isoDateTime.nullable(),
});
export type RefundView = z.infer<typeof refundView>;

/** What was asked back for an order or a registration, by state: only `refundedFen` is money already returned. */
export const refundTotals = z.object({
  /** Confirmed by the provider. */
  refundedFen: fen,
  /** Asked for, not confirmed yet: shown as pending. */
  refundPendingFen: fen,
  /** Refused by the provider for good: our staff settles it. */
  refundFailedFen: fen,
});
export type RefundTotals = z.infer<typeof refundTotals>;

/** `booking` pays for seats; `change` pays the difference of moving a registration to a dearer exam. */
export const ORDER_PURPOSES = ['booking', 'change'] as const;
export const orderPurpose = z.enum(ORDER_PURPOSES);

export const promoCode = text().trim().toUpperCase().max(32);

/** What the candidate typed for an exam open only to invited candidates (ExamSummary.requiresAccessCode). */
export const accessCode = text().trim().max(64);
/** A waiting room's signed admission (contract/queue.ts). */
export const admissionToken = text().max(2048);

/**
 * The total of the quote the candidate confirmed (DESIGN.md section 6: money is what the screen said). The server
 * prices the request again; an order is made at this total or not at all (PRICE_CHANGED, nothing written).
 */
export const expectedTotalFen = fen;

/** The checkout lines of DESIGN.md section 4, all in fen, computed by the server's pricing module. */
export const priceBreakdown = z.object({
  unitPriceFen: fen,
  quantity: z.number().int().positive(),
  subtotalFen: fen,
  referralDiscountFen: fen,
  promotionDiscountFen: fen,
  groupDiscountFen: fen,
  handlingFen: fen,
  totalFen: fen,
});
export type PriceBreakdown = z.infer<typeof priceBreakdown>;

export const quoteRequest = z
  .object({
    examId: id,
    quantity: z.number().int().min(1).max(1000).default(1),
    promoCode: promoCode.optional(),
  })
  .strict();
export type QuoteRequest = z.infer<typeof quoteRequest>;

export const quote = priceBreakdown.extend({
  examId: id,
  /** The exam's start: the "test date" line. */
  testDate: isoDateTime,
  /** The promo code applied, or null when none was given. */
  promoCode: z.string().nullable(),
  /** The profile's invitation code that earned the referral discount, or null. */
  referralCode: z.string().nullable(),
});
export type Quote = z.infer<typeof quote>;

export const registrationRequest = z
  .object({
    examId: id,
    promoCode: promoCode.optional(),
    accessCode: accessCode.optional(),
    expectedTotalFen,
    /** The waiting room's admission (QueueStatus.admission.token): required while the exam's waiting room is on. */
    admissionToken: admissionToken.optional(),
  })
  .strict();
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const orderView = z.object({
  id,
  purpose: orderPurpose,
  status: orderStatus,
  breakdown: priceBreakdown,
  exam: z.object({ id, code: z.string(), name: localizedText, startsAt: isoDateTime, timeZone: z.string() }),
  /** Until when a pending order holds its seats. */
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** The provider's transaction id once paid. */
  transactionId: z.string().nullable(),
  /** What the payment QR encodes, while the order is pending; null afterwards. */
  qrContent: z.string().nullable(),
  /** Confirmed by the provider: only succeeded refunds count. */
  refundedFen: fen,
  /** Every refund of the order, oldest first, with its reason and state. */
  refunds: z.array(refundView),
});
export type OrderView = z.infer<typeof orderView>;

export const registrationView = z.object({
  id,
  status: registrationStatus,
  exam: examSummary,
  createdAt: isoDateTime,
  /** The order that pays for it now (the newest booking or change order). */
  orderId: id.nullable(),
  checkedInAt: isoDateTime.nullable(),
  /** From this instant on, the server refuses change and cancellation (CHANGE_LOCK_HOURS before the test). */
  lockedFrom: isoDateTime,
  canChange: z.boolean(),
  canCancel: z.boolean(),
  /**
   * A seat a group coordinator booked and paid for: only the payer may change or cancel it (GROUP_SEAT_PAYER_ONLY),
   * so canChange and canCancel are false. Null for the candidate's own booking.
   */
  groupSeat: z.object({ coordinatorName: z.string() }).nullable(),
  /**
   * The refunds of the orders that paid for this registration alone (its booking and change orders); null when there
   * are none. A group seat's money goes back to the coordinator's order and shows there.
   */
  refund: refundTotals.nullable(),
});
export type RegistrationView = z.infer<typeof registrationView>;

export const registrationResponse = z.object({
  registration: registrationView,
  order: orderView,
  payment: z.object({ qrContent: z.string() }),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const registrationListQuery = pageQuery.extend({ status: registrationStatus.optional() });
export const registrationList = paged(registrationView);
export type RegistrationList = z.infer<typeof registrationList>;

export const ticket = z.object({
  registrationId: id,
  status: registrationStatus,
  exam: examSummary,
  candidate: z.object({
    name: z.string(),
    /** 110101********123X */
    maskedIdNumber: z.string(),
    /** E.164 login phone. */
    phone: z.string(),
    avatar_small: z.string().nullable(),
  }),
  /**
   * The signed ticket token (EdDSA JWT) the QR holds; null when the registration is canceled or the ticket is not
   * released yet.
   */
  token: z.string().nullable(),
  /** Where the candidate sits, once seats are allocated and the ticket released; null before. */
  seat: z
    .object({ room: z.string(), building: z.string(), floor: z.string(), seat: z.number().int().positive() })
    .nullable(),
  /** When the ticket (with room and seat) is released, while it is not yet; null once it is. */
  releasesAt: isoDateTime.nullable(),
});
export type Ticket = z.infer<typeof ticket>;

/** A target exam that requires an access code (its `requiresAccessCode`) needs it here, as booking it would. */
export const changeRequest = z
  .object({ examId: id, promoCode: promoCode.optional(), accessCode: accessCode.optional() })
  .strict();
export type ChangeRequest = z.infer<typeof changeRequest>;

/**
 * A move to an exam of the same price or cheaper happens at once (a cheaper one refunds the difference); a dearer
 * one holds the new seat and answers an order for the difference, and the move happens when it is paid.
 */
export const changeResponse = z.object({
  registration: registrationView,
  order: orderView.nullable(),
  payment: z.object({ qrContent: z.string() }).nullable(),
  refundFen: fen,
});
export type ChangeResponse = z.infer<typeof changeResponse>;

export const cancelResponse = z.object({ registration: registrationView, refundFen: fen });
export type CancelResponse = z.infer<typeof cancelResponse>;

export const registrationIdParams = z.object({ id });
/** The language a ticket file (PDF, calendar event) is written in; the candidate's page sends its own. */
export const ticketFileQuery = z.object({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });
export const orderIdParams = z.object({ id });
export const orderQuery = z.object({ refresh: z.enum(['0', '1']).optional() });

export const transaction = z.object({
  orderId: id,
  purpose: orderPurpose,
  /** When it was paid; null while pending or when it never was. */
  paymentDate: isoDateTime.nullable(),
  transactionId: z.string().nullable(),
  examName: localizedText,
  unitPriceFen: fen,
  quantity: z.number().int().positive(),
  totalFen: fen,
  ...refundTotals.shape,
  status: orderStatus,
  createdAt: isoDateTime,
});
export type Transaction = z.infer<typeof transaction>;
export const transactionList = paged(transaction);
export type TransactionList = z.infer<typeof transactionList>;

export const RESULT_OUTCOMES = ['pass', 'fail'] as const;
export const resultOutcome = z.enum(RESULT_OUTCOMES);

export const resultView = z.object({
  registrationId: id,
  exam: z.object({ id, code: z.string(), name: localizedText, startsAt: isoDateTime, timeZone: z.string() }),
  registrationStatus,
  /** Null until the test center publishes results. */
  outcome: resultOutcome.nullable(),
  certificateNumber: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
});
export type ResultView = z.infer<typeof resultView>;

/** The public key examiners' pages verify ticket tokens with, offline. */
export const ticketPublicKey = z.object({
  alg: z.literal('EdDSA'),
  kid: z.string(),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});
