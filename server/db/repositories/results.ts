import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ResultsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { exams, registrations, results, users } from '../schema';
import { examBriefColumns } from './exams';

/** How many rows one statement over (VALUES ...) carries (two parameters each). */
const BATCH = 1000;

/**
 * Results of a center's exams: entry (only for checked-in registrations, only before publication), publication
 * (certificate numbers), a candidate's results and the public certificate lookup. Writes are conditional, so a
 * publication racing an entry changes each row once; callers run them in a unit of work with the exam locked.
 */
export function resultsRepository(db: Db): ResultsRepository {
  return {
    /**
     * Enters (or corrects) outcomes of checked-in registrations of the exam; a registration no longer checked in, or
     * a result already published, is left alone. Answers the registrations written.
     */
    async enterResults(examId, entries) {
      const written: string[] = [];
      for (let start = 0; start < entries.length; start += BATCH) {
        const values = sql.join(
          entries
            .slice(start, start + BATCH)
            .map((e) => sql`(${e.registrationId}::uuid, ${e.outcome}::result_outcome)`),
          sql`, `,
        );
        const result = await db.execute(sql`
          INSERT INTO results (registration_id, outcome)
          SELECT r.id, entry.outcome
          FROM (VALUES ${values}) AS entry(registration_id, outcome)
          JOIN registrations r
            ON r.id = entry.registration_id AND r.exam_id = ${examId}::uuid AND r.status = 'checkin'
          ON CONFLICT (registration_id) DO UPDATE SET outcome = EXCLUDED.outcome
          WHERE results.published_at IS NULL
          RETURNING registration_id`);
        // node-postgres and PGlite both answer raw statements as { rows }.
        const { rows } = result as unknown as { rows: { registration_id: string }[] };
        written.push(...rows.map((row) => row.registration_id));
      }
      return written;
    },

    /** The entered, unpublished results of the exam's checked-in registrations. */
    unpublishedResults(examId) {
      return db
        .select({ registrationId: results.registrationId, outcome: results.outcome })
        .from(results)
        .innerJoin(registrations, eq(registrations.id, results.registrationId))
        .where(and(eq(registrations.examId, examId), eq(registrations.status, 'checkin'), isNull(results.publishedAt)));
    },

    /** Publishes results at `at`, each with its certificate number (null for a fail). */
    async publishResults(entries, at) {
      for (let start = 0; start < entries.length; start += BATCH) {
        const values = sql.join(
          entries
            .slice(start, start + BATCH)
            .map((e) => sql`(${e.registrationId}::uuid, ${e.certificateNumber}::varchar)`),
          sql`, `,
        );
        await db.execute(sql`
          UPDATE results SET certificate_number = entry.certificate_number, published_at = ${at.toISOString()}::timestamptz
          FROM (VALUES ${values}) AS entry(registration_id, certificate_number)
          WHERE results.registration_id = entry.registration_id AND results.published_at IS NULL`);
      }
    },

    /** A published certificate by its normalized number, with the holder's name and the exam. */
    async certificate(certificateNumber) {
      const [row] = await db
        .select({
          certificateNumber: results.certificateNumber,
          outcome: results.outcome,
          publishedAt: results.publishedAt,
          name: users.name,
          exam: {
            code: exams.code,
            nameZh: exams.nameZh,
            nameEn: exams.nameEn,
            startsAt: exams.startsAt,
            timeZone: exams.timeZone,
          },
        })
        .from(results)
        .innerJoin(registrations, eq(registrations.id, results.registrationId))
        .innerJoin(users, eq(users.id, registrations.userId))
        .innerJoin(exams, eq(exams.id, registrations.examId))
        .where(and(eq(results.certificateNumber, certificateNumber), isNotNull(results.publishedAt)) as SQL);
      return row;
    },
    resultsOf(userId) {
      return db
        .select({ registration: registrations, exam: examBriefColumns, result: results })
        .from(registrations)
        .innerJoin(exams, eq(exams.id, registrations.examId))
        .leftJoin(results, and(eq(results.registrationId, registrations.id), isNotNull(results.publishedAt)))
        .where(
          and(eq(registrations.userId, userId), inArray(registrations.status, ['register', 'checkin', 'completed'])),
        )
        .orderBy(desc(exams.startsAt), desc(registrations.id));
    },
  };
}
