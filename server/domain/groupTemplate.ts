import Papa from 'papaparse';
import { GROUP_COLUMN_KEYS, GROUP_COLUMNS, GROUP_TEMPLATE_NOTES, type GroupColumn } from '../../contract/group';
import { idCardCheckCharacter } from '../../contract/idcard';
import { chinaMobileToE164 } from '../../contract/phone';
import { loadExcel } from '../libraries';
import type { RawGroupRow } from './groupFile';

/** The header row of the template: each column in both languages, "姓名 / Name". */
export const GROUP_TEMPLATE_HEADER = GROUP_COLUMN_KEYS.map((column) => bilingual(GROUP_COLUMNS[column]));

function bilingual({ zh, en }: { zh: string; en: string }): string {
  return `${zh} / ${en}`;
}

const EXAMPLE_ID_FIRST_17 = '11010520080305123';
/**
 * A made-up member that passes every check, shown on the notes sheet as what a good row looks like. It is never a
 * row of the members sheet: a template uploaded unchanged must not make an account for it and charge for it.
 */
const EXAMPLE_MEMBER: Record<GroupColumn, string> = {
  name: '张三',
  phone: '13800138000',
  idNumber: `${EXAMPLE_ID_FIRST_17}${idCardCheckCharacter(EXAMPLE_ID_FIRST_17)}`,
  gender: '男',
  dateOfBirth: '2008-03-05',
};
const EXAMPLE_PHONE = chinaMobileToE164(EXAMPLE_MEMBER.phone);

/**
 * The example member, wherever it stands: copied from the notes, or the sample row of templates handed out before
 * the members sheet lost it. The reader passes over it; name, phone and ID number must all be the example's.
 */
export function isTemplateExample(row: Pick<RawGroupRow, 'name' | 'phone' | 'idNumber'>): boolean {
  return (
    row.name.trim() === EXAMPLE_MEMBER.name &&
    chinaMobileToE164(row.phone) === EXAMPLE_PHONE &&
    row.idNumber.trim().toUpperCase() === EXAMPLE_MEMBER.idNumber
  );
}

/** Columns Excel would otherwise turn into numbers (an 18-digit ID loses its last digits). */
const TEXT_COLUMNS: ReadonlySet<GroupColumn> = new Set(['phone', 'idNumber']);
const COLUMN_WIDTHS: Record<GroupColumn, number> = { name: 16, phone: 20, idNumber: 30, gender: 16, dateOfBirth: 24 };

/**
 * The .xlsx template: a members sheet (the header only: every row under it is a member) and a notes sheet saying
 * what each column takes, with the example member.
 */
export async function groupTemplateXlsx(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const members = workbook.addWorksheet('成员 Members', { views: [{ state: 'frozen', ySplit: 1 }] });
  members.columns = GROUP_COLUMN_KEYS.map((column) => ({
    key: column,
    width: COLUMN_WIDTHS[column],
    style: TEXT_COLUMNS.has(column) ? { numFmt: '@' } : {},
  }));
  members.addRow(GROUP_TEMPLATE_HEADER).font = { bold: true };

  const notes = workbook.addWorksheet('说明 Notes', { views: [{ state: 'frozen', ySplit: 1 }] });
  notes.columns = [{ width: 28 }, { width: 18 }, { width: 60 }, { width: 80 }, { width: 24 }];
  notes.addRow(['列 / Column', '是否必填 / Required', '说明', 'Notes', '示例 / Example']).font = { bold: true };
  for (const column of GROUP_COLUMN_KEYS) {
    const { required } = GROUP_COLUMNS[column];
    const { zh, en } = GROUP_TEMPLATE_NOTES[column];
    const requirement = required ? '必填 / Required' : '选填 / Optional';
    notes.addRow([bilingual(GROUP_COLUMNS[column]), requirement, zh, en, EXAMPLE_MEMBER[column]]);
  }
  notes.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  notes.getColumn(4).alignment = { wrapText: true, vertical: 'top' };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The .csv template, the header only: UTF-8 with a byte order mark (without one, Excel shows Chinese as mojibake),
 * CRLF lines.
 */
export function groupTemplateCsv(): Buffer {
  const text = Papa.unparse([GROUP_TEMPLATE_HEADER], { newline: '\r\n' });
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}
