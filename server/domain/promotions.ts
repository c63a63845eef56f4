import type { PromotionDraft, PromotionQuery, Promotion as PromotionView } from '../../contract';
import type { ExamRow, PromotionRow, PromotionScopeTarget, PromotionWithUsage } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { type Actor, record } from './audit';
import type { PromotionWrite, Repositories, UnitOfWork } from './ports';
import type { Promotion } from './pricing';

/**
 * Promotions and invitation codes (issue 13, item 4): operators keep them in the console, pricing reads them here.
 * A promotion is typed at checkout; an invitation is saved on the profile and gives its referral discount. Both obey
 * the same rules: active, within their window, for their exam or category, and under their usage cap.
 */

export interface PromotionAdminDeps {
  repos: Pick<Repositories, 'promotions'>;
  uow: UnitOfWork;
  now: () => Date;
}

/** Percent off as the console shows it; stored as basis points. */
const BPS_PER_PERCENT = 100;

function targetView(target: PromotionScopeTarget): NonNullable<PromotionView['scopeTarget']> {
  return { id: target.id, code: target.code, name: { zh: target.nameZh, en: target.nameEn } };
}

export function toPromotionView({ promotion, usageCount, exam, category }: PromotionWithUsage): PromotionView {
  const percent = promotion.discountBps !== null;
  const target = exam ?? category;
  return {
    id: promotion.id,
    code: promotion.code,
    kind: promotion.kind,
    discountType: percent ? 'percent' : 'fixed',
    percentOff: percent ? (promotion.discountBps ?? 0) / BPS_PER_PERCENT : null,
    amountOffFen: percent ? null : promotion.amountFen,
    validFrom: promotion.validFrom.toISOString(),
    validUntil: promotion.validUntil.toISOString(),
    usageCap: promotion.usageCap,
    usageCount,
    scope: exam ? 'exam' : category ? 'category' : 'all',
    scopeTarget: target ? targetView(target) : null,
    active: promotion.active,
  };
}

/** What the audit log keeps of a promotion: every field an operator sets, the scope by the target's code. */
function snapshotOf(view: PromotionView): Record<string, unknown> {
  const { id: _id, usageCount: _usage, scopeTarget, ...fields } = view;
  return { ...fields, scopeTarget: scopeTarget?.code ?? null };
}

/** The columns a draft sets besides the id, code and kind. */
function valuesOf(draft: PromotionDraft): Omit<PromotionWrite, 'id' | 'code' | 'kind'> {
  return {
    discountBps: draft.percentOff === null ? null : draft.percentOff * BPS_PER_PERCENT,
    amountFen: draft.amountOffFen,
    validFrom: new Date(draft.validFrom),
    validUntil: new Date(draft.validUntil),
    usageCap: draft.usageCap,
    examId: draft.scope === 'exam' ? draft.scopeTargetId : null,
    categoryId: draft.scope === 'category' ? draft.scopeTargetId : null,
    active: draft.active,
  };
}

/** Refuses a draft whose scope names an exam or category that does not exist (PROMOTION_SCOPE_INVALID). */
async function assertScopeTarget(store: Pick<Repositories, 'promotions'>, draft: PromotionDraft): Promise<void> {
  if (draft.scope === 'all' || draft.scopeTargetId === null) return;
  if (!(await store.promotions.scopeTargetExists(draft.scope, draft.scopeTargetId))) {
    throw new AppError('PROMOTION_SCOPE_INVALID', undefined, undefined, [
      { path: 'scopeTargetId', message: `No ${draft.scope} has this id` },
    ]);
  }
}

async function promotionIn(store: Pick<Repositories, 'promotions'>, id: string): Promise<PromotionView> {
  const row = await store.promotions.promotion(id);
  if (!row) throw new AppError('NOT_FOUND');
  return toPromotionView(row);
}

/** The console's page of codes: newest first, of a kind and containing some text if asked. */
export async function listPromotions(deps: Pick<PromotionAdminDeps, 'repos'>, query: PromotionQuery) {
  const { current, pageSize, kind, q } = query;
  const page = await deps.repos.promotions.page({ kind, text: q || undefined }, (current - 1) * pageSize, pageSize);
  return { list: page.rows.map(toPromotionView), total: page.total, current, pageSize };
}

/** A new promotion or invitation code: unique (PROMO_CODE_TAKEN), its scope's target existing; audited. */
export function createPromotion(deps: PromotionAdminDeps, actor: Actor, draft: PromotionDraft): Promise<PromotionView> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    await assertScopeTarget(store, draft);
    const id = uuidv7(now.getTime());
    const added = await store.promotions.insertPromotion({
      id,
      code: draft.code,
      kind: draft.kind,
      ...valuesOf(draft),
    });
    if (!added) throw new AppError('PROMO_CODE_TAKEN');
    const created = await promotionIn(store, id);
    await record(store.audit, actor, now, {
      action: 'promotion.create',
      target: { type: 'promotion', id, label: created.code },
      before: null,
      after: snapshotOf(created),
    });
    return created;
  });
}

/**
 * A promotion's new discount, window, cap, scope or switch. Its code and kind stay what they were
 * (PROMOTION_CODE_FIXED): orders and profiles name it by code, and its usage is counted by them. Orders already
 * priced keep their price: they store their own breakdown.
 */
export function updatePromotion(
  deps: PromotionAdminDeps,
  actor: Actor,
  id: string,
  draft: PromotionDraft,
): Promise<PromotionView> {
  const now = deps.now();
  return deps.uow.run(async (store) => {
    const before = await promotionIn(store, id);
    if (before.code !== draft.code || before.kind !== draft.kind) throw new AppError('PROMOTION_CODE_FIXED');
    await assertScopeTarget(store, draft);
    await store.promotions.updatePromotion(id, valuesOf(draft));
    const after = await promotionIn(store, id);
    await record(store.audit, actor, now, {
      action: 'promotion.update',
      target: { type: 'promotion', id, label: before.code },
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}

/** A code that priced a booking: its discount, and what its booking's transaction needs to claim a capped use. */
export interface AppliedCode extends Promotion {
  id: string;
  kind: PromotionRow['kind'];
  usageCap: number | null;
}

type CodeRefusal = 'PROMO_CODE_INVALID' | 'PROMO_CODE_NOT_FOR_EXAM' | 'PROMO_CODE_USED_UP';

/** Why a code does not apply to a booking of `exam` now, or undefined when it does. */
async function refusalOf(
  repos: Pick<Repositories, 'promotions'>,
  row: PromotionRow,
  exam: Pick<ExamRow, 'id' | 'categoryId'>,
  now: Date,
): Promise<CodeRefusal | undefined> {
  if (!row.active || row.validFrom > now || row.validUntil <= now) return 'PROMO_CODE_INVALID';
  if (row.examId !== null && row.examId !== exam.id) return 'PROMO_CODE_NOT_FOR_EXAM';
  if (row.categoryId !== null && row.categoryId !== exam.categoryId) return 'PROMO_CODE_NOT_FOR_EXAM';
  if (row.usageCap !== null && (await repos.promotions.usesOf(row)) >= row.usageCap) return 'PROMO_CODE_USED_UP';
  return undefined;
}

function appliedOf(row: PromotionRow): AppliedCode {
  const { id, code, kind, discountBps, amountFen, usageCap } = row;
  return { id, code, kind, discountBps, amountFen, usageCap };
}

/** The promotion a candidate typed at checkout, or the reason it does not apply (thrown). */
export async function checkoutPromotion(
  deps: { repos: Pick<Repositories, 'promotions'>; now: () => Date },
  code: string | undefined,
  exam: Pick<ExamRow, 'id' | 'categoryId'>,
): Promise<AppliedCode | undefined> {
  if (!code) return undefined;
  const row = await deps.repos.promotions.promoCode(code);
  if (!row) throw new AppError('PROMO_CODE_INVALID');
  const refusal = await refusalOf(deps.repos, row, exam, deps.now());
  if (refusal) throw new AppError(refusal);
  return appliedOf(row);
}

/**
 * The referral of the profile's invitation code when it applies to this booking; one that does not (switched off,
 * out of its window, for another exam, used up) simply gives no referral: the candidate did not type it here.
 */
export async function applicableInvitation(
  deps: { repos: Pick<Repositories, 'promotions'>; now: () => Date },
  invitation: PromotionRow | null | undefined,
  exam: Pick<ExamRow, 'id' | 'categoryId'>,
): Promise<AppliedCode | undefined> {
  if (invitation?.kind !== 'invitation') return undefined;
  return (await refusalOf(deps.repos, invitation, exam, deps.now())) ? undefined : appliedOf(invitation);
}

/** Whether the booking must claim a capped use inside its transaction. */
export const usesCappedCode = (...codes: (AppliedCode | undefined)[]) =>
  codes.some((code) => code !== undefined && code.usageCap !== null);

/**
 * Inside the booking's transaction, before its order is written: holds each capped code's row until commit and
 * counts its uses again, so two bookings racing for a code's last use cannot both have it. A promotion used up
 * meanwhile answers PROMO_CODE_USED_UP; an invitation used up meanwhile changed the price (PRICE_CHANGED). The
 * promotion is always locked before the invitation, so two bookings never wait for each other.
 */
export async function claimCappedCodes(
  tx: Pick<Repositories, 'promotions'>,
  promotion: AppliedCode | undefined,
  invitation: AppliedCode | undefined,
): Promise<void> {
  const usedUp = async (code: AppliedCode | undefined) =>
    code !== undefined && code.usageCap !== null && (await tx.promotions.lockAndCountUses(code)) >= code.usageCap;
  if (await usedUp(promotion)) throw new AppError('PROMO_CODE_USED_UP');
  if (await usedUp(invitation)) throw new AppError('PRICE_CHANGED');
}
