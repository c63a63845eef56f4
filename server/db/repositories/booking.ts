import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus, RegistrationStatus } from '../../../contract';
import type { Db } from '../client';
import {
  exams,
  groupRegistrations,
  invitationCodes,
  orderItems,
  orders,
  profiles,
  promoCodes,
  registrations,
  results,
  users,
} from '../schema';
import { examsWithPlace } from './catalog';
import { takeSeatStatement } from './seats';

export type ExamBookingRow = typeof exams.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type RegistrationRow = typeof registrations.$inferSelect;

const orderExamColumns = {
  order: orders,
  exam: {
    id: exams.id,
    code: exams.code,
    nameZh: exams.nameZh,
    nameEn: exams.nameEn,
    startsAt: exams.startsAt,
    timeZone: exams.timeZone,
  },
};

/** A value made on first use and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Registrations and orders, and the seats they hold (written by ./seats only). Every state change is a conditional
 * statement (the WHERE names the state it leaves), so a double submit or a race changes things once; callers run them
 * inside a unit of work.
 */
export function bookingRepository(db: Db) {
  const examSummaryQuery = () => examsWithPlace(db);

  const orderWithExam = () => db.select(orderExamColumns).from(orders).innerJoin(exams, eq(exams.id, orders.examId));

  // The reads every booking request makes, prepared on first use (building drizzle SQL is a large part of a
  // booking's CPU); a repository bound to a transaction rarely runs them and then prepares them once too.
  const prepared = {
    exam: once(() =>
      db
        .select()
        .from(exams)
        .where(eq(exams.id, sql.placeholder('id')))
        .prepare('booking_exam'),
    ),
    orderByKey: once(() =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
        .prepare('booking_order_by_key'),
    ),
    examSummary: once(() =>
      examSummaryQuery()
        .where(eq(exams.id, sql.placeholder('id')))
        .prepare('booking_exam_summary'),
    ),
    setQrContent: once(() =>
      db
        .update(orders)
        .set({ qrContent: sql`${sql.placeholder('qrContent')}` })
        .where(eq(orders.id, sql.placeholder('id')))
        .prepare('booking_set_qr_content'),
    ),
    profile: once(() =>
      db
        .select({
          name: users.name,
          phone: users.phone,
          avatarSmall: users.avatarSmall,
          profile: profiles,
          invitation: invitationCodes,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(invitationCodes, eq(invitationCodes.code, profiles.invitationCode))
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare('booking_profile'),
    ),
  };

  return {
    async exam(id: string): Promise<ExamBookingRow | undefined> {
      const [row] = await prepared.exam().execute({ id });
      return row;
    },

    /** The exams with their category, center and place, in the shape the catalog answers. */
    examSummaries(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return examSummaryQuery().where(inArray(exams.id, ids));
    },

    /** What booking needs of a user: the name, the profile and the discount of its invitation code if active. */
    async bookingProfile(userId: string) {
      const [row] = await prepared.profile().execute({ userId });
      return row;
    },

    async promoCode(code: string) {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      return row;
    },

    async orderByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined> {
      const [row] = await prepared.orderByKey().execute({ userId, key });
      return row;
    },

    /** One order with the exam it pays for; only the owner's when `userId` is given. */
    async orderWithExam(id: string, userId?: string) {
      const where = userId ? and(eq(orders.id, id), eq(orders.userId, userId)) : eq(orders.id, id);
      const [row] = await orderWithExam().where(where);
      return row;
    },

    /** A user's orders, newest first, with the exam each pays for. */
    async ordersPage(userId: string, offset: number, limit: number) {
      const [rows, totals] = await Promise.all([
        orderWithExam()
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async registration(id: string, userId: string): Promise<RegistrationRow | undefined> {
      const [row] = await db
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.userId, userId)));
      return row;
    },

    /** A user's registrations, newest first, optionally of one status. */
    async registrationsPage(userId: string, status: RegistrationStatus | undefined, offset: number, limit: number) {
      const where = status
        ? and(eq(registrations.userId, userId), eq(registrations.status, status))
        : eq(registrations.userId, userId);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(registrations)
          .where(where)
          .orderBy(desc(registrations.createdAt), desc(registrations.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(registrations).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** The newest order (booking or change) of each registration. */
    async currentOrderIds(registrationIds: string[]): Promise<Map<string, string>> {
      if (registrationIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([orderItems.registrationId], {
          registrationId: orderItems.registrationId,
          orderId: orderItems.orderId,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orderItems.registrationId, registrationIds))
        // A change order made at the same instant as the order it replaces (a test clock, or one millisecond) is
        // still the newer one: without this the row layout chose, and PostgreSQL sometimes chose the booking.
        .orderBy(orderItems.registrationId, desc(orders.createdAt), desc(sql`${orders.purpose} = 'change'`));
      return new Map(rows.map((r) => [r.registrationId, r.orderId]));
    },

    /**
     * The group seats among `registrationIds`: those whose booking order someone else paid for (a group's
     * coordinator), with the coordinator's name as the group gives it (else the paying account's name).
     */
    async groupSeats(registrationIds: string[]): Promise<Map<string, { coordinatorName: string }>> {
      if (registrationIds.length === 0) return new Map();
      const rows = await db
        .select({
          registrationId: orderItems.registrationId,
          groupName: groupRegistrations.coordinatorName,
          payerName: users.name,
        })
        .from(orderItems)
        .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.purpose, 'booking')))
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(groupRegistrations, eq(groupRegistrations.orderId, orders.id))
        .where(and(inArray(orderItems.registrationId, registrationIds), ne(orders.userId, registrations.userId)));
      return new Map(rows.map((r) => [r.registrationId, { coordinatorName: r.groupName ?? r.payerName }]));
    },

    async hasLiveRegistration(userId: string, examId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.userId, userId),
            eq(registrations.examId, examId),
            inArray(registrations.status, ['pending', 'register', 'checkin']),
          ),
        );
      return row !== undefined;
    },

    /** Active exams still open, starting after `startsAfter`, with a seat left, matching one of the conditions. */
    changeTargets(filter: {
      excludeExamId: string;
      categoryId: string;
      codePrefix: string;
      now: Date;
      startsAfter: Date;
    }) {
      const sameKind = or(
        eq(exams.categoryId, filter.categoryId),
        sql`${exams.code} LIKE ${`${filter.codePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ) as SQL;
      return examSummaryQuery()
        .where(
          and(
            eq(exams.status, 'active'),
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

    /** A user's booked registrations with their result row once published, latest exam first. */
    resultsOf(userId: string) {
      return db
        .select({ registration: registrations, exam: orderExamColumns.exam, result: results })
        .from(registrations)
        .innerJoin(exams, eq(exams.id, registrations.examId))
        .leftJoin(results, and(eq(results.registrationId, registrations.id), isNotNull(results.publishedAt)))
        .where(
          and(eq(registrations.userId, userId), inArray(registrations.status, ['register', 'checkin', 'completed'])),
        )
        .orderBy(desc(exams.startsAt), desc(registrations.id));
    },

    // --- writes: meant to run inside a unit of work ---

    /**
     * A single booking in ONE statement: takes the seat (the conditional UPDATE that never oversells) and writes
     * the registration, its order and the order item, or writes nothing when no seat is left (false). One round
     * trip instead of a six-statement transaction, so a crowd booking one exam queues on its row only briefly.
     * A second live registration or a reused idempotency key fails the whole statement with its unique violation.
     */
    async bookSeat(registration: RegistrationRow, order: OrderRow): Promise<boolean> {
      const result = await db.execute(sql`
        WITH seat AS (
          ${takeSeatStatement(registration.examId)}
        ), registration AS (
          INSERT INTO registrations (id, user_id, exam_id, status, created_at)
          SELECT ${registration.id}::uuid, ${registration.userId}::uuid, seat.id,
                 ${registration.status}::registration_status, ${registration.createdAt.toISOString()}::timestamptz
          FROM seat
          RETURNING id
        ), booked_order AS (
          INSERT INTO orders (id, user_id, purpose, status, exam_id, breakdown, total_fen, promo_code, provider,
                              idempotency_key, expires_at, paid_at, created_at)
          SELECT ${order.id}::uuid, ${order.userId}::uuid, ${order.purpose}::order_purpose,
                 ${order.status}::order_status, seat.id, ${JSON.stringify(order.breakdown)}::jsonb, ${order.totalFen},
                 ${order.promoCode}, ${order.provider}, ${order.idempotencyKey},
                 ${order.expiresAt.toISOString()}::timestamptz, ${order.paidAt?.toISOString() ?? null}::timestamptz,
                 ${order.createdAt.toISOString()}::timestamptz
          FROM seat
          RETURNING id
        ), item AS (
          INSERT INTO order_items (order_id, registration_id)
          SELECT booked_order.id, registration.id FROM booked_order, registration
        )
        SELECT count(*)::int AS taken FROM seat`);
      // node-postgres and PGlite both answer raw statements as { rows }.
      const { rows } = result as unknown as { rows: { taken: number }[] };
      return Number(rows[0]?.taken ?? 0) === 1;
    },

    async insertOrder(row: OrderInsert, registrationIds: string[]): Promise<OrderRow> {
      const [inserted] = await db.insert(orders).values(row).returning();
      if (!inserted) throw new Error('order insert returned nothing');
      await db
        .insert(orderItems)
        .values(registrationIds.map((registrationId) => ({ orderId: row.id, registrationId })));
      return inserted;
    },

    async setQrContent(orderId: string, qrContent: string): Promise<void> {
      await prepared.setQrContent().execute({ id: orderId, qrContent });
    },

    async examSummary(id: string) {
      const [row] = await prepared.examSummary().execute({ id });
      return row;
    },

    async lockOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    async lockRegistration(id: string, userId: string): Promise<RegistrationRow | undefined> {
      const [row] = await db
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.userId, userId)))
        .for('update');
      return row;
    },

    /** The registrations an order pays for, locked. */
    registrationsOfOrder(orderId: string): Promise<RegistrationRow[]> {
      return db
        .select({ registration: registrations })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .where(eq(orderItems.orderId, orderId))
        .for('update', { of: registrations })
        .then((rows) => rows.map((r) => r.registration));
    },

    /** The orders that paid or pay for a registration, oldest first, locked, with how many seats each covers. */
    async ordersOfRegistration(registrationId: string) {
      const rows = await db
        .select({ order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.registrationId, registrationId))
        .orderBy(asc(orders.createdAt))
        .for('update', { of: orders });
      const ids = rows.map((r) => r.order.id);
      const sizes =
        ids.length === 0
          ? []
          : await db
              .select({ orderId: orderItems.orderId, n: count() })
              .from(orderItems)
              .where(inArray(orderItems.orderId, ids))
              .groupBy(orderItems.orderId);
      const seats = new Map(sizes.map((s) => [s.orderId, s.n]));
      return rows.map((r) => ({ order: r.order, seats: seats.get(r.order.id) ?? 1 }));
    },

    /** pending -> paid; false when the order was no longer pending. */
    async markOrderPaid(id: string, payment: { transactionId: string; paidAt: Date }): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ status: 'paid', paidAt: payment.paidAt, providerTransactionId: payment.transactionId, qrContent: null })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** Records the money of a payment that came after the order was closed (it is refunded next). */
    async recordLatePayment(id: string, payment: { transactionId: string; paidAt: Date }): Promise<void> {
      await db
        .update(orders)
        .set({ paidAt: payment.paidAt, providerTransactionId: payment.transactionId })
        .where(and(eq(orders.id, id), inArray(orders.status, ['expired', 'canceled'])));
    },

    /** pending -> expired or canceled; false when it was no longer pending. */
    async closePendingOrder(id: string, status: Extract<OrderStatus, 'expired' | 'canceled'>, at: Date) {
      const rows = await db
        .update(orders)
        .set({ status, closedAt: at, qrContent: null })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** Moves the given registrations from one of `from` to `to`; answers the rows that moved. */
    setRegistrationStatus(
      ids: string[],
      from: RegistrationStatus[],
      to: RegistrationStatus,
      extra: { canceledAt?: Date; cancelReason?: string } = {},
    ): Promise<RegistrationRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .update(registrations)
        .set({ status: to, ...extra })
        .where(and(inArray(registrations.id, ids), inArray(registrations.status, from)))
        .returning();
    },

    /** Points a booked registration at another exam; false when it no longer is where the caller thought. */
    async moveRegistration(id: string, fromExamId: string, toExamId: string): Promise<boolean> {
      const rows = await db
        .update(registrations)
        .set({ examId: toExamId })
        .where(
          and(eq(registrations.id, id), eq(registrations.examId, fromExamId), eq(registrations.status, 'register')),
        )
        .returning({ id: registrations.id });
      return rows.length === 1;
    },

    /** Pending orders whose hold has run out, locked; rows another sweeper holds are skipped. */
    expiredPendingOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
  };
}

export type BookingRepository = ReturnType<typeof bookingRepository>;

export type ExamSummaryRow = Awaited<ReturnType<BookingRepository['examSummaries']>>[number];

/** The unique constraint (index) a failed insert ran into, through drizzle's wrapping of the driver error. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? /unique constraint "([^"]+)"/.exec(current.message)?.[1] ?? '';
  }
  return undefined;
}
