import { z } from 'zod';
import { opsPermission, phoneInput } from './auth';
import {
  orderPurpose,
  orderStatus,
  priceBreakdown,
  REFUND_REASONS,
  registrationStatus,
  resultOutcome,
} from './booking';
import { fen, id, isoDateTime, localizedText, requiredText, text } from './common';
import { paged, pageQuery } from './envelope';
import { candidatePhoto } from './profile';

/**
 * The operators' console (issue 13): the platform's own staff. An operator is the fourth kind of account, never
 * created by signing up: the server's `npm run operator` adds the first, operators with the `operators` permission
 * invite the rest. Every /api/ops endpoint names the permission it needs (contract/opsApi.ts); the permissions
 * themselves are in contract/auth.ts, as the current user answer carries them.
 */

/** `POST /api/ops/auth/otp`: an unknown phone gets the same answer and no code, so it reveals nothing. */
export const opsOtpRequest = z.object({ phone: phoneInput }).strict();

export const opsLoginRequest = z
  .object({
    phone: phoneInput,
    code: text()
      .trim()
      .regex(/^\d{6}$/),
  })
  .strict();
export type OpsLoginRequest = z.infer<typeof opsLoginRequest>;

/** An operator's login never creates an account, so there is no `created`. */
export const opsLoginResponse = z.object({ access_token: z.string().min(1), type: z.literal('operator') });

const who = z.object({ id, name: z.string() });

export const operator = z.object({
  id,
  /** E.164. */
  phone: z.string(),
  name: z.string(),
  permissions: z.array(opsPermission),
  invitedAt: isoDateTime,
  /** Null for the operators the server's command line added. */
  invitedBy: who.nullable(),
  lastLoginAt: isoDateTime.nullable(),
});
export type Operator = z.infer<typeof operator>;

/** `POST /api/ops/operators`: the phone logs in at /ops/login with these permissions from then on. */
export const operatorInvite = z
  .object({
    phone: phoneInput,
    name: requiredText(50),
    permissions: z
      .array(opsPermission)
      .min(1)
      .refine((list) => new Set(list).size === list.length, { message: 'Each permission at most once' }),
  })
  .strict();
export type OperatorInvite = z.infer<typeof operatorInvite>;

export const opsIdParams = z.object({ id });

/** Where a test center stands: only an approved center's exams are listed and bookable. */
export const CENTER_VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const centerVerificationStatus = z.enum(CENTER_VERIFICATION_STATUSES);
export type CenterVerificationStatus = z.infer<typeof centerVerificationStatus>;

/** What the center itself is told of its verification (its profile carries it). */
export const centerVerification = z.object({
  status: centerVerificationStatus,
  /** The operator's reason for a rejection, shown to the center; null otherwise. */
  reason: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
});
export type CenterVerification = z.infer<typeof centerVerification>;

/**
 * The tax ID's GB 32100 check: `valid`; `checkCharacterMismatch` (18 characters of the alphabet, the last not the
 * one the first 17 give); `malformed` (not 18 characters of the alphabet).
 */
export const TAX_ID_CHECKS = ['valid', 'checkCharacterMismatch', 'malformed'] as const;
export const taxIdCheck = z.enum(TAX_ID_CHECKS);
export type TaxIdCheck = z.infer<typeof taxIdCheck>;

export const opsCenterQuery = pageQuery
  .extend({
    status: centerVerificationStatus.optional(),
    /** Part of the business name, tax ID or contact phone. */
    q: text().trim().max(100).optional(),
  })
  .strict();

/** A test center in the verification queue. */
export const opsCenter = z.object({
  id,
  businessName: z.string(),
  /** The business license file (the operator's token reads it), or null when none was uploaded. */
  licenseUrl: z.string().nullable(),
  licenseContentType: z.string().nullable(),
  taxId: z.string(),
  taxIdCheck,
  contactName: z.string(),
  /** E.164, or empty. */
  contactPhone: z.string(),
  /** Province and city names and the street, as the profile has them. */
  address: z.string(),
  verification: centerVerification,
  /** When the profile was first completed (the queue's order). */
  submittedAt: isoDateTime,
  decidedBy: who.nullable(),
});
export type OpsCenter = z.infer<typeof opsCenter>;
export const opsCenterList = paged(opsCenter);

/** `POST /api/ops/centers/:id/reject`: the center sees the reason and gets it by SMS in its language. */
export const centerRejection = z.object({ reason: requiredText(500) }).strict();

/** Categories and organizations are retired, never deleted, once exams or candidates name them. */
export const CATALOG_STATUSES = ['active', 'retired'] as const;
export const catalogStatus = z.enum(CATALOG_STATUSES);

/** A name in both languages, as an operator types it. */
export const localizedTextInput = z.object({ zh: requiredText(100), en: requiredText(100) }).strict();

export const opsCatalogQuery = pageQuery
  .extend({ status: catalogStatus.optional(), q: text().trim().max(100).optional() })
  .strict();

export const opsCategory = z.object({
  id,
  code: z.string(),
  name: localizedText,
  status: catalogStatus,
  /** Exams in this category, of any status: one in use can only be retired. */
  examCount: z.number().int().nonnegative(),
});
export type OpsCategory = z.infer<typeof opsCategory>;
export const opsCategoryList = paged(opsCategory);

/** `POST /api/ops/categories`: the code is what exams and searches name, fixed once created. */
export const categoryDraft = z
  .object({
    code: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{0,31}$/),
    name: localizedTextInput,
  })
  .strict();
export type CategoryDraft = z.infer<typeof categoryDraft>;

/** `PUT /api/ops/categories/:id` and `/organizations/:id`: the names. */
export const catalogNameUpdate = z.object({ name: localizedTextInput }).strict();

export const opsOrganization = z.object({
  id,
  name: localizedText,
  status: catalogStatus,
  /** Candidates whose profile names this organization. */
  memberCount: z.number().int().nonnegative(),
});
export type OpsOrganization = z.infer<typeof opsOrganization>;
export const opsOrganizationList = paged(opsOrganization);

/** A promotion lowers the price for anyone with its code; an invitation code also marks who invited the candidate. */
export const PROMOTION_KINDS = ['promotion', 'invitation'] as const;
export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export const PROMOTION_SCOPES = ['all', 'exam', 'category'] as const;

export const promotion = z.object({
  id,
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent off (1-100) when discountType is percent, else null. */
  percentOff: z.number().int().min(1).max(100).nullable(),
  /** Fen off when discountType is fixed, else null. */
  amountOffFen: fen.nullable(),
  validFrom: isoDateTime,
  validUntil: isoDateTime,
  /** Most uses allowed, or null for no cap. */
  usageCap: z.number().int().positive().nullable(),
  /** Paid orders that used the code. */
  usageCount: z.number().int().nonnegative(),
  scope: z.enum(PROMOTION_SCOPES),
  /** The exam or category the code is limited to (by its code, for the table), or null for scope all. */
  scopeTarget: z.object({ id, code: z.string(), name: localizedText }).nullable(),
  active: z.boolean(),
});
export type Promotion = z.infer<typeof promotion>;
export const promotionList = paged(promotion);

export const promotionQuery = pageQuery
  .extend({ kind: z.enum(PROMOTION_KINDS).optional(), q: text().trim().max(32).optional() })
  .strict();
export type PromotionQuery = z.infer<typeof promotionQuery>;

/**
 * `POST /api/ops/promotions` and `PUT /api/ops/promotions/:id`: the discount its type names (and only that), a window
 * that ends after it starts, and the exam or category its scope names.
 */
export const promotionDraft = z
  .object({
    code: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/),
    kind: z.enum(PROMOTION_KINDS),
    discountType: z.enum(DISCOUNT_TYPES),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOffFen: z.number().int().min(1).max(100_000_00).nullable(),
    validFrom: isoDateTime,
    validUntil: isoDateTime,
    usageCap: z.number().int().min(1).max(1_000_000).nullable(),
    scope: z.enum(PROMOTION_SCOPES),
    scopeTargetId: id.nullable(),
    active: z.boolean(),
  })
  .strict()
  .superRefine((draft, context) => {
    const percent = draft.discountType === 'percent';
    if (percent !== (draft.percentOff !== null)) {
      context.addIssue({ code: 'custom', path: ['percentOff'], message: 'Percent off goes with a percent discount' });
    }
    if (!percent !== (draft.amountOffFen !== null)) {
      context.addIssue({ code: 'custom', path: ['amountOffFen'], message: 'Amount off goes with a fixed discount' });
    }
    if (Date.parse(draft.validUntil) <= Date.parse(draft.validFrom)) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'PROMOTION_WINDOW_INVALID' });
    }
    if ((draft.scope === 'all') !== (draft.scopeTargetId === null)) {
      context.addIssue({
        code: 'custom',
        path: ['scopeTargetId'],
        message: 'An exam or category scope names its target',
      });
    }
  });
export type PromotionDraft = z.infer<typeof promotionDraft>;

/** What an audit row records; the server adds actions as the console grows (orders, support). */
export const AUDIT_ACTIONS = [
  'operator.login',
  'operator.invite',
  'operator.remove',
  'center.approve',
  'center.reject',
  'center.suspend',
  'category.create',
  'category.update',
  'category.retire',
  'organization.create',
  'organization.update',
  'organization.retire',
  'promotion.create',
  'promotion.update',
  'order.refund',
  'refund.retry',
  'candidate.view',
  'candidate.logout',
  'candidate.export',
  'candidate.erase',
  'candidate.photo.reject',
  'audit.export',
  'exam.waitingRoom',
  'fapiao.issue',
  'fapiao.reject',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

const dateOnly = z.iso.date();

/** The audit log's filters: `actor` is part of an operator's name or phone, the dates are Beijing days. */
const auditFilters = z
  .object({
    actor: text().trim().max(64).optional(),
    action: auditAction.optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .strict();
export type AuditFilters = z.infer<typeof auditFilters>;
const auditDaysInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const auditDayOrder = { path: ['to'], message: 'The last day is on or after the first' };
/** `GET /api/ops/audit`: newest first. */
export const auditQuery = pageQuery.extend(auditFilters.shape).strict().refine(auditDaysInOrder, auditDayOrder);
/** `GET /api/ops/audit/export`: every row the filters find (no paging), newest first, as an .xlsx file. */
export const auditExportQuery = auditFilters.refine(auditDaysInOrder, auditDayOrder);

/** A JSON snapshot of what an action changed (a row's fields), or null when there was nothing before or after. */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id,
  at: isoDateTime,
  /** Who did it; null for the server's command line (`npm run operator`). */
  actor: z.object({ id, name: z.string(), phone: z.string() }).nullable(),
  action: auditAction,
  /** What the action touched: its kind (center, category, ...), id and a label a person recognizes. */
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  before: snapshot,
  after: snapshot,
  /** The operator's IP address. */
  address: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = paged(auditEntry);

/*
 * Orders and money (issue 13, item 5; permission `finance`). Money is integer fen; days are Beijing days
 * (Asia/Shanghai), as the provider's daily record counts them.
 */

/** Who paid: the account that made the order (a group's coordinator for a group order). */
const payer = z.object({ id, name: z.string(), phone: z.string() });
const examRef = z.object({ id, code: z.string(), name: localizedText });

/**
 * `GET /api/ops/orders` and its export: every filter narrows (AND). `phone` is the payer's login phone (a mainland
 * mobile in any spelling, matched whole after normalizing; PHONE_INVALID otherwise), `orderId` our order id,
 * `transactionId` the provider's, `exam` part of an exam's code or of its name in either language; `from`/`to` the
 * Beijing days the order was created in. Newest first.
 */
export const opsOrderFilters = z
  .object({
    phone: phoneInput.optional(),
    orderId: id.optional(),
    transactionId: text().trim().min(1).max(64).optional(),
    exam: text().trim().min(1).max(100).optional(),
    status: orderStatus.optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .strict();
const fromNotAfterTo = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const dayOrder = { path: ['to'], message: 'The last day is on or after the first' };
export const opsOrderQuery = pageQuery.extend(opsOrderFilters.shape).strict().refine(fromNotAfterTo, dayOrder);
/** `GET /api/ops/orders.xlsx`: every order the search finds (no paging), one row each, the columns of the table. */
export const opsOrderExportQuery = opsOrderFilters.refine(fromNotAfterTo, dayOrder);
export type OpsOrderFilters = z.infer<typeof opsOrderFilters>;

/** A refund's state as operators see it: the provider's `processing` too (the payer sees it as requested). */
export const OPS_REFUND_STATES = ['requested', 'processing', 'succeeded', 'failed'] as const;
export const opsRefundState = z.enum(OPS_REFUND_STATES);
export type OpsRefundState = z.infer<typeof opsRefundState>;
/** Why money goes back: the payer's REFUND_REASONS (contract/booking.ts), `manual` for an operator's own refund. */
export const OPS_REFUND_REASONS = REFUND_REASONS;
export const opsRefundReason = z.enum(OPS_REFUND_REASONS);
export type OpsRefundReason = z.infer<typeof opsRefundReason>;

export const opsRefund = z.object({
  id,
  orderId: id,
  amountFen: fen,
  reason: opsRefundReason,
  /** The operator's words for a manual refund; null for the others. */
  note: z.string().nullable(),
  /** The operator who asked for a manual refund; null for the refunds the system books. */
  requestedBy: who.nullable(),
  state: opsRefundState,
  requestedAt: isoDateTime,
  /** When it succeeded, or was given up as failed; null before. */
  completedAt: isoDateTime.nullable(),
  /** Exchanges with the provider that failed. */
  attempts: z.number().int().nonnegative(),
  /** Why the last exchange failed (the provider's code and message), or null. */
  lastError: z.string().nullable(),
});
export type OpsRefund = z.infer<typeof opsRefund>;

/** One order in the search. */
export const opsOrderRow = z.object({
  id,
  purpose: orderPurpose,
  status: orderStatus,
  payer,
  exam: examRef,
  /** Seats paid for (more than one for a group). */
  quantity: z.number().int().positive(),
  totalFen: fen,
  /** Confirmed back by the provider. */
  refundedFen: fen,
  /** Asked for and not confirmed yet (requested or processing). */
  refundPendingFen: fen,
  /** Given up as failed: still owed, settled by a retry. */
  refundFailedFen: fen,
  /** What a manual refund may still ask for: the total less every refund booked (any state), 0 unless paid. */
  refundableFen: fen,
  /** `sandbox` or `wechat`. */
  provider: z.string(),
  transactionId: z.string().nullable(),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
});
export type OpsOrderRow = z.infer<typeof opsOrderRow>;
export const opsOrderList = paged(opsOrderRow);
export type OpsOrderList = z.infer<typeof opsOrderList>;

/**
 * What a payment or refund notification did (the `payment_events` row): `applied` moved the order, `duplicate` found
 * it already moved, `late_refunded` came after the hold expired (refunded in full), `rejected` failed verification
 * (signature, decryption, amount or an unknown order); `refund_succeeded` / `refund_failed` moved a refund,
 * `refund_duplicate` found it moved.
 */
export const PAYMENT_EVENT_OUTCOMES = [
  'applied',
  'duplicate',
  'late_refunded',
  'rejected',
  'refund_succeeded',
  'refund_failed',
  'refund_duplicate',
] as const;
export const paymentEventOutcome = z.enum(PAYMENT_EVENT_OUTCOMES);
export type PaymentEventOutcome = z.infer<typeof paymentEventOutcome>;

/** An order's history, oldest first; each entry says what happened at `at`. */
export const orderEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), at: isoDateTime, totalFen: fen }),
  /** A notification from the provider, with what its verification decided and the server's note (never secrets). */
  z.object({
    type: z.literal('payment'),
    at: isoDateTime,
    provider: z.string(),
    outcome: paymentEventOutcome,
    detail: z.string(),
  }),
  /** A refund asked for (`requested`) and, in a later entry, what became of it (`succeeded` or `failed`). */
  z.object({
    type: z.literal('refund'),
    at: isoDateTime,
    refundId: id,
    step: z.enum(['requested', 'succeeded', 'failed']),
    amountFen: fen,
    reason: opsRefundReason,
    /** The operator, for a manual refund or a retry. */
    by: who.nullable(),
  }),
  /** A registration of this order moved to another exam (`from` -> `to`), paid by or refunded to `changeOrderId`. */
  z.object({
    type: z.literal('change'),
    at: isoDateTime,
    registrationId: id,
    from: examRef,
    to: examRef,
    changeOrderId: id.nullable(),
  }),
  /** The order closed unpaid: its hold ran out (`expired`) or it was canceled. */
  z.object({ type: z.literal('closed'), at: isoDateTime, status: z.enum(['expired', 'canceled']) }),
]);
export type OrderEvent = z.infer<typeof orderEvent>;

/** `GET /api/ops/orders/:id`: the order, its price lines, the registrations it pays for, its refunds and history. */
export const opsOrderDetail = opsOrderRow.extend({
  breakdown: priceBreakdown,
  promoCode: z.string().nullable(),
  registrations: z.array(z.object({ id, status: registrationStatus, candidateName: z.string(), exam: examRef })),
  refunds: z.array(opsRefund),
  timeline: z.array(orderEvent),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetail>;

/**
 * `POST /api/ops/orders/:id/refund`: money only (registrations stand; cancelling is the candidate's or the center's),
 * through the provider, booked like any refund (requested, then succeeded or failed). Only a paid order
 * (ORDER_NOT_REFUNDABLE), at most its refundableFen (REFUND_EXCEEDS_REFUNDABLE); the reason is kept as the refund's
 * note and in the audit row (`order.refund`).
 */
export const opsRefundRequest = z
  .object({
    amountFen: z.number().int().min(1),
    reason: requiredText(500),
  })
  .strict();
export type OpsRefundRequest = z.infer<typeof opsRefundRequest>;

/** `GET /api/ops/refunds/failed`: refunds the provider refused for good, oldest first (the longest owed on top). */
export const opsFailedRefund = opsRefund.extend({
  order: z.object({
    id,
    totalFen: fen,
    provider: z.string(),
    transactionId: z.string().nullable(),
    payer,
    exam: examRef,
  }),
});
export type OpsFailedRefund = z.infer<typeof opsFailedRefund>;
export const opsFailedRefundList = paged(opsFailedRefund);

/** `GET /api/ops/reconciliation?date=` and its export: one Beijing day that has begun (a later one is VALIDATION_FAILED). */
export const reconciliationQuery = z.object({ date: dateOnly }).strict();

/** Counts and sums of one side's record of the day: payments collected and refunds paid out. */
export const ledgerTotals = z.object({
  paidCount: z.number().int().nonnegative(),
  paidFen: fen,
  refundedCount: z.number().int().nonnegative(),
  refundedFen: fen,
});
export type LedgerTotals = z.infer<typeof ledgerTotals>;

/**
 * How one payment or refund of the day disagrees: the provider has no record of it (`missing_at_provider`), we have
 * none of the provider's (`missing_here`), both have it with other amounts (`amount_differs`) or other states
 * (`status_differs`, e.g. paid here and closed there).
 */
export const MISMATCH_KINDS = ['missing_at_provider', 'missing_here', 'amount_differs', 'status_differs'] as const;
export const mismatchKind = z.enum(MISMATCH_KINDS);
export type MismatchKind = z.infer<typeof mismatchKind>;

/** One side's view of the payment or refund: its amount and its state in that side's own words. */
const ledgerEntry = z.object({ amountFen: fen, status: z.string() });

export const reconciliationMismatch = z.object({
  kind: mismatchKind,
  subject: z.enum(['payment', 'refund']),
  /** Our order (the provider's merchant order number), or null when it names no order we know. */
  orderId: id.nullable(),
  /** Our refund, for a refund's mismatch we know of; else null. */
  refundId: id.nullable(),
  transactionId: z.string().nullable(),
  /** Null on the side that has no record. */
  platform: ledgerEntry.nullable(),
  provider: ledgerEntry.nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatch>;

/**
 * The platform's paid and refunded orders of the day against the provider's own record (the sandbox ledger, or
 * WeChat Pay's trade bill: RECONCILIATION_UNAVAILABLE while the provider has not published it or cannot be reached).
 */
export const reconciliation = z.object({
  date: dateOnly,
  provider: z.string(),
  platform: ledgerTotals,
  providerTotals: ledgerTotals,
  mismatches: z.array(reconciliationMismatch),
  generatedAt: isoDateTime,
});
export type Reconciliation = z.infer<typeof reconciliation>;

/*
 * The dashboard (issue 13, item 6): any operator (no permission needed, so it is the console's landing page); the
 * money figures are null unless the operator holds `finance`. The server computes every figure in SQL.
 */

/** `GET /api/ops/dashboard?from=&to=`: Beijing days, at most 366 of them, the last on or after the first. */
export const dashboardQuery = z
  .object({ from: dateOnly, to: dateOnly })
  .strict()
  .refine(fromNotAfterTo, dayOrder)
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 365 * 86_400_000, {
    path: ['to'],
    message: 'At most 366 days',
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboard = z.object({
  from: dateOnly,
  to: dateOnly,
  /**
   * Every day of the range, oldest first, none left out: `registrations` paid for that day (the registrations of the
   * orders whose paidAt falls on it), `revenueFen` the totals of those orders, `refundedFen` the refunds that
   * succeeded that day; both money figures null without `finance`.
   */
  days: z.array(
    z.object({
      date: dateOnly,
      registrations: z.number().int().nonnegative(),
      revenueFen: fen.nullable(),
      refundedFen: fen.nullable(),
    }),
  ),
  /**
   * Exams whose test starts in the range, soonest first, at most 50: seats taken of capacity, and of the
   * registrations admitted (register, checkin, completed) how many were checked in.
   */
  exams: z.array(
    examRef.extend({
      startsAt: isoDateTime,
      capacity: z.number().int().nonnegative(),
      seatsTaken: z.number().int().nonnegative(),
      admitted: z.number().int().nonnegative(),
      checkedIn: z.number().int().nonnegative(),
    }),
  ),
  /** Over every exam that started in the range (not only the 50 listed): checked in of admitted. */
  checkin: z.object({ admitted: z.number().int().nonnegative(), checkedIn: z.number().int().nonnegative() }),
  /** Now, whatever the range: centers waiting for a decision, and refunds given up as failed (their sum: finance). */
  pendingCenters: z.number().int().nonnegative(),
  failedRefunds: z.object({ count: z.number().int().nonnegative(), amountFen: fen.nullable() }),
});
export type Dashboard = z.infer<typeof dashboard>;

/*
 * Support (issue 13, item 7; permission `support`): a candidate (an `individual` account) looked up, their
 * registrations and orders, ended sessions, their personal data as a file, and erasure on request (PIPL).
 */

/** `GET /api/ops/candidates`: exactly one of a login phone (normalized; PHONE_INVALID) or an ID number (whole). */
export const opsCandidateLookupQuery = z
  .object({
    phone: phoneInput.optional(),
    idNumber: text()
      .trim()
      .toUpperCase()
      .regex(/^\d{17}[\dX]$/)
      .optional(),
  })
  .strict()
  .refine((query) => (query.phone === undefined) !== (query.idNumber === undefined), {
    path: ['phone'],
    message: 'Give a phone number or an ID number',
  });
export type OpsCandidateLookupQuery = z.infer<typeof opsCandidateLookupQuery>;

export const opsCandidate = z.object({
  id,
  /** E.164; an anonymized account's is empty. */
  phone: z.string(),
  name: z.string(),
  /** 110101********123X, or empty when the profile has none. */
  maskedIdNumber: z.string(),
  createdAt: isoDateTime,
  /** Live sessions (logged in on that many devices). */
  activeSessions: z.number().int().nonnegative(),
  /** When the account was anonymized on request; null otherwise. */
  anonymizedAt: isoDateTime.nullable(),
});
export type OpsCandidate = z.infer<typeof opsCandidate>;

/** `GET /api/ops/candidates/:id`: the candidate, every registration and every order they paid (newest first). */
export const opsCandidateDetail = opsCandidate.extend({
  registrations: z.array(
    z.object({
      id,
      status: registrationStatus,
      exam: examRef.extend({ startsAt: isoDateTime, timeZone: z.string() }),
      createdAt: isoDateTime,
      checkedInAt: isoDateTime.nullable(),
      /** The exam's result once published. */
      outcome: resultOutcome.nullable(),
    }),
  ),
  orders: z.array(opsOrderRow),
  /** The candidate's current ID photo (its image and any rejection); null when the profile has none. */
  photo: candidatePhoto.nullable(),
});
export type OpsCandidateDetail = z.infer<typeof opsCandidateDetail>;

/** `POST /api/ops/candidates/:id/logout`: every session of the candidate ends (audit `candidate.logout`). */
export const sessionsEnded = z.object({ ended: z.number().int().nonnegative() });

/**
 * `POST /api/ops/candidates/:id/erase`: the operator types the candidate's phone again (any spelling, normalized;
 * ERASURE_CONFIRMATION_MISMATCH when it is not theirs). Refused with ERASURE_BLOCKED while a registration is live
 * (pending, register, checkin): it is cancelled first. A refund still owed stays with the kept order.
 */
export const erasureRequest = z.object({ confirmPhone: phoneInput }).strict();
export type ErasureRequest = z.infer<typeof erasureRequest>;

/** What the law makes us keep when a candidate's account cannot simply be deleted. */
export const KEPT_RECORDS = ['results', 'certificates', 'orders', 'refunds', 'registrations'] as const;
export const keptRecord = z.enum(KEPT_RECORDS);
export type KeptRecord = z.infer<typeof keptRecord>;

/**
 * `erased`: the account and everything of it is gone (it had no result and no payment). `anonymized`: results or
 * payments must be kept, so the account stays with its name, phone, ID number, contact details and photo removed,
 * and `kept` says which records remain and how many. Either way every session has ended.
 */
export const erasureResult = z.object({
  outcome: z.enum(['erased', 'anonymized']),
  kept: z.array(z.object({ record: keptRecord, count: z.number().int().positive() })),
  sessionsEnded: z.number().int().nonnegative(),
});
export type ErasureResult = z.infer<typeof erasureResult>;
