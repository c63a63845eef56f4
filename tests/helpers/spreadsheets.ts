import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { idCardCheckCharacter } from '../../contract/idcard';
import type { RawGroupRow } from '../../server/domain/groupFile';
import { GROUP_TEMPLATE_HEADER } from '../../server/domain/groupTemplate';
import { assertSafeZip } from '../../server/domain/zipGuard';

/**
 * Group files for tests, built in code: .xlsx through exceljs (patched when a test needs what exceljs will not
 * write), .csv in UTF-8 or GBK, and zip bombs.
 */

/** The header row of the template, "姓名 / Name" and so on. */
export const GROUP_HEADER = GROUP_TEMPLATE_HEADER;

export type SheetCell =
  | string
  | number
  | boolean
  | Date
  | { formula: string; result?: unknown }
  | { text: string; hyperlink: string }
  | { richText: { text: string }[] }
  | null;

export interface XlsxOptions {
  /** Sheets before the one with the rows, in order (empty arrays make empty sheets). */
  sheetsBefore?: SheetCell[][][];
  /** Rewrites a part of the package by name (e.g. 'xl/worksheets/sheet1.xml') after exceljs wrote it. */
  rewrite?: (name: string, xml: string) => string;
}

/** An .xlsx whose first sheet with rows holds `rows` from row 1 (an empty array is a blank row). */
export async function xlsxOf(rows: SheetCell[][], options: XlsxOptions = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheets = [...(options.sheetsBefore ?? []), rows];
  sheets.forEach((sheetRows, index) => {
    const sheet = workbook.addWorksheet(`Sheet${index + 1}`);
    sheetRows.forEach((cells, rowIndex) => {
      // Through getCell so a blank row stays blank and later rows keep their numbers.
      cells.forEach((cell, columnIndex) => {
        sheet.getCell(rowIndex + 1, columnIndex + 1).value = cell as ExcelJS.CellValue;
      });
    });
  });
  const written = Buffer.from(await workbook.xlsx.writeBuffer());
  const { rewrite } = options;
  if (!rewrite) return written;
  const parts = [...assertSafeZip(written)].map(([name, data]) => ({
    name,
    data: name.endsWith('.xml') ? Buffer.from(rewrite(name, data.toString('utf8')), 'utf8') : data,
  }));
  return zipOf(parts);
}

export interface CsvOptions {
  encoding: 'utf8' | 'utf8-bom' | 'gbk' | 'utf16le-bom';
  delimiter?: ',' | ';' | '\t';
}

/** A CSV of `rows` with CRLF line ends, as Excel saves one. */
export function csvOf(rows: (string | number)[][], options: CsvOptions): Buffer {
  const text = `${Papa.unparse(rows, { delimiter: options.delimiter ?? ',', newline: '\r\n' })}\r\n`;
  switch (options.encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8-bom':
      return Buffer.from(`\uFEFF${text}`, 'utf8');
    case 'utf16le-bom':
      return Buffer.from(`\uFEFF${text}`, 'utf16le');
    case 'gbk':
      return encodeGbk(text);
  }
}

let gbkBytesByCharacter: Map<string, Buffer> | undefined;

/** Node cannot encode GBK; decoding every two-byte GBK code once gives the table back from character to bytes. */
function encodeGbk(text: string): Buffer {
  if (!gbkBytesByCharacter) {
    const table = new Map<string, Buffer>();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const bytes = Buffer.from([lead, trail]);
        const character = decoder.decode(bytes);
        if (!table.has(character)) table.set(character, bytes);
      }
    }
    gbkBytesByCharacter = table;
  }
  const table = gbkBytesByCharacter;
  return Buffer.concat(
    [...text].map((character) => {
      if (character.charCodeAt(0) < 0x80) return Buffer.from(character, 'latin1');
      const bytes = table.get(character);
      if (!bytes) throw new Error(`no GBK code for ${character}`);
      return bytes;
    }),
  );
}

export interface MemberRowsOptions {
  /** The first member's phone; the others count up from it. */
  firstPhone?: number;
  /** The first member's birth date; the others are a day apart. */
  firstBirthDate?: string;
}

const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴'];
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军'];

/** `count` valid, distinct members in template column order: name, phone, ID number, gender, date of birth. */
export function memberRows(count: number, options: MemberRowsOptions = {}): string[][] {
  const firstPhone = options.firstPhone ?? 13900000000;
  const firstBirth = Date.parse(`${options.firstBirthDate ?? '2006-01-01'}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const birthDate = new Date(firstBirth + index * 86_400_000).toISOString().slice(0, 10);
    const sequence = String(100 + (index % 900)).padStart(3, '0');
    const first17 = `110105${birthDate.replaceAll('-', '')}${sequence}`;
    const idNumber = `${first17}${idCardCheckCharacter(first17)}`;
    const name = `${SURNAMES[index % 10]}${GIVEN_NAMES[Math.floor(index / 10) % 10]}${index + 1}`;
    const gender = Number(sequence[2]) % 2 === 1 ? '男' : '女';
    return [name, String(firstPhone + index), idNumber, gender, birthDate];
  });
}

export interface ZipPart {
  name: string;
  data: Buffer;
}

interface ZipBody {
  name: string;
  /** Raw deflate of the content. */
  compressed: Buffer;
  crc: number;
  size: number;
  /** The size the headers claim, when it is not `size`. */
  declaredSize?: number;
  /** Further central directory entries pointing at this same local entry (an overlapping bomb). */
  aliases?: number;
}

/** A zip of deflated parts with correct local headers, central directory and sizes. */
export function zipOf(parts: ZipPart[]): Buffer {
  return zipArchive(
    parts.map(({ name, data }) => ({ name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length })),
  );
}

function zipArchive(bodies: ZipBody[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const body of bodies) {
    const name = Buffer.from(body.name, 'utf8');
    const size = body.declaredSize ?? body.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.crc, 14);
    local.writeUInt32LE(body.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    for (let copy = 0; copy <= (body.aliases ?? 0); copy += 1) {
      const entryName = copy === 0 ? name : Buffer.from(`${body.name}.${copy}`, 'utf8');
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(body.crc, 16);
      central.writeUInt32LE(body.compressed.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(entryName.length, 28);
      central.writeUInt32LE(offset, 42);
      directory.push(central, entryName);
    }
    locals.push(local, name, body.compressed);
    offset += local.length + name.length + body.compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const entryCount = bodies.reduce((count, body) => count + 1 + (body.aliases ?? 0), 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entryCount, 8);
  end.writeUInt16LE(entryCount, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MEGABYTE = 1024 * 1024;

export interface ZipBombOptions {
  /** What the sheet part inflates to. */
  inflatedMegabytes?: number;
  /** Claim a kilobyte in the headers, so only inflating tells the truth. */
  lieAboutSize?: boolean;
  /** Further directory entries pointing at the sheet's one compressed body: a small file, a huge total. */
  aliases?: number;
}

/**
 * A zip laid out like an .xlsx whose sheet part is zeros inflating to hundreds of megabytes (a few hundred
 * kilobytes on disk, as deflate compresses at most about 1,000 to 1; a few kilobytes with `aliases`). Built without
 * ever holding the inflated bytes.
 */
export function zipBomb(options: ZipBombOptions = {}): Buffer {
  const megabytes = options.inflatedMegabytes ?? 300;
  const zeros = Buffer.alloc(MEGABYTE);
  // A flushed, non-final block of a megabyte of zeros is valid after itself, so it repeats; one final block ends it.
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const compressed = Buffer.concat([
    ...Array.from({ length: megabytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  let crc = 0;
  for (let index = 0; index < megabytes; index += 1) crc = crc32(zeros, crc);
  const contentTypes = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types/>', 'utf8');
  return zipArchive([
    {
      name: '[Content_Types].xml',
      compressed: deflateRawSync(contentTypes),
      crc: crc32(contentTypes),
      size: contentTypes.length,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      compressed,
      crc,
      size: megabytes * MEGABYTE,
      declaredSize: options.lieAboutSize ? 1024 : undefined,
      aliases: options.aliases,
    },
  ]);
}

/** Members in template column order as readGroupFile answers them: the header on row 1, members from `firstRow`. */
export function rawRowsOf(members: string[][], firstRow = 2): RawGroupRow[] {
  return members.map(([name = '', phone = '', idNumber = '', gender = '', dateOfBirth = ''], index) => ({
    row: firstRow + index,
    name,
    phone,
    idNumber,
    gender,
    dateOfBirth,
  }));
}
