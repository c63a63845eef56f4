import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { GROUP_COLUMN_KEYS, GROUP_COLUMNS, GROUP_MAX_ROWS, type GroupColumn } from '../../contract/group';
import { AppError } from '../errors';
import { assertSafeZip } from './zipGuard';

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

/** A row of the sheet as text, before its columns are known. */
interface SheetRow {
  number: number;
  cells: string[];
}

/**
 * exceljs builds an object per row and cell and expands some ranges cell by cell, so what it reads is bounded:
 * at most this many <row> elements per sheet (formatted blank rows below the data count too, hence the headroom)
 * and cells per row.
 */
const XLSX_MAX_SHEET_ROWS = 10 * GROUP_MAX_ROWS;
const XLSX_MAX_ROW_CELLS = 256;
/**
 * Sheet parts exceljs need not read. Merges, data validations and conditional formats are ranges exceljs expands
 * into one object per cell (A1:XFD1048576 would never finish); the rest is layout a member list does not need.
 */
const XLSX_IGNORED_NODES = [
  'sheetPr',
  'sheetViews',
  'sheetFormatPr',
  'cols',
  'autoFilter',
  'mergeCells',
  'rowBreaks',
  'pageMargins',
  'dataValidations',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'picture',
  'drawing',
  'sheetProtection',
  'tableParts',
  'conditionalFormatting',
  'extLst',
];
/** exceljs also makes an object per cell of every defined name's range; more cells than this is not a member list. */
const XLSX_MAX_DEFINED_NAME_CELLS = 200_000;
/** How many non-blank rows may stand above the header (a title such as "2024 春季报名表"). */
const MAX_ROWS_ABOVE_HEADER = 5;

function invalid(): AppError {
  return new AppError('GROUP_FILE_INVALID');
}

const startsWith = (bytes: Buffer, ...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * Reads a group file: .xlsx or .csv, told apart by their content (never by name). Answers the member rows below
 * the header, blank rows skipped. GROUP_FILE_INVALID for anything that is not a readable spreadsheet,
 * GROUP_FILE_EMPTY without a header or without rows under it, GROUP_FILE_HEADERS_MISSING (details name the columns)
 * when a required column is missing, GROUP_FILE_TOO_MANY_ROWS beyond GROUP_MAX_ROWS.
 */
export async function readGroupFile(bytes: Buffer): Promise<RawGroupRow[]> {
  const collector = groupRowCollector();
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    await readXlsx(bytes, collector.add);
  } else {
    readCsv(decodeText(bytes), collector.add);
  }
  return collector.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

function headerKeys(text: string): string[] {
  return text
    .replace(/[(（][^)）]*[)）]/g, '')
    .split(/[/／\r\n]/)
    .map((part) => part.toLowerCase().replace(/[\s*_\-:：]/g, ''))
    .filter((part) => part !== '');
}

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

// ---------------------------------------------------------------------------------------------------------------
// .xlsx

type CellValue = ExcelJS.CellValue;

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // 13800138000 typed as a number must read as the phone it is, never as 1.38e10.
  if (Number.isInteger(value) && Math.abs(value) >= 1e21) return BigInt(value).toString();
  return String(value);
}

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cellText(value.text);
  // A formula counts for the result Excel saved with it; it is never evaluated here.
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as CellValue | undefined);
  return '';
}

/** Cells in a workbook's defined names (print areas, filters), as exceljs would create them. */
function definedNameCells(workbookXml: string): number {
  let cells = 0;
  for (const [, body] of workbookXml.matchAll(/<definedName\b[^>]*>([^<]*)<\/definedName>/g)) {
    for (const [, left, top, right, bottom] of body.matchAll(/\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)/gi)) {
      const columns = Math.abs(columnNumber(right ?? '') - columnNumber(left ?? '')) + 1;
      cells += columns * (Math.abs(Number(bottom) - Number(top)) + 1);
    }
  }
  return cells;
}

function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0);
}

async function readXlsx(bytes: Buffer, add: (row: SheetRow) => void): Promise<void> {
  for (const [name, data] of assertSafeZip(bytes)) {
    // exceljs reads "xl/workbook.xml" and "/xl/workbook.xml" alike; looking at every such part covers both.
    if (name.endsWith('workbook.xml') && definedNameCells(data.toString('utf8')) > XLSX_MAX_DEFINED_NAME_CELLS) {
      throw invalid();
    }
  }

  const workbook = new ExcelJS.Workbook();
  const options = { ignoreNodes: XLSX_IGNORED_NODES, maxRows: XLSX_MAX_SHEET_ROWS, maxCols: XLSX_MAX_ROW_CELLS };
  try {
    // exceljs types its input as an ArrayBuffer; a copy of at most a couple of megabytes is one.
    await workbook.xlsx.load(new Uint8Array(bytes).buffer, options);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Max row count')) {
      throw new AppError('GROUP_FILE_TOO_MANY_ROWS');
    }
    throw invalid();
  }
  // A zip without sheets (a .docx, an .odt, any archive) is not a spreadsheet at all.
  if (workbook.worksheets.length === 0) throw invalid();
  const sheet = workbook.worksheets.find((worksheet) => worksheet.state === 'visible' && worksheet.actualRowCount > 0);
  sheet?.eachRow((row, number) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      cells[column - 1] = cellText(cell.value).trim();
    });
    add({ number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// .csv

const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0]; // Excel 97-2003 .xls, .doc
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF

/**
 * The text of a CSV: UTF-8 or UTF-16 by their byte order mark, UTF-8 when it decodes as UTF-8, otherwise GB18030
 * (a superset of GBK, what Excel and WPS in China save as "CSV"). Bytes that are none of these, or text holding
 * control characters other than tab and line breaks, are not a CSV.
 */
function decodeText(bytes: Buffer): string {
  if (startsWith(bytes, ...OLE_COMPOUND_FILE) || startsWith(bytes, ...PDF)) throw invalid();
  const attempts: [encoding: string, start: number][] = startsWith(bytes, 0xef, 0xbb, 0xbf)
    ? [['utf-8', 3]]
    : startsWith(bytes, 0xff, 0xfe)
      ? [['utf-16le', 2]]
      : startsWith(bytes, 0xfe, 0xff)
        ? [['utf-16be', 2]]
        : [
            ['utf-8', 0],
            ['gb18030', 0],
          ];
  for (const [encoding, start] of attempts) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(start));
    } catch {
      continue;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw invalid();
    return text;
  }
  throw invalid();
}

function readCsv(text: string, add: (row: SheetRow) => void): void {
  let number = 0;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    step: ({ data }) => {
      number += 1;
      add({ number, cells: data.map((cell) => cell.trim()) });
    },
  });
}
