import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { OrderDeskRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { OrderDeskFilter, RefundStatus } from '../rows';
import { auditLog, exams, orderItems, orders, paymentEvents, refunds, registrations, users } from '../schema';
import { containing } from './exams';

const examRefColumns = { id: exams.id, code: exams.code, nameZh: exams.nameZh, nameEn: exams.nameEn };

/** The sum of the order's refunds in these states, in SQL, so a page of orders costs one statement. */
function refundSum(states: RefundStatus[]) {
  const list = sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql<number>`(SELECT coalesce(sum(r.amount_fen), 0) FROM ${refunds} AS r WHERE r.order_id = ${orders.id} AND r.status IN (${list}))`.mapWith(
    Number,
  );
}

const quantity = sql<number>`(SELECT count(*) FROM ${orderItems} AS i WHERE i.order_id = ${orders.id})`.mapWith(Number);

const deskColumns = {
  order: orders,
  payer: { id: users.id, name: users.name, phone: users.phone },
  exam: examRefColumns,
  quantity,
  refundPendingFen: refundSum(['requested', 'processing']),
  refundFailedFen: refundSum(['failed']),
};

/** The search's conditions, every one narrowing. */
function deskWhere(filter: OrderDeskFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.phone ? eq(users.phone, filter.phone) : undefined,
    filter.orderId ? eq(orders.id, filter.orderId) : undefined,
    filter.transactionId ? eq(orders.providerTransactionId, filter.transactionId) : undefined,
    filter.exam
      ? or(
          ilike(exams.code, containing(filter.exam)),
          ilike(exams.nameZh, containing(filter.exam)),
          ilike(exams.nameEn, containing(filter.exam)),
        )
      : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.until ? lt(orders.createdAt, filter.until) : undefined,
  ];
  return and(...conditions);
}

/** Orders and their money as operators with `finance` see them: search, one order's history, a day's ledger. */
export function orderDeskRepository(db: Db): OrderDeskRepository {
  const desk = () =>
    db
      .select(deskColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(exams, eq(exams.id, orders.examId));

  return {
    /** The orders the search finds, newest first; every one of them when `limit` is undefined. */
    async page(filter, offset, limit) {
      const where = deskWhere(filter);
      const rows = desk().where(where).orderBy(desc(orders.createdAt), desc(orders.id)).offset(offset);
      const [list, totals] = await Promise.all([
        limit === undefined ? rows : rows.limit(limit),
        db
          .select({ n: count() })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .innerJoin(exams, eq(exams.id, orders.examId))
          .where(where),
      ]);
      return { rows: list, total: totals[0]?.n ?? 0 };
    },

    async order(id) {
      const [row] = await desk().where(eq(orders.id, id));
      return row;
    },

    async registrations(orderId) {
      return db
        .select({
          id: registrations.id,
          status: registrations.status,
          candidateName: users.name,
          exam: examRefColumns,
        })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .innerJoin(users, eq(users.id, registrations.userId))
        .innerJoin(exams, eq(exams.id, registrations.examId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(users.name), asc(registrations.id));
    },

    async refunds(orderId) {
      const rows = await db
        .select({ refund: refunds, requester: { id: users.id, name: users.name } })
        .from(refunds)
        .leftJoin(users, eq(users.id, refunds.requestedBy))
        .where(eq(refunds.orderId, orderId))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
      return rows.map(({ refund, requester }) => ({ refund, requestedBy: requester?.id ? requester : null }));
    },

    paymentEvents(orderId) {
      return db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orderId))
        .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
    },

    async ordersOfRegistrations(registrationIds) {
      if (registrationIds.length === 0) return [];
      return (
        db
          .select({
            registrationId: orderItems.registrationId,
            order: {
              id: orders.id,
              purpose: orders.purpose,
              status: orders.status,
              paidAt: orders.paidAt,
              createdAt: orders.createdAt,
            },
            exam: examRefColumns,
            changeFailed:
              sql<boolean>`EXISTS (SELECT 1 FROM ${refunds} AS r WHERE r.order_id = ${orders.id} AND r.reason = 'change_failed')`.mapWith(
                Boolean,
              ),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(exams, eq(exams.id, orders.examId))
          .where(inArray(orderItems.registrationId, registrationIds))
          // A change order made at the same instant as the order it follows (a test clock) is still the later one.
          .orderBy(asc(orders.createdAt), asc(sql`${orders.purpose} = 'change'`), asc(orders.id))
      );
    },

    async refundRetries(refundIds) {
      if (refundIds.length === 0) return [];
      const rows = await db
        .select({ refundId: auditLog.targetId, at: auditLog.at, id: auditLog.actorId, name: auditLog.actorName })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'refund.retry'),
            eq(auditLog.targetType, 'refund'),
            inArray(auditLog.targetId, refundIds),
          ),
        )
        .orderBy(asc(auditLog.at));
      return rows.flatMap(({ refundId, at, id, name }) => (id ? [{ refundId, at, by: { id, name } }] : []));
    },

    paymentsBetween(provider, from, until) {
      return db
        .select(paymentColumns)
        .from(orders)
        .where(and(eq(orders.provider, provider), gte(orders.paidAt, from), lt(orders.paidAt, until)))
        .orderBy(asc(orders.paidAt));
    },

    refundsBetween(provider, from, until) {
      return db
        .select(refundColumns)
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(
          and(
            eq(orders.provider, provider),
            eq(refunds.status, 'succeeded'),
            gte(refunds.completedAt, from),
            lt(refunds.completedAt, until),
          ),
        )
        .orderBy(asc(refunds.completedAt));
    },

    paymentsOf(orderIds) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select(paymentColumns).from(orders).where(inArray(orders.id, orderIds));
    },

    refundsOf(refundIds) {
      if (refundIds.length === 0) return Promise.resolve([]);
      return db
        .select(refundColumns)
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(inArray(refunds.id, refundIds));
    },
  };
}

const paymentColumns = {
  orderId: orders.id,
  amountFen: orders.totalFen,
  status: orders.status,
  transactionId: orders.providerTransactionId,
};

const refundColumns = {
  refundId: refunds.id,
  orderId: refunds.orderId,
  amountFen: refunds.amountFen,
  status: refunds.status,
  transactionId: orders.providerTransactionId,
};
