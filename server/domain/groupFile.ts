import { GROUP_COLUMN_KEYS, GROUP_COLUMNS, GROUP_MAX_ROWS, type GroupColumn } from '../../contract/group';
import { AppError } from '../errors';
import { isTemplateExample } from './groupTemplate';
import { headerKeys, readSheet, type SheetReading, type SheetRow } from './sheetFile';

/** One member row of a group file, each cell's text as typed (trimmed); '' for a column the file does not have. */
export interface RawGroupRow {
  /** The row number Excel shows (the header's row counts, blank rows count). */
  row: number;
  name: string;
  phone: string;
  idNumber: string;
  gender: string;
  dateOfBirth: string;
}

/**
 * At most this many <row> elements per .xlsx sheet: formatted blank rows below the members count too, hence the
 * headroom over GROUP_MAX_ROWS.
 */
const GROUP_SHEET: SheetReading = {
  maxSheetRows: 10 * GROUP_MAX_ROWS,
  invalid: 'GROUP_FILE_INVALID',
  tooManyRows: 'GROUP_FILE_TOO_MANY_ROWS',
};
/** How many non-blank rows may stand above the header (a title such as "2024 春季报名表"). */
const MAX_ROWS_ABOVE_HEADER = 5;

/**
 * Reads a group file: .xlsx or .csv, told apart by their content (never by name). Answers the member rows below
 * the header, blank rows and the template's example member skipped. GROUP_FILE_INVALID for anything that is not a readable spreadsheet,
 * GROUP_FILE_EMPTY without a header or without rows under it, GROUP_FILE_HEADERS_MISSING (details name the columns)
 * when a required column is missing, GROUP_FILE_TOO_MANY_ROWS beyond GROUP_MAX_ROWS.
 */
export async function readGroupFile(bytes: Buffer): Promise<RawGroupRow[]> {
  const collector = groupRowCollector();
  await readSheet(bytes, collector.add, GROUP_SHEET);
  return collector.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

const COLUMN_BY_KEY = new Map<string, GroupColumn>(
  GROUP_COLUMN_KEYS.flatMap((column) => {
    const { zh, en, aliases } = GROUP_COLUMNS[column];
    return [zh, en, ...aliases].flatMap(headerKeys).map((key) => [key, column] as const);
  }),
);

/** Where each column is in the header row (the first cell naming a column wins). */
function columnPositions(header: string[]): Map<GroupColumn, number> {
  const positions = new Map<GroupColumn, number>();
  header.forEach((text, position) => {
    for (const key of headerKeys(text)) {
      const column = COLUMN_BY_KEY.get(key);
      if (column && !positions.has(column)) positions.set(column, position);
    }
  });
  return positions;
}

/**
 * Takes the sheet's rows in order: finds the header, then collects member rows. `add` throws as soon as the file
 * is known to be refused, so a reader can stop early.
 */
function groupRowCollector() {
  let positions: Map<GroupColumn, number> | undefined;
  let rowsAboveHeader = 0;
  const rows: RawGroupRow[] = [];

  const headerMissing = (found: Map<GroupColumn, number>) => {
    const missing = GROUP_COLUMN_KEYS.filter((column) => GROUP_COLUMNS[column].required && !found.has(column));
    return new AppError(
      'GROUP_FILE_HEADERS_MISSING',
      undefined,
      undefined,
      missing.map((column) => ({ path: column, message: 'missing' })),
    );
  };

  const add = ({ number, cells }: SheetRow) => {
    if (cells.every((cell) => cell === '')) return;
    if (!positions) {
      const found = columnPositions(cells);
      if (found.size === 0) {
        rowsAboveHeader += 1;
        if (rowsAboveHeader > MAX_ROWS_ABOVE_HEADER) throw headerMissing(found);
        return;
      }
      if (GROUP_COLUMN_KEYS.some((column) => GROUP_COLUMNS[column].required && !found.has(column))) {
        throw headerMissing(found);
      }
      positions = found;
      return;
    }
    const cellOf = (column: GroupColumn) => {
      const position = positions?.get(column);
      return position === undefined ? '' : (cells[position] ?? '');
    };
    const row: RawGroupRow = {
      row: number,
      name: cellOf('name'),
      phone: cellOf('phone'),
      idNumber: cellOf('idNumber'),
      gender: cellOf('gender'),
      dateOfBirth: cellOf('dateOfBirth'),
    };
    // A row with nothing in the member columns (a pre-numbered line, a remark) is not a member.
    if (!row.name && !row.phone && !row.idNumber && !row.gender && !row.dateOfBirth) return;
    // The example of the template (older templates had it as their first row) is never a member to charge for.
    if (isTemplateExample(row)) return;
    if (rows.length === GROUP_MAX_ROWS) throw new AppError('GROUP_FILE_TOO_MANY_ROWS');
    rows.push(row);
  };

  const finish = (): RawGroupRow[] => {
    if (!positions) {
      if (rowsAboveHeader > 0) throw headerMissing(new Map());
      throw new AppError('GROUP_FILE_EMPTY');
    }
    if (rows.length === 0) throw new AppError('GROUP_FILE_EMPTY');
    return rows;
  };

  return { add, finish };
}
