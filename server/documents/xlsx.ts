import { loadExcel } from '../libraries';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an exported sheet: its header (both languages, as the console's files say them) and its width. */
export interface SheetColumn {
  header: string;
  width: number;
  /** Kept as text, so Excel does not turn a long number (a phone, a transaction id) into a float. */
  text?: boolean;
  /** Yuan with two decimals (the cells hold yuanOf(fen)). */
  money?: boolean;
}

/** One sheet: its tab name, its columns, and a row of cells per line (numbers stay numbers, so sums work). */
export interface Sheet {
  name: string;
  columns: SheetColumn[];
  rows: (string | number | null)[][];
}

/**
 * An .xlsx file of these sheets, each with its header row in bold and frozen, so a long export keeps its column
 * names on screen. The console's exports (orders, reconciliation, the audit log) share it.
 */
export async function workbookOf(sheets: Sheet[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      width: column.width,
      style: column.text ? { numFmt: '@' } : column.money ? { numFmt: '0.00' } : {},
    }));
    worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Fen as yuan with two decimals, the figure a finance sheet sums. */
export function yuanOf(fen: number): number {
  return fen / 100;
}
