import { and, asc, count, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ChangeTargetFilter, ExamsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { once } from '../once';
import type { ExamSummaryRow } from '../rows';
import {
  categories,
  cities,
  examExaminers,
  exams,
  organizations,
  provinces,
  registrations,
  results,
  testCenters,
} from '../schema';
import { capacityFitsTaken } from './seats';

/** The few facts of an exam an order, a result or a certificate names. */
export const examBriefColumns = {
  id: exams.id,
  code: exams.code,
  nameZh: exams.nameZh,
  nameEn: exams.nameEn,
  startsAt: exams.startsAt,
  timeZone: exams.timeZone,
};

const summaryColumns = {
  exam: exams,
  category: categories,
  organization: organizations,
  center: {
    id: testCenters.id,
    nameZh: testCenters.nameZh,
    nameEn: testCenters.nameEn,
    verificationStatus: testCenters.verificationStatus,
  },
  province: provinces,
  city: cities,
};

/** Exams with their category, organization, center and place: the shape the catalog answers (toExamSummary). */
export function examsWithPlace(db: Db) {
  return db
    .select(summaryColumns)
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .leftJoin(organizations, eq(organizations.id, exams.organizationId))
    .innerJoin(testCenters, eq(testCenters.id, exams.centerId))
    .innerJoin(provinces, eq(provinces.code, exams.provinceCode))
    .innerJoin(cities, eq(cities.code, exams.cityCode));
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** One exam by id, or only the center's when `centerId` is given. */
function examWhere(id: string, centerId: string | undefined) {
  return centerId === undefined ? eq(exams.id, id) : and(eq(exams.id, id), eq(exams.centerId, centerId));
}

/**
 * Every query of an exam row: the booking path's reads (prepared: a crowd books one exam at once), a center's reads
 * and writes of its own exams (named by `centerId`, so one center never reaches another's), and the state changes
 * of cancelling and publishing. Seats taken are written by ./seats only.
 */
export function examsRepository(db: Db): ExamsRepository {
  // An exam with whether its center may take bookings (only an approved center's exams may).
  const examWithCenterStatus = () =>
    db
      .select({ exam: exams, centerStatus: testCenters.verificationStatus })
      .from(exams)
      .innerJoin(testCenters, eq(testCenters.id, exams.centerId));
  const prepared = {
    exam: once(() =>
      examWithCenterStatus()
        .where(eq(exams.id, sql.placeholder('id')))
        .prepare('booking_exam'),
    ),
    examSummary: once(() =>
      examsWithPlace(db)
        .where(eq(exams.id, sql.placeholder('id')))
        .prepare('booking_exam_summary'),
    ),
  };

  return {
    async exam(id, centerId) {
      const [row] =
        centerId === undefined
          ? await prepared.exam().execute({ id })
          : await examWithCenterStatus().where(examWhere(id, centerId));
      return row && { ...row.exam, centerStatus: row.centerStatus };
    },

    async lockExam(id, centerId) {
      const [row] = await db.select().from(exams).where(examWhere(id, centerId)).for('update');
      return row;
    },

    async examSummary(id, centerId) {
      const [row] =
        centerId === undefined
          ? await prepared.examSummary().execute({ id })
          : await examsWithPlace(db).where(examWhere(id, centerId));
      return row;
    },

    async examSummaries(ids) {
      if (ids.length === 0) return [];
      return examsWithPlace(db).where(inArray(exams.id, ids));
    },

    changeTargets(filter: ChangeTargetFilter): Promise<ExamSummaryRow[]> {
      const sameKind = or(
        eq(exams.categoryId, filter.categoryId),
        sql`${exams.code} LIKE ${`${escapeLike(filter.codePrefix)}%`}`,
      ) as SQL;
      return examsWithPlace(db)
        .where(
          and(
            eq(exams.status, 'active'),
            eq(testCenters.verificationStatus, 'approved'),
            ne(exams.id, filter.excludeExamId),
            gt(exams.registrationEndsAt, filter.now),
            gt(exams.startsAt, filter.startsAfter),
            sql`${exams.seatsTaken} < ${exams.capacity}`,
            sameKind,
          ),
        )
        .orderBy(asc(exams.startsAt), asc(exams.id))
        .limit(100);
    },

    async examsPage(centerId, status, offset, limit) {
      const where = status ? and(eq(exams.centerId, centerId), eq(exams.status, status)) : eq(exams.centerId, centerId);
      const [rows, totals] = await Promise.all([
        examsWithPlace(db).where(where).orderBy(asc(exams.startsAt), asc(exams.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(exams).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async examFacts(examIds) {
      if (examIds.length === 0) return { statuses: [], results: [], examiners: [] };
      const [statuses, entered, assigned] = await Promise.all([
        db
          .select({ examId: registrations.examId, status: registrations.status, n: count() })
          .from(registrations)
          .where(inArray(registrations.examId, examIds))
          .groupBy(registrations.examId, registrations.status),
        db
          .select({ examId: registrations.examId, n: count() })
          .from(results)
          .innerJoin(registrations, eq(registrations.id, results.registrationId))
          .where(inArray(registrations.examId, examIds))
          .groupBy(registrations.examId),
        db
          .select({ examId: examExaminers.examId, n: count() })
          .from(examExaminers)
          .where(inArray(examExaminers.examId, examIds))
          .groupBy(examExaminers.examId),
      ]);
      return { statuses, results: entered, examiners: assigned };
    },

    async insertExam(row) {
      await db.insert(exams).values(row);
    },

    /**
     * Rewrites an exam that may still change: not canceled or completed, not started at `now`, and with no more
     * seats taken than the new capacity. False when one of these no longer held (the caller reads why).
     */
    async updateExam(examId, centerId, values, now) {
      const rows = await db
        .update(exams)
        .set(values)
        .where(
          and(
            eq(exams.id, examId),
            eq(exams.centerId, centerId),
            inArray(exams.status, ['active', 'inactive']),
            gt(exams.startsAt, now),
            capacityFitsTaken(values.capacity),
          ),
        )
        .returning({ id: exams.id });
      return rows.length === 1;
    },

    async setWaitingRoom(examId, enabled, centerId) {
      const rows = await db
        .update(exams)
        .set({ waitingRoom: enabled })
        .where(and(eq(exams.id, examId), centerId === undefined ? undefined : eq(exams.centerId, centerId)))
        .returning({ id: exams.id });
      return rows.length === 1;
    },

    async markExamCanceled(examId, at) {
      await db.update(exams).set({ status: 'canceled', canceledAt: at }).where(eq(exams.id, examId));
    },

    async markExamPublished(examId, at) {
      const rows = await db
        .update(exams)
        .set({ resultsPublishedAt: at, status: 'completed' })
        .where(and(eq(exams.id, examId), isNull(exams.resultsPublishedAt)))
        .returning({ id: exams.id });
      return rows.length === 1;
    },
  };
}
