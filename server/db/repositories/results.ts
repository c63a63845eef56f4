import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { exams, profiles, registrations, results, testCenters, users } from '../schema';

export type ResultsExamRow = Pick<
  typeof exams.$inferSelect,
  'id' | 'startsAt' | 'timeZone' | 'status' | 'resultsPublishedAt'
>;

export type ResultOutcome = (typeof results.$inferSelect)['outcome'];

/** What publication needs of an entered result. */
export interface UnpublishedResult {
  registrationId: string;
  outcome: ResultOutcome;
}

const examColumns = {
  id: exams.id,
  startsAt: exams.startsAt,
  timeZone: exams.timeZone,
  status: exams.status,
  resultsPublishedAt: exams.resultsPublishedAt,
};

/** A registration as a roster line shows it: who, their status, and the result if one was entered. */
const rosterColumns = {
  registrationId: registrations.id,
  examId: registrations.examId,
  status: registrations.status,
  checkedInAt: registrations.checkedInAt,
  name: users.name,
  phone: users.phone,
  idNumber: profiles.idNumber,
  outcome: results.outcome,
  certificateNumber: results.certificateNumber,
};

/** How many rows one statement over (VALUES ...) carries (two parameters each). */
const BATCH = 1000;

/**
 * Results of a center's exams: entry (only for checked-in registrations, only before publication), publication
 * (certificate numbers, completed registrations), and the public certificate lookup. Writes are conditional, so a
 * publication racing an entry changes each row once; callers run them inside a unit of work.
 */
export function resultsRepository(db: Db) {
  const rosterLines = () =>
    db
      .select(rosterColumns)
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .leftJoin(profiles, eq(profiles.userId, registrations.userId))
      .leftJoin(results, eq(results.registrationId, registrations.id));

  return {
    /** The exam if it is held at the center `ownerId` runs. */
    async ownedExam(examId: string, ownerId: string): Promise<ResultsExamRow | undefined> {
      const [row] = await db
        .select(examColumns)
        .from(exams)
        .innerJoin(testCenters, eq(testCenters.id, exams.centerId))
        .where(and(eq(exams.id, examId), eq(testCenters.ownerId, ownerId)));
      return row;
    },

    /** The exam row, locked against a concurrent publication (FOR UPDATE) until the transaction ends. */
    async lockExam(examId: string): Promise<ResultsExamRow | undefined> {
      const [row] = await db.select(examColumns).from(exams).where(eq(exams.id, examId)).for('update');
      return row;
    },

    async rosterLine(registrationId: string, examId: string) {
      const [row] = await rosterLines().where(
        and(eq(registrations.id, registrationId), eq(registrations.examId, examId)),
      );
      return row;
    },

    /** Every registration of the exam that is not canceled, with the phone and ID number a results sheet names. */
    candidatesOf(examId: string) {
      return db
        .select({
          registrationId: registrations.id,
          status: registrations.status,
          phone: users.phone,
          idNumber: profiles.idNumber,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .where(and(eq(registrations.examId, examId), ne(registrations.status, 'canceled')));
    },

    /**
     * Enters (or corrects) outcomes of checked-in registrations of the exam; a registration no longer checked in, or
     * a result already published, is left alone. Answers the registrations written.
     */
    async enterResults(examId: string, entries: UnpublishedResult[]): Promise<string[]> {
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
    unpublishedResults(examId: string): Promise<UnpublishedResult[]> {
      return db
        .select({ registrationId: results.registrationId, outcome: results.outcome })
        .from(results)
        .innerJoin(registrations, eq(registrations.id, results.registrationId))
        .where(and(eq(registrations.examId, examId), eq(registrations.status, 'checkin'), isNull(results.publishedAt)));
    },

    /** Publishes results at `at`, each with its certificate number (null for a fail). */
    async publishResults(entries: { registrationId: string; certificateNumber: string | null }[], at: Date) {
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

    /** checkin -> completed for the registrations given; answers how many moved. */
    async completeRegistrations(ids: string[]): Promise<number> {
      let moved = 0;
      for (let start = 0; start < ids.length; start += BATCH) {
        const rows = await db
          .update(registrations)
          .set({ status: 'completed' })
          .where(and(inArray(registrations.id, ids.slice(start, start + BATCH)), eq(registrations.status, 'checkin')))
          .returning({ id: registrations.id });
        moved += rows.length;
      }
      return moved;
    },

    /** Marks the exam's results published (and the exam completed) once; false if it already was. */
    async markExamPublished(examId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(exams)
        .set({ resultsPublishedAt: at, status: 'completed' })
        .where(and(eq(exams.id, examId), isNull(exams.resultsPublishedAt)))
        .returning({ id: exams.id });
      return rows.length === 1;
    },

    /** A published certificate by its normalized number, with the holder's name and the exam. */
    async certificate(certificateNumber: string) {
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
  };
}

export type ResultsRepository = ReturnType<typeof resultsRepository>;

export type RosterLineRow = NonNullable<Awaited<ReturnType<ResultsRepository['rosterLine']>>>;
