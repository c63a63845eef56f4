import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { AuditRow } from '../rows';
import { auditLog } from '../schema';
import { containing } from './exams';

/** The audit log: rows are only ever added (the database refuses UPDATE and DELETE on the table). */
export function auditRepository(db: Db): AuditRepository {
  return {
    async append(row: AuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    /** Newest first. */
    async page(filter, offset, limit) {
      const conditions: SQL[] = [];
      if (filter.actor) {
        const pattern = containing(filter.actor);
        conditions.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.actorPhone, pattern)) as SQL);
      }
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.until) conditions.push(lt(auditLog.at, filter.until));
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
  };
}
