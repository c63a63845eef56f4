import type { AuditAction, AuditEntry } from '../../contract';
import type { AuditFilter, AuditRow } from '../db/rows';
import { uuidv7 } from '../ids';
import type { AuditRepository, Repositories, UnitOfWork } from './ports';

/** Who acts in the console: an operator from an address, or the server's command line (id null). */
export interface Actor {
  id: string | null;
  name: string;
  phone: string;
  address: string;
}

/** Where audit rows go: the audit repository of the transaction that makes the change. */
export type AuditLog = Pick<AuditRepository, 'append'>;

/** What an action changed: its target and the fields before and after (null where there was nothing). */
export interface Change {
  action: AuditAction;
  target: { type: string; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Records an action in the audit log. Call it with the repository of the transaction that makes the change, so
 * the change and its row commit together or not at all.
 */
export async function record(log: AuditLog, actor: Actor, at: Date, change: Change): Promise<void> {
  const row: AuditRow = {
    id: uuidv7(),
    at,
    actorId: actor.id,
    actorName: actor.name,
    actorPhone: actor.phone,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id,
    targetLabel: change.target.label,
    before: change.before,
    after: change.after,
    address: actor.address,
  };
  await log.append(row);
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName, phone: row.actorPhone } : null,
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    before: row.before,
    after: row.after,
    address: row.address,
  };
}

/** The console's days are Beijing days: `YYYY-MM-DD` from its midnight (+08:00). */
export function beijingMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The filter a console query names: `to` is the last day shown, so the range ends the midnight after it. */
export function auditFilter(query: { actor?: string; action?: AuditAction; from?: string; to?: string }): AuditFilter {
  const until = query.to ? beijingMidnight(query.to) : undefined;
  until?.setUTCDate(until.getUTCDate() + 1);
  return {
    actor: query.actor || undefined,
    action: query.action,
    from: query.from ? beijingMidnight(query.from) : undefined,
    until,
  };
}

/** The console's audit filters, as both the page and the export take them. */
export type AuditQuery = Parameters<typeof auditFilter>[0];

export interface AuditExportDeps {
  repos: Pick<Repositories, 'audit'>;
  uow: UnitOfWork;
  now: () => Date;
}

/**
 * Every audit row the filters find, newest first, for the export file. Taking the log away is an operator action
 * too, so it leaves its own row (audit.export: the filters and how many rows left), in the transaction that read
 * them; the file holds the rows as they were before it.
 */
export async function exportAuditLog(
  deps: AuditExportDeps,
  actor: Actor & { id: string },
  query: AuditQuery,
): Promise<AuditEntry[]> {
  const now = deps.now();
  const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  return deps.uow.run(async (tx) => {
    const rows = await tx.audit.matching(auditFilter(query));
    await record(tx.audit, actor, now, {
      action: 'audit.export',
      target: {
        type: 'audit',
        id: 'audit_log',
        label: Object.entries(filters)
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
      },
      before: null,
      after: { filters, rows: rows.length },
    });
    return rows.map(toAuditEntry);
  });
}
