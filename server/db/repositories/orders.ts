import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { RegistrationStatus } from '../../../contract';
import type { OrdersRepository } from '../../domain/ports';
import type { Db } from '../client';
import { once } from '../once';
import { exams, orderItems, orders, registrations } from '../schema';
import { examBriefColumns } from './exams';

const orderExamColumns = { order: orders, exam: examBriefColumns };

/** Statuses whose order still counts as used: an order keeps its money while one of these rides on it. */
const KEPT: RegistrationStatus[] = ['pending', 'register', 'checkin', 'completed'];

/**
 * Orders: what a payer sees, what a booking, a payment, a change, an expiry or an exam's cancellation does to them.
 * Every state change is conditional on the state it leaves. The booking path's statements are prepared.
 */
export function ordersRepository(db: Db): OrdersRepository {
  const orderWithExam = () => db.select(orderExamColumns).from(orders).innerJoin(exams, eq(exams.id, orders.examId));
  const prepared = {
    orderByKey: once(() =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
        .prepare('booking_order_by_key'),
    ),
    setQrContent: once(() =>
      db
        .update(orders)
        .set({ qrContent: sql`${sql.placeholder('qrContent')}` })
        .where(eq(orders.id, sql.placeholder('id')))
        .prepare('booking_set_qr_content'),
    ),
  };

  return {
    async orderByIdempotencyKey(userId, key) {
      const [row] = await prepared.orderByKey().execute({ userId, key });
      return row;
    },

    async orderWithExam(id, userId) {
      const where = userId ? and(eq(orders.id, id), eq(orders.userId, userId)) : eq(orders.id, id);
      const [row] = await orderWithExam().where(where);
      return row;
    },

    async ordersPage(userId, offset, limit) {
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

    async currentOrderIds(registrationIds) {
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

    async insertOrder(row, registrationIds) {
      const [inserted] = await db.insert(orders).values(row).returning();
      if (!inserted) throw new Error('order insert returned nothing');
      await db
        .insert(orderItems)
        .values(registrationIds.map((registrationId) => ({ orderId: row.id, registrationId })));
      return inserted;
    },

    async setQrContent(orderId, qrContent) {
      await prepared.setQrContent().execute({ id: orderId, qrContent });
    },

    async lockOrder(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    async ordersOfRegistration(registrationId) {
      const rows = await db
        .select({ order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.registrationId, registrationId))
        .orderBy(asc(orders.createdAt))
        .for('update', { of: orders });
      const seats = await seatsOf(
        db,
        rows.map((r) => r.order.id),
      );
      return rows.map((r) => ({ order: r.order, seats: seats.get(r.order.id) ?? 1 }));
    },

    async markOrderPaid(id, payment) {
      const rows = await db
        .update(orders)
        .set({ status: 'paid', paidAt: payment.paidAt, providerTransactionId: payment.transactionId, qrContent: null })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    async recordLatePayment(id, payment) {
      await db
        .update(orders)
        .set({ paidAt: payment.paidAt, providerTransactionId: payment.transactionId })
        .where(and(eq(orders.id, id), inArray(orders.status, ['expired', 'canceled'])));
    },

    async closePendingOrder(id, status, at) {
      const rows = await db
        .update(orders)
        .set({ status, closedAt: at, qrContent: null })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    expiredPendingOrders(now, limit) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * The open orders touching the exam, locked in id order: pending and paid bookings of it, changes moving a
     * registration to it, and the orders of its registrations. Booking, payment, expiry and a candidate's own
     * cancellation all lock an order before its registrations and the exam row; cancelling the exam takes them in
     * that order too (this, then the exam), so the two never wait on each other in a circle.
     */
    lockOrdersOf(examId) {
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

    /**
     * The paid orders behind the given (just canceled) registrations, locked, each with its seats, how many of them
     * were canceled here, and how many registrations still keep the order in use.
     */
    async paidOrdersOf(registrationIds) {
      if (registrationIds.length === 0) return [];
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
      const canceledHere = sql<number>`count(*) FILTER (WHERE ${inArray(orderItems.registrationId, registrationIds)})`;
      const kept = sql<number>`count(*) FILTER (WHERE ${inArray(registrations.status, KEPT)})`;
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
  };
}

/** How many registrations (seats) each order pays for. */
async function seatsOf(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const sizes = await db
    .select({ orderId: orderItems.orderId, n: count() })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(sizes.map((s) => [s.orderId, s.n]));
}
