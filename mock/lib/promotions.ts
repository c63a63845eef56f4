import type { Promotion } from '../../contract/ops';
import type { Discount } from '../../server/domain/pricing';
import { INVITATION, type MockExam, newId, PROMOTIONS } from './fixtures';
import { refuse } from './http';

/**
 * The mock's promotions and invitation codes: what the console lists and edits, and what checkout prices with, by
 * the server's rules (server/domain/promotions.ts): active, within the window, for its exam or category, under its cap.
 */

const DAY_MS = 86_400_000;

export const promotions = new Map<string, Promotion>();
for (const { code, discountBps, amountFen } of [...PROMOTIONS, { ...INVITATION, amountFen: null }]) {
  const id = newId();
  promotions.set(id, {
    id,
    code,
    kind: code === INVITATION.code ? 'invitation' : 'promotion',
    discountType: discountBps === null ? 'fixed' : 'percent',
    percentOff: discountBps === null ? null : discountBps / 100,
    amountOffFen: amountFen,
    validFrom: new Date(Date.now() - 60 * DAY_MS).toISOString(),
    validUntil: new Date(Date.now() + 5 * 365 * DAY_MS).toISOString(),
    usageCap: code === 'WELCOME20' ? 500 : null,
    usageCount: code.length * 3,
    scope: 'all',
    scopeTarget: null,
    active: true,
  });
}

type Refusal = 'PROMO_CODE_INVALID' | 'PROMO_CODE_NOT_FOR_EXAM' | 'PROMO_CODE_USED_UP';

/** Why a code does not apply to a booking of `exam` now, or undefined when it does (the mock counts paid uses). */
function refusalOf(promotion: Promotion, exam: MockExam): Refusal | undefined {
  const now = Date.now();
  const open = Date.parse(promotion.validFrom) <= now && now < Date.parse(promotion.validUntil);
  if (!promotion.active || !open) return 'PROMO_CODE_INVALID';
  const target = promotion.scopeTarget?.id;
  if (promotion.scope === 'exam' && target !== exam.id) return 'PROMO_CODE_NOT_FOR_EXAM';
  if (promotion.scope === 'category' && target !== exam.category.id) return 'PROMO_CODE_NOT_FOR_EXAM';
  if (promotion.usageCap !== null && promotion.usageCount >= promotion.usageCap) return 'PROMO_CODE_USED_UP';
  return undefined;
}

const discountOf = (promotion: Promotion): Discount & { code: string } => ({
  code: promotion.code,
  discountBps: promotion.percentOff === null ? null : promotion.percentOff * 100,
  amountFen: promotion.amountOffFen,
});

const byCode = (code: string, kind: Promotion['kind']) =>
  [...promotions.values()].find((item) => item.code === code.toUpperCase() && item.kind === kind);

/** The promotion a candidate typed at checkout, refused with the server's code when it does not apply. */
export function checkoutPromotion(code: string | undefined, exam: MockExam) {
  if (!code) return undefined;
  const promotion = byCode(code, 'promotion') ?? refuse('PROMO_CODE_INVALID');
  const refusal = refusalOf(promotion, exam);
  if (refusal) refuse(refusal);
  return discountOf(promotion);
}

/** The referral of the profile's invitation code when it applies to this exam; none otherwise. */
export function applicableInvitation(code: string | undefined, exam: MockExam) {
  const invitation = code ? byCode(code, 'invitation') : undefined;
  return invitation && !refusalOf(invitation, exam) ? discountOf(invitation) : undefined;
}

/** An active invitation code as stored, for a profile to save (any case typed), or undefined. */
export function activeInvitationCode(code: string): string | undefined {
  const invitation = byCode(code, 'invitation');
  return invitation?.active ? invitation.code : undefined;
}
