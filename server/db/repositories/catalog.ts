import { and, asc, count, eq, gt, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { CatalogRepository } from '../../domain/ports';
import type { Db } from '../client';
import { categories, cities, exams, organizations, provinces, testCenters } from '../schema';
import { escapeLike, examsWithPlace } from './exams';

async function exists(rows: Promise<unknown[]>): Promise<boolean> {
  return (await rows).length === 1;
}

/** What the catalog offers: places, categories, organizations, and the open exams a candidate may book. */
export function catalogRepository(db: Db): CatalogRepository {
  return {
    provinces: () => db.select().from(provinces).orderBy(asc(provinces.code)),
    cities: (provinceCode) =>
      db.select().from(cities).where(eq(cities.provinceCode, provinceCode)).orderBy(asc(cities.code)),
    /** The categories exams may name: retired ones are kept for the exams that name them, not offered. */
    categories: () => db.select().from(categories).where(isNull(categories.retiredAt)).orderBy(asc(categories.code)),
    /** The organizations a profile may choose: retired ones stay on the profiles that chose them. */
    organizations: () =>
      db
        .select()
        .from(organizations)
        .where(isNull(organizations.retiredAt))
        .orderBy(asc(sql`lower(${organizations.nameEn})`), asc(organizations.id)),

    cityInProvince: (cityCode, provinceCode) =>
      exists(
        db
          .select({ code: cities.code })
          .from(cities)
          .where(and(eq(cities.code, cityCode), eq(cities.provinceCode, provinceCode))),
      ),
    async categoryStatus(id) {
      const [row] = await db.select({ retiredAt: categories.retiredAt }).from(categories).where(eq(categories.id, id));
      return row && (row.retiredAt ? 'retired' : 'active');
    },
    async organization(id) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return row;
    },

    async listOpenExams(filter) {
      // Only an approved center's exams are listed (a pending, rejected or suspended one's are not).
      const conditions: SQL[] = [
        eq(exams.status, 'active'),
        gt(exams.registrationEndsAt, filter.now),
        eq(testCenters.verificationStatus, 'approved'),
      ];
      if (filter.categoryId) conditions.push(eq(categories.id, filter.categoryId));
      if (filter.categoryCode) conditions.push(eq(categories.code, filter.categoryCode));
      if (filter.provinceCode) conditions.push(eq(exams.provinceCode, filter.provinceCode));
      if (filter.cityCode) conditions.push(eq(exams.cityCode, filter.cityCode));
      if (filter.startsFrom) conditions.push(gte(exams.startsAt, filter.startsFrom));
      if (filter.startsBefore) conditions.push(lt(exams.startsAt, filter.startsBefore));
      if (filter.text) {
        const pattern = `%${escapeLike(filter.text)}%`;
        const textMatch = or(ilike(exams.nameZh, pattern), ilike(exams.nameEn, pattern), ilike(exams.code, pattern));
        if (textMatch) conditions.push(textMatch);
      }
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        examsWithPlace(db)
          .where(where)
          .orderBy(asc(exams.startsAt), asc(exams.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(exams)
          .innerJoin(categories, eq(categories.id, exams.categoryId))
          .innerJoin(testCenters, eq(testCenters.id, exams.centerId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
  };
}
