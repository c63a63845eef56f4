import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PromotionsRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { PromotionFilter, PromotionRow, PromotionScopeTarget, PromotionWithUsage } from '../rows';
import { categories, exams, orders, promotions } from '../schema';
import { containing } from './exams';

/** The order column that records a code of this kind: the promotion typed, or the profile's invitation. */
const orderColumnOf = (kind: PromotionRow['kind']) => (kind === 'promotion' ? orders.promoCode : orders.invitationCode);

/** Orders of `statuses` priced with the code (index-friendly: one equality on the kind's own column). */
function ordersUsing(db: Db, code: string, kind: PromotionRow['kind'], statuses: ('pending' | 'paid')[]) {
  return db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orderColumnOf(kind), code), inArray(orders.status, statuses)));
}

/** Paid orders priced with each listed promotion, as a correlated count. */
const paidUses = sql<number>`(
  SELECT count(*)::int FROM ${orders}
  WHERE ${orders.status} = 'paid'
    AND (CASE WHEN ${promotions.kind} = 'promotion' THEN ${orders.promoCode} ELSE ${orders.invitationCode} END)
        = ${promotions.code}
)`;

function promotionWhere(filter: PromotionFilter): SQL | undefined {
  return and(
    filter.kind ? eq(promotions.kind, filter.kind) : undefined,
    filter.text ? ilike(promotions.code, containing(filter.text)) : undefined,
  );
}

type JoinedTarget = { [K in keyof PromotionScopeTarget]: PromotionScopeTarget[K] | null };

/** A left-joined exam or category: null when the scope names none. */
function targetOrNull(target: JoinedTarget | null): PromotionScopeTarget | null {
  if (!target?.id || target.code === null || target.nameZh === null || target.nameEn === null) return null;
  return { id: target.id, code: target.code, nameZh: target.nameZh, nameEn: target.nameEn };
}

function withTargets(row: {
  promotion: PromotionRow;
  usageCount: number;
  exam: JoinedTarget | null;
  category: JoinedTarget | null;
}): PromotionWithUsage {
  return { ...row, exam: targetOrNull(row.exam), category: targetOrNull(row.category) };
}

/** Promotion codes (a discount at checkout) and invitation codes (a referral saved on the profile). */
export function promotionsRepository(db: Db): PromotionsRepository {
  const scopeExam = alias(exams, 'scope_exam');
  const scopeCategory = alias(categories, 'scope_category');
  const targetOf = (table: typeof scopeExam | typeof scopeCategory) => ({
    id: table.id,
    code: table.code,
    nameZh: table.nameZh,
    nameEn: table.nameEn,
  });
  const listed = () =>
    db
      .select({
        promotion: promotions,
        usageCount: paidUses,
        exam: targetOf(scopeExam),
        category: targetOf(scopeCategory),
      })
      .from(promotions)
      .leftJoin(scopeExam, eq(scopeExam.id, promotions.examId))
      .leftJoin(scopeCategory, eq(scopeCategory.id, promotions.categoryId));

  return {
    async promoCode(code) {
      const [row] = await db
        .select()
        .from(promotions)
        .where(and(eq(promotions.code, code.toUpperCase()), eq(promotions.kind, 'promotion')));
      return row;
    },

    async activeInvitationCode(code) {
      const [row] = await db
        .select({ code: promotions.code })
        .from(promotions)
        .where(
          and(
            sql`upper(${promotions.code}) = upper(${code})`,
            eq(promotions.kind, 'invitation'),
            eq(promotions.active, true),
          ),
        )
        .limit(1);
      return row?.code;
    },

    async usesOf({ code, kind }) {
      const [row] = await ordersUsing(db, code, kind, ['pending', 'paid']);
      return row?.n ?? 0;
    },

    async lockAndCountUses({ id, code, kind }) {
      await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).for('update');
      const [row] = await ordersUsing(db, code, kind, ['pending', 'paid']);
      return row?.n ?? 0;
    },

    async page(filter, offset, limit) {
      const where = promotionWhere(filter);
      const [rows, totals] = await Promise.all([
        listed().where(where).orderBy(desc(promotions.createdAt), promotions.code).limit(limit).offset(offset),
        db.select({ n: count() }).from(promotions).where(where),
      ]);
      return { rows: rows.map(withTargets), total: totals[0]?.n ?? 0 };
    },

    async promotion(id) {
      const [row] = await listed().where(eq(promotions.id, id));
      return row && withTargets(row);
    },

    async insertPromotion(row) {
      const inserted = await db.insert(promotions).values(row).onConflictDoNothing().returning({ id: promotions.id });
      return inserted.length === 1;
    },

    async updatePromotion(id, values) {
      const rows = await db
        .update(promotions)
        .set(values)
        .where(eq(promotions.id, id))
        .returning({ id: promotions.id });
      return rows.length === 1;
    },

    async scopeTargetExists(scope, id) {
      const table = scope === 'exam' ? exams : categories;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
      return row !== undefined;
    },
  };
}
