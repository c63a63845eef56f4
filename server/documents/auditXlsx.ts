import type { AuditEntry } from '../../contract';
import { workbookOf } from './xlsx';

/**
 * The audit log as an .xlsx file, one row per entry in the order given, for an auditor who reads it outside the
 * console. Headers name each column in both languages (as the group template does): the file is read by whoever
 * asks for it, whatever the console's language was. Times are Beijing time, as the console's days are.
 */
const COLUMNS: { header: string; width: number; value: (entry: AuditEntry) => string }[] = [
  { header: '时间（北京时间） / Time (Beijing)', width: 22, value: (entry) => beijingTime(entry.at) },
  { header: '操作人 / Operator', width: 18, value: (entry) => entry.actor?.name ?? 'npm run operator' },
  { header: '操作人手机 / Operator phone', width: 18, value: (entry) => entry.actor?.phone ?? '' },
  { header: '操作 / Action', width: 22, value: (entry) => entry.action },
  { header: '对象类型 / Target type', width: 14, value: (entry) => entry.target.type },
  { header: '对象 ID / Target id', width: 38, value: (entry) => entry.target.id },
  { header: '对象 / Target', width: 30, value: (entry) => entry.target.label },
  { header: '之前 / Before', width: 40, value: (entry) => snapshotText(entry.before) },
  { header: '之后 / After', width: 40, value: (entry) => snapshotText(entry.after) },
  { header: '地址 / Address', width: 18, value: (entry) => entry.address },
];

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 2026-01-31T16:05:09.000Z -> 2026-02-01 00:05:09. */
function beijingTime(iso: string): string {
  return new Date(Date.parse(iso) + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function snapshotText(snapshot: AuditEntry['before']): string {
  return snapshot ? JSON.stringify(snapshot) : '';
}

/** Every cell is text (a phone or an id must not turn into a number when someone edits the sheet). */
export function auditXlsx(entries: readonly AuditEntry[]): Promise<Buffer> {
  return workbookOf([
    {
      name: 'audit',
      columns: COLUMNS.map(({ header, width }) => ({ header, width, text: true })),
      rows: entries.map((entry) => COLUMNS.map((column) => column.value(entry))),
    },
  ]);
}
