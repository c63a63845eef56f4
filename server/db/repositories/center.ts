import { and, asc, count, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ExamStatus, RegistrationStatus } from '../../../contract';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import {
  categories,
  documents,
  examExaminers,
  exams,
  orderItems,
  orders,
  organizations,
  profiles,
  registrations,
  results,
  testCenters,
  users,
} from '../schema';
import type { ExamBookingRow, OrderRow } from './booking';
import { examsWithPlace } from './catalog';
import { capacityFitsTaken } from './seats';

export type CenterRow = typeof testCenters.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type DocumentPurpose = 'license' | 'logo';

/** What a profile save writes on the center's row. */
export type CenterWrite = Omit<CenterRow, 'id' | 'ownerId'>;

/** The exam columns a center writes (its place comes from the center's profile). */
export type ExamWrite = Pick<
  ExamBookingRow,
  | 'code'
  | 'accessCode'
  | 'nameZh'
  | 'nameEn'
  | 'categoryId'
  | 'organizationId'
  | 'locationZh'
  | 'locationEn'
  | 'provinceCode'
  | 'cityCode'
  | 'startsAt'
  | 'registrationEndsAt'
  | 'feeFen'
  | 'capacity'
  | 'arrivalLeadMinutes'
>;

export interface RosterFilter {
  /** A part of the name, the phone or the ID number. */
  text?: string;
  status?: RegistrationStatus;
  offset: number;
  limit?: number;
}

/** Statuses that mean the candidate came to the exam: an exam holding one has started. */
const ATTENDED: RegistrationStatus[] = ['checkin', 'completed'];
/** Statuses whose order still counts as used: an order keeps its money while one of these rides on it. */
const KEPT: RegistrationStatus[] = ['pending', 'register', 'checkin', 'completed'];

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A test center's own data: its profile row and documents, its exams with what happened to them, rosters and
 * examiners. Every exam query names the center, so one center never reaches another's exams.
 */
export function centerRepository(db: Db) {
  const examFactsOf = async (examIds: string[]) => {
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
  };

  const rosterWhere = (examId: string, filter: Omit<RosterFilter, 'offset' | 'limit'>) => {
    const conditions: SQL[] = [eq(registrations.examId, examId)];
    if (filter.status) conditions.push(eq(registrations.status, filter.status));
    if (filter.text) {
      const pattern = likePattern(filter.text);
      // A phone typed with spaces or dashes still finds the stored E.164 number.
      const phonePattern = likePattern(filter.text.replace(/[\s\-()]/g, ''));
      const match = or(
        ilike(users.name, pattern),
        ilike(users.phone, phonePattern),
        ilike(profiles.idNumber, pattern),
      ) as SQL;
      conditions.push(match);
    }
    return and(...conditions);
  };

  return {
    async centerOf(ownerId: string): Promise<CenterRow | undefined> {
      const [row] = await db.select().from(testCenters).where(eq(testCenters.ownerId, ownerId));
      return row;
    },

    /** Creates the owner's center on the first save, updates it after; one statement either way. */
    async saveCenter(ownerId: string, values: CenterWrite): Promise<CenterRow> {
      const [row] = await db
        .insert(testCenters)
        .values({ id: uuidv7(), ownerId, ...values })
        .onConflictDoUpdate({ target: testCenters.ownerId, set: values })
        .returning();
      if (!row) throw new Error('center upsert returned no row');
      return row;
    },

    async insertDocument(document: Omit<DocumentRow, 'id'>): Promise<string> {
      const id = uuidv7(document.createdAt.getTime());
      await db.insert(documents).values({ id, ...document });
      return id;
    },

    /** Who owns a document, what it is for and its type, without its bytes. */
    async documentInfo(id: string) {
      const [row] = await db
        .select({ ownerId: documents.ownerId, purpose: documents.purpose, contentType: documents.contentType })
        .from(documents)
        .where(eq(documents.id, id));
      return row;
    },

    async document(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(documents).where(eq(documents.id, id));
      return row;
    },

    async categoryExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return rows.length === 1;
    },

    async organizationExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
      return rows.length === 1;
    },

    /** One exam of the center (the plain row), or undefined for any other exam id. */
    async exam(examId: string, centerId: string): Promise<ExamBookingRow | undefined> {
      const [row] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.id, examId), eq(exams.centerId, centerId)));
      return row;
    },

    /** The same, locked for the rest of the transaction (bookings of the exam wait behind it). */
    async lockExam(examId: string, centerId: string): Promise<ExamBookingRow | undefined> {
      const [row] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.id, examId), eq(exams.centerId, centerId)))
        .for('update');
      return row;
    },

    /** One exam of the center in the catalog's shape (category, organization, center, place). */
    async examSummary(examId: string, centerId: string) {
      const [row] = await examsWithPlace(db).where(and(eq(exams.id, examId), eq(exams.centerId, centerId)));
      return row;
    },

    /** The center's exams, soonest first, optionally of one status. */
    async examsPage(centerId: string, status: ExamStatus | undefined, offset: number, limit: number) {
      const where = status ? and(eq(exams.centerId, centerId), eq(exams.status, status)) : eq(exams.centerId, centerId);
      const [rows, totals] = await Promise.all([
        examsWithPlace(db).where(where).orderBy(asc(exams.startsAt), asc(exams.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(exams).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** Per exam: registrations by status, results entered, examiners assigned. */
    examFacts: examFactsOf,

    async insertExam(row: ExamWrite & { id: string; centerId: string; createdAt: Date }): Promise<void> {
      await db.insert(exams).values(row);
    },

    /**
     * Rewrites an exam that may still change: not canceled or completed, not started at `now`, and with no more
     * seats taken than the new capacity. False when one of these no longer held (the caller reads why).
     */
    async updateExam(examId: string, centerId: string, values: ExamWrite, now: Date): Promise<boolean> {
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

    // --- cancelling an exam: meant to run inside a unit of work ---

    async hasAttendance(examId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.examId, examId), inArray(registrations.status, ATTENDED)))
        .limit(1);
      return row !== undefined;
    },

    async markExamCanceled(examId: string, at: Date): Promise<void> {
      await db.update(exams).set({ status: 'canceled', canceledAt: at }).where(eq(exams.id, examId));
    },

    /**
     * The open orders touching the exam, locked in id order: pending and paid bookings of it, changes moving a
     * registration to it, and the orders of its registrations. Booking, payment, expiry and a candidate's own
     * cancellation all lock an order before its registrations and the exam row; cancelling the exam takes them in
     * that order too (this, then lockExam), so the two never wait on each other in a circle.
     */
    lockOrdersOf(examId: string): Promise<OrderRow[]> {
      const ofItsRegistrations = db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .where(eq(registrations.examId, examId));
      return db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['pending', 'paid']),
            or(eq(orders.examId, examId), inArray(orders.id, ofItsRegistrations)),
          ),
        )
        .orderBy(asc(orders.id))
        .for('update');
    },

    /** Every paid registration of the exam -> canceled (reason exam_canceled); answers who they were. */
    cancelPaidRegistrations(examId: string, at: Date) {
      return db
        .update(registrations)
        .set({ status: 'canceled', canceledAt: at, cancelReason: 'exam_canceled' })
        .where(and(eq(registrations.examId, examId), eq(registrations.status, 'register')))
        .returning({ id: registrations.id, userId: registrations.userId });
    },

    /**
     * The paid orders behind the given (just canceled) registrations, locked, each with its seats, how many of them
     * were canceled here, and how many registrations still keep the order in use.
     */
    async paidOrdersOf(registrationIds: string[]) {
      if (registrationIds.length === 0) return [];
      const canceledHere = sql<number>`count(*) FILTER (WHERE ${inArray(orderItems.registrationId, registrationIds)})`;
      const kept = sql<number>`count(*) FILTER (WHERE ${inArray(registrations.status, KEPT)})`;
      const touched = db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(inArray(orderItems.registrationId, registrationIds));
      const locked = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'paid'), inArray(orders.id, touched)))
        .orderBy(asc(orders.createdAt))
        .for('update');
      if (locked.length === 0) return [];
      const tallies = await db
        .select({
          orderId: orderItems.orderId,
          seats: count(),
          canceledHere: canceledHere.mapWith(Number),
          kept: kept.mapWith(Number),
        })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .where(
          inArray(
            orderItems.orderId,
            locked.map((o) => o.id),
          ),
        )
        .groupBy(orderItems.orderId);
      const byOrder = new Map(tallies.map((t) => [t.orderId, t]));
      return locked.map((order) => {
        const tally = byOrder.get(order.id);
        return { order, seats: tally?.seats ?? 1, canceledHere: tally?.canceledHere ?? 0, kept: tally?.kept ?? 0 };
      });
    },

    async phonesOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.id, r.phone]));
    },

    // --- roster and examiners ---

    /** An exam's registrations with the candidate and any result, in booking order; without `limit`, all of them. */
    async roster(examId: string, filter: RosterFilter) {
      const where = rosterWhere(examId, filter);
      const page = db
        .select({
          registrationId: registrations.id,
          status: registrations.status,
          checkedInAt: registrations.checkedInAt,
          name: users.name,
          phone: users.phone,
          idNumber: profiles.idNumber,
          outcome: results.outcome,
          certificateNumber: results.certificateNumber,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .leftJoin(results, eq(results.registrationId, registrations.id))
        .where(where)
        .orderBy(asc(registrations.createdAt), asc(registrations.id))
        .offset(filter.offset)
        .$dynamic();
      const [rows, totals] = await Promise.all([
        filter.limit === undefined ? page : page.limit(filter.limit),
        db
          .select({ n: count() })
          .from(registrations)
          .innerJoin(users, eq(users.id, registrations.userId))
          .leftJoin(profiles, eq(profiles.userId, registrations.userId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    examiners(examId: string) {
      return db
        .select({ userId: users.id, phone: users.phone, name: users.name, assignedAt: examExaminers.assignedAt })
        .from(examExaminers)
        .innerJoin(users, eq(users.id, examExaminers.examinerId))
        .where(eq(examExaminers.examId, examId))
        .orderBy(asc(examExaminers.assignedAt), asc(users.id));
    },

    /** Assigns once: assigning again keeps the first assignment and its time. */
    async assignExaminer(examId: string, examinerId: string, at: Date): Promise<void> {
      await db.insert(examExaminers).values({ examId, examinerId, assignedAt: at }).onConflictDoNothing();
    },

    async unassignExaminer(examId: string, examinerId: string): Promise<boolean> {
      const rows = await db
        .delete(examExaminers)
        .where(and(eq(examExaminers.examId, examId), eq(examExaminers.examinerId, examinerId)))
        .returning({ id: examExaminers.examinerId });
      return rows.length === 1;
    },
  };
}

export type CenterRepository = ReturnType<typeof centerRepository>;

export type CenterExamRow = NonNullable<Awaited<ReturnType<CenterRepository['examSummary']>>>;
export type RosterRow = Awaited<ReturnType<CenterRepository['roster']>>['rows'][number];
