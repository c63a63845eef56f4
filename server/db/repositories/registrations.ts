import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RegistrationStatus } from '../../../contract';
import type { RegistrationsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { groupRegistrations, orderItems, orders, profiles, registrations, users } from '../schema';
import { addSeatsStatement, seatsLeftStatement, takeSeatStatement } from './seats';

/** Who a registration names (rows.ts RegistrationPerson): joined with users and profiles by the door and the roster. */
export const registrationPersonColumns = {
  registrationId: registrations.id,
  examId: registrations.examId,
  status: registrations.status,
  checkedInAt: registrations.checkedInAt,
  name: users.name,
  phone: users.phone,
  idNumber: profiles.idNumber,
};

/** Statuses that mean the candidate came to the exam: an exam holding one has started. */
const ATTENDED: RegistrationStatus[] = ['checkin', 'completed'];
/** How many ids one statement carries. */
const BATCH = 1000;

/**
 * Registrations: a candidate's own, the ones an order pays for, and their moves. Every state change is a
 * conditional statement (the WHERE names the state it leaves), so a double submit or a race changes things once.
 */
export function registrationsRepository(db: Db): RegistrationsRepository {
  return {
    async registration(id, userId) {
      const [row] = await db
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.userId, userId)));
      return row;
    },

    async registrationsPage(userId, status, offset, limit) {
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

    async lockRegistration(id, userId) {
      const [row] = await db
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.userId, userId)))
        .for('update');
      return row;
    },

    registrationsOfOrder(orderId) {
      return db
        .select({ registration: registrations })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .where(eq(orderItems.orderId, orderId))
        .for('update', { of: registrations })
        .then((rows) => rows.map((r) => r.registration));
    },

    async hasLiveRegistration(userId, examId) {
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

    /**
     * The group seats among `registrationIds`: those whose booking order someone else paid for (a group's
     * coordinator), with the coordinator's name as the group gives it (else the paying account's name).
     */
    async groupSeats(registrationIds) {
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

    /**
     * A single booking in ONE statement: takes the seat (the conditional UPDATE that never oversells) and writes
     * the registration, its order and the order item, or writes nothing when no seat is left (false). One round
     * trip instead of a six-statement transaction, so a crowd booking one exam queues on its row only briefly.
     * A second live registration or a reused idempotency key fails the whole statement with its unique violation.
     */
    async bookSeat(registration, order) {
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
          INSERT INTO orders (id, user_id, purpose, status, exam_id, breakdown, total_fen, promo_code,
                              invitation_code, provider, idempotency_key, expires_at, paid_at, created_at)
          SELECT ${order.id}::uuid, ${order.userId}::uuid, ${order.purpose}::order_purpose,
                 ${order.status}::order_status, seat.id, ${JSON.stringify(order.breakdown)}::jsonb, ${order.totalFen},
                 ${order.promoCode}, ${order.invitationCode}, ${order.provider}, ${order.idempotencyKey},
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

    /**
     * Many single bookings of one exam in ONE statement: locks the exam's row, seats the bookings in their order as
     * long as seats are left, writes each seated one's registration, order and item, and takes that many seats.
     * A booking whose Idempotency-Key its candidate already used, or whose candidate already holds a live
     * registration of this exam, is not seated (and takes no seat); one that collides with a booking committed
     * meanwhile is skipped by ON CONFLICT DO NOTHING and takes no seat either, so one conflict never fails the rest.
     * A booking paid through the sandbox also gets its order's QR and the sandbox's ledger row here.
     * Answers each booking's outcome in the order given. The caller gives each candidate at most one booking.
     */
    async bookSeats(examId, bookings) {
      const input = bookings.map(({ registration, order, payment }, n) => ({
        n,
        registration_id: registration.id,
        user_id: registration.userId,
        status: registration.status,
        created_at: registration.createdAt.toISOString(),
        order_id: order.id,
        order_status: order.status,
        breakdown: order.breakdown,
        total_fen: order.totalFen,
        promo_code: order.promoCode,
        invitation_code: order.invitationCode,
        provider: order.provider,
        idempotency_key: order.idempotencyKey,
        expires_at: order.expiresAt.toISOString(),
        paid_at: order.paidAt?.toISOString() ?? null,
        qr_content: order.qrContent,
        ledger_description_zh: payment?.descriptionZh ?? null,
        ledger_description_en: payment?.descriptionEn ?? null,
        ledger_notify_url: payment?.notifyUrl ?? null,
      }));
      const result = await db.execute(sql`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(
            n int, registration_id uuid, user_id uuid, status registration_status, created_at timestamptz,
            order_id uuid, order_status order_status, breakdown jsonb, total_fen int, promo_code text,
            invitation_code text, provider text, idempotency_key text, expires_at timestamptz, paid_at timestamptz,
            qr_content text, ledger_description_zh text, ledger_description_en text, ledger_notify_url text)
        ), checked AS (
          SELECT input.*,
                 EXISTS (SELECT 1 FROM orders o
                         WHERE o.user_id = input.user_id AND o.idempotency_key = input.idempotency_key) AS key_used,
                 EXISTS (SELECT 1 FROM registrations r
                         WHERE r.user_id = input.user_id AND r.exam_id = ${examId}::uuid
                           AND r.status IN ('pending', 'register', 'checkin')) AS registered
          FROM input
        ), exam AS (
          ${seatsLeftStatement(examId)}
        ), candidate AS (
          SELECT checked.*, row_number() OVER (ORDER BY n) AS place
          FROM checked WHERE NOT key_used AND NOT registered
        ), registration AS (
          INSERT INTO registrations (id, user_id, exam_id, status, created_at)
          SELECT c.registration_id, c.user_id, ${examId}::uuid, c.status, c.created_at
          FROM candidate c, exam WHERE c.place <= exam.seats_left
          ON CONFLICT DO NOTHING
          RETURNING id
        ), seat AS (
          ${addSeatsStatement(examId, sql`(SELECT count(*)::int FROM registration)`)}
        ), booked_order AS (
          INSERT INTO orders (id, user_id, purpose, status, exam_id, breakdown, total_fen, promo_code,
                              invitation_code, provider, qr_content, idempotency_key, expires_at, paid_at, created_at)
          SELECT c.order_id, c.user_id, 'booking', c.order_status, ${examId}::uuid, c.breakdown, c.total_fen,
                 c.promo_code, c.invitation_code, c.provider, c.qr_content, c.idempotency_key, c.expires_at, c.paid_at,
                 c.created_at
          FROM candidate c JOIN registration r ON r.id = c.registration_id
          RETURNING id
        ), item AS (
          INSERT INTO order_items (order_id, registration_id)
          SELECT c.order_id, c.registration_id FROM candidate c JOIN booked_order o ON o.id = c.order_id
        ), ledger AS (
          INSERT INTO sandbox_payments (order_id, amount_fen, description_zh, description_en, expires_at, notify_url)
          SELECT c.order_id, c.total_fen, c.ledger_description_zh, c.ledger_description_en, c.expires_at,
                 c.ledger_notify_url
          FROM candidate c JOIN booked_order o ON o.id = c.order_id
          WHERE c.ledger_notify_url IS NOT NULL
        )
        SELECT checked.n, checked.key_used, checked.registered,
               EXISTS (SELECT 1 FROM registration r WHERE r.id = checked.registration_id) AS seated,
               EXISTS (SELECT 1 FROM candidate c, exam WHERE c.n = checked.n AND c.place <= exam.seats_left)
                 AS had_seat,
               (SELECT count(*) FROM seat) AS exam_written
        FROM checked ORDER BY checked.n`);
      const { rows } = result as unknown as {
        rows: { n: number; key_used: boolean; registered: boolean; seated: boolean; had_seat: boolean }[];
      };
      return rows.map((row) => {
        if (row.seated) return 'seated';
        if (row.key_used) return 'keyUsed';
        // A seat was there for it, yet its registration collided with one committed meanwhile.
        if (row.registered || row.had_seat) return 'registered';
        return 'soldOut';
      });
    },

    async insertRegistrations(rows) {
      await db.insert(registrations).values(rows);
    },

    setRegistrationStatus(ids, from, to, extra = {}) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .update(registrations)
        .set({ status: to, ...extra })
        .where(and(inArray(registrations.id, ids), inArray(registrations.status, from)))
        .returning();
    },

    async moveRegistration(id, fromExamId, toExamId) {
      const rows = await db
        .update(registrations)
        // Its seat was in the old exam's rooms: the new exam seats it when it allocates.
        .set({ examId: toExamId, roomId: null, seat: null })
        .where(
          and(eq(registrations.id, id), eq(registrations.examId, fromExamId), eq(registrations.status, 'register')),
        )
        .returning({ id: registrations.id });
      return rows.length === 1;
    },

    cancelPaidRegistrations(examId, at) {
      return db
        .update(registrations)
        .set({ status: 'canceled', canceledAt: at, cancelReason: 'exam_canceled' })
        .where(and(eq(registrations.examId, examId), eq(registrations.status, 'register')))
        .returning({ id: registrations.id, userId: registrations.userId });
    },

    async completeRegistrations(ids) {
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

    async hasAttendance(examId) {
      const [row] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.examId, examId), inArray(registrations.status, ATTENDED)))
        .limit(1);
      return row !== undefined;
    },
  };
}
