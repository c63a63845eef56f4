import { z } from 'zod';
import { opsPermission, phoneInput } from './auth';
import { fen, id, isoDateTime, localizedText, requiredText, text } from './common';
import { paged, pageQuery } from './envelope';

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
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

const dateOnly = z.iso.date();

/** `GET /api/ops/audit`: newest first; `actor` is part of an operator's name or phone, the dates are Beijing days. */
export const auditQuery = pageQuery
  .extend({
    actor: text().trim().max(64).optional(),
    action: auditAction.optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The last day is on or after the first',
  });

/** A JSON snapshot of what an action changed (a row's fields), or null when there was nothing before or after. */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id,
  at: isoDateTime,
  actor: z.object({ id, name: z.string(), phone: z.string() }),
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
