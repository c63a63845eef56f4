import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CatalogAdminRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { CatalogFilter } from '../rows';
import { categories, exams, organizations, profiles } from '../schema';
import { containing } from './exams';

function statusCondition(column: typeof categories.retiredAt | typeof organizations.retiredAt, filter: CatalogFilter) {
  if (filter.status === 'active') return isNull(column);
  if (filter.status === 'retired') return isNotNull(column);
  return undefined;
}

/** The rows of a status (any without) whose `searched` columns contain the filter's text. */
function catalogWhere(
  retiredAt: typeof categories.retiredAt | typeof organizations.retiredAt,
  searched: AnyPgColumn[],
  filter: CatalogFilter,
): SQL | undefined {
  const conditions = [statusCondition(retiredAt, filter)];
  if (filter.text) {
    const pattern = containing(filter.text);
    conditions.push(or(...searched.map((column) => ilike(column, pattern))));
  }
  return and(...conditions);
}

/** The catalog as operators keep it: categories and organizations, with how much names each. */
export function catalogAdminRepository(db: Db): CatalogAdminRepository {
  const categoryRows = () =>
    db
      .select({ category: categories, examCount: sql<number>`count(${exams.id})::int` })
      .from(categories)
      .leftJoin(exams, eq(exams.categoryId, categories.id))
      .groupBy(categories.id);
  const organizationRows = () =>
    db
      .select({ organization: organizations, memberCount: sql<number>`count(${profiles.userId})::int` })
      .from(organizations)
      .leftJoin(profiles, eq(profiles.organizationId, organizations.id))
      .groupBy(organizations.id);

  return {
    async categoriesPage(filter, offset, limit) {
      const where = catalogWhere(categories.retiredAt, [categories.code, categories.nameZh, categories.nameEn], filter);
      const [rows, totals] = await Promise.all([
        categoryRows().where(where).orderBy(asc(categories.code)).limit(limit).offset(offset),
        db.select({ n: count() }).from(categories).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async category(id) {
      const [row] = await categoryRows().where(eq(categories.id, id));
      return row;
    },

    /** Adds a category; false when its code is taken. */
    async insertCategory(row) {
      const inserted = await db.insert(categories).values(row).onConflictDoNothing().returning({ id: categories.id });
      return inserted.length === 1;
    },

    async updateCategory(id, values) {
      const rows = await db
        .update(categories)
        .set(values)
        .where(eq(categories.id, id))
        .returning({ id: categories.id });
      return rows.length === 1;
    },

    async organizationsPage(filter, offset, limit) {
      const where = catalogWhere(organizations.retiredAt, [organizations.nameZh, organizations.nameEn], filter);
      const [rows, totals] = await Promise.all([
        organizationRows()
          .where(where)
          .orderBy(asc(sql`lower(${organizations.nameEn})`), asc(organizations.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(organizations).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async organization(id) {
      const [row] = await organizationRows().where(eq(organizations.id, id));
      return row;
    },

    async insertOrganization(row) {
      await db.insert(organizations).values(row);
    },

    async updateOrganization(id, values) {
      const rows = await db
        .update(organizations)
        .set(values)
        .where(eq(organizations.id, id))
        .returning({ id: organizations.id });
      return rows.length === 1;
    },
  };
}
