import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FapiaoRepository } from '../../domain/ports';
import type { Db } from '../client';
import { exams, fapiaoRequests, orders, users } from '../schema';

const deskColumns = {
  fapiao: fapiaoRequests,
  order: { id: orders.id, totalFen: orders.totalFen, refundedFen: orders.refundedFen },
  payer: { name: users.name, phone: users.phone },
  exam: { code: exams.code, nameZh: exams.nameZh, nameEn: exams.nameEn },
};

/** Fapiao requests: written by the payer, listed and decided by operators with `finance`. */
export function fapiaoRepository(db: Db): FapiaoRepository {
  const desk = () =>
    db
      .select(deskColumns)
      .from(fapiaoRequests)
      .innerJoin(orders, eq(orders.id, fapiaoRequests.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(exams, eq(exams.id, orders.examId));

  return {
    async insert(row) {
      const [inserted] = await db
        .insert(fapiaoRequests)
        .values({ ...row, updatedAt: row.createdAt })
        .returning();
      if (!inserted) throw new Error(`fapiao request ${row.id} was not written`);
      return inserted;
    },

    async latestOfOrder(orderId) {
      const [row] = await db
        .select()
        .from(fapiaoRequests)
        .where(eq(fapiaoRequests.orderId, orderId))
        .orderBy(sql`${fapiaoRequests.status} = 'rejected'`, desc(fapiaoRequests.createdAt), desc(fapiaoRequests.id))
        .limit(1);
      return row;
    },

    async page(status, offset, limit) {
      const where = status ? eq(fapiaoRequests.status, status) : undefined;
      const [rows, totals] = await Promise.all([
        desk().where(where).orderBy(asc(fapiaoRequests.createdAt), asc(fapiaoRequests.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(fapiaoRequests).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async one(id) {
      const [row] = await desk().where(eq(fapiaoRequests.id, id));
      return row;
    },

    async decide(id, status, note, at) {
      const [row] = await db
        .update(fapiaoRequests)
        .set({ status, note, updatedAt: at })
        .where(and(eq(fapiaoRequests.id, id), eq(fapiaoRequests.status, 'requested')))
        .returning();
      return row;
    },
  };
}
