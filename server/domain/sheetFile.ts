import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ErrorCode } from '../../contract';
import { AppError } from '../errors';
import { loadExcel } from '../libraries';
import { assertSafeZip } from './zipGuard';

/**
 * Reading an uploaded spreadsheet (a group's member list, a center's results) as rows of text: .xlsx or .csv, told
 * apart by content (never by name), with the guards a file from the internet needs. What the rows mean is the
 * caller's: it gets each row in order and may throw to stop early.
 */

/** A row of the sheet as text (each cell trimmed), before its columns are known. */
export interface SheetRow {
  /** The row number Excel shows (blank rows count). */
  number: number;
  cells: string[];
}

export interface SheetReading {
  /**
   * exceljs builds an object per row and cell, so an .xlsx sheet is read only up to this many <row> elements
   * (formatted blank rows below the data count too: leave headroom).
   */
  maxSheetRows: number;
  /** The refusal of anything that is not a readable spreadsheet. */
  invalid: ErrorCode;
  /** The refusal of an .xlsx sheet of more than maxSheetRows rows. */
  tooManyRows: ErrorCode;
}

const XLSX_MAX_ROW_CELLS = 256;
/**
 * Control characters other than tab and line breaks. An .xlsx cell carries them escaped (`_x0000_`) and exceljs
 * unescapes them; nobody types them, and PostgreSQL text cannot hold NUL, so they are dropped from the cell's text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/**
 * Sheet parts exceljs need not read. Merges, data validations and conditional formats are ranges exceljs expands
 * into one object per cell (A1:XFD1048576 would never finish); the rest is layout a list of people does not need.
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
/** exceljs also makes an object per cell of every defined name's range; more cells than this is not a list. */
const XLSX_MAX_DEFINED_NAME_CELLS = 200_000;

const startsWith = (bytes: Buffer, ...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** Reads `bytes` as .xlsx (a zip) or .csv and hands `add` every row in order, blank ones included. */
export async function readSheet(bytes: Buffer, add: (row: SheetRow) => void, reading: SheetReading): Promise<void> {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    await readXlsx(bytes, add, reading);
  } else {
    readCsv(decodeText(bytes, reading), add);
  }
}

/** The words a header cell may be matched by: lower case, without spaces, marks or a parenthesized remark. */
export function headerKeys(text: string): string[] {
  return text
    .replace(/[(（][^)）]*[)）]/g, '')
    .split(/[/／\r\n]/)
    .map((part) => part.toLowerCase().replace(/[\s*_\-:：]/g, ''))
    .filter((part) => part !== '');
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

/** Every part of the zip, inflated within the guard's budget; the guard's refusal becomes the caller's. */
function safeZipParts(bytes: Buffer, reading: SheetReading): Map<string, Buffer> {
  try {
    return assertSafeZip(bytes);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(reading.invalid);
    throw error;
  }
}

async function readXlsx(bytes: Buffer, add: (row: SheetRow) => void, reading: SheetReading): Promise<void> {
  for (const [name, data] of safeZipParts(bytes, reading)) {
    // exceljs reads "xl/workbook.xml" and "/xl/workbook.xml" alike; looking at every such part covers both.
    if (name.endsWith('workbook.xml') && definedNameCells(data.toString('utf8')) > XLSX_MAX_DEFINED_NAME_CELLS) {
      throw new AppError(reading.invalid);
    }
  }

  const workbook = new (await loadExcel()).Workbook();
  const options = { ignoreNodes: XLSX_IGNORED_NODES, maxRows: reading.maxSheetRows, maxCols: XLSX_MAX_ROW_CELLS };
  try {
    // exceljs types its input as an ArrayBuffer; a copy of at most a couple of megabytes is one.
    await workbook.xlsx.load(new Uint8Array(bytes).buffer, options);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Max row count')) {
      throw new AppError(reading.tooManyRows);
    }
    throw new AppError(reading.invalid);
  }
  // A zip without sheets (a .docx, an .odt, any archive) is not a spreadsheet at all.
  if (workbook.worksheets.length === 0) throw new AppError(reading.invalid);
  const sheet = workbook.worksheets.find((worksheet) => worksheet.state === 'visible' && worksheet.actualRowCount > 0);
  sheet?.eachRow((row, number) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      cells[column - 1] = cellText(cell.value).replace(CONTROL_CHARACTERS, '').trim();
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
function decodeText(bytes: Buffer, reading: SheetReading): string {
  if (startsWith(bytes, ...OLE_COMPOUND_FILE) || startsWith(bytes, ...PDF)) throw new AppError(reading.invalid);
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
    if (new RegExp(CONTROL_CHARACTERS.source).test(text)) throw new AppError(reading.invalid);
    return text;
  }
  throw new AppError(reading.invalid);
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
