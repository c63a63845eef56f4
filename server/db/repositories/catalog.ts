import { and, asc, count, eq, gt, gte, ilike, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, cities, exams, organizations, provinces, testCenters } from '../schema';

export interface ExamFilter {
  now: Date;
  categoryCode?: string;
  categoryId?: string;
  provinceCode?: string;
  cityCode?: string;
  /** Matched case-insensitively against both names and the exam code. */
  text?: string;
  startsFrom?: Date;
  startsBefore?: Date;
  offset: number;
  limit: number;
}

const examColumns = {
  exam: exams,
  category: categories,
  organization: organizations,
  center: { id: testCenters.id, nameZh: testCenters.nameZh, nameEn: testCenters.nameEn },
  province: provinces,
  city: cities,
};

/** Exams with their category, organization, center and place: the shape the catalog answers (toExamSummary). */
export function examsWithPlace(db: Db) {
  return db
    .select(examColumns)
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .leftJoin(organizations, eq(organizations.id, exams.organizationId))
    .innerJoin(testCenters, eq(testCenters.id, exams.centerId))
    .innerJoin(provinces, eq(provinces.code, exams.provinceCode))
    .innerJoin(cities, eq(cities.code, exams.cityCode));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function catalogRepository(db: Db) {
  const examQuery = () => examsWithPlace(db);

  return {
    provinces: () => db.select().from(provinces).orderBy(asc(provinces.code)),
    cities: (provinceCode: string) =>
      db.select().from(cities).where(eq(cities.provinceCode, provinceCode)).orderBy(asc(cities.code)),
    categories: () => db.select().from(categories).orderBy(asc(categories.code)),

    /** Active exams still taking registrations, soonest first, with the total for paging. */
    async listOpenExams(filter: ExamFilter) {
      const conditions: SQL[] = [eq(exams.status, 'active'), gt(exams.registrationEndsAt, filter.now)];
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
        examQuery().where(where).orderBy(asc(exams.startsAt), asc(exams.id)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(exams).innerJoin(categories, eq(categories.id, exams.categoryId)).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** Any published exam by id (not drafts marked inactive), whatever its dates. */
    async examById(id: string) {
      const [row] = await examQuery().where(and(eq(exams.id, id), ne(exams.status, 'inactive')));
      return row;
    },
  };
}

export type ExamRow = NonNullable<Awaited<ReturnType<ReturnType<typeof catalogRepository>['examById']>>>;
