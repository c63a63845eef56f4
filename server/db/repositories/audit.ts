import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { AuditFilter, AuditRow } from '../rows';
import { auditLog } from '../schema';
import { containing } from './exams';

/** The audit log: rows are only ever added (the database refuses UPDATE and DELETE on the table). */
export function auditRepository(db: Db): AuditRepository {
  const newestFirst = (where: SQL | undefined) =>
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id));

  return {
    async append(row: AuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    /** Newest first. */
    async page(filter, offset, limit) {
      const where = auditWhere(filter);
      const [rows, totals] = await Promise.all([
        newestFirst(where).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    matching(filter) {
      return newestFirst(auditWhere(filter));
    },
  };
}

/** The rows a console filter names: every condition narrows. */
function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) {
    const pattern = containing(filter.actor);
    conditions.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.actorPhone, pattern)) as SQL);
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.until) conditions.push(lt(auditLog.at, filter.until));
  return and(...conditions);
}
