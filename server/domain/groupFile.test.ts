import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { GROUP_FILE_MAX_BYTES, GROUP_MAX_ROWS } from '../../contract/group';
import { idCardCheckCharacter } from '../../contract/idcard';
import {
  csvOf,
  GROUP_HEADER,
  memberRows,
  rawRowsOf,
  type SheetCell,
  xlsxOf,
  zipBomb,
  zipOf,
} from '../../tests/helpers/spreadsheets';
import { AppError } from '../errors';
import { readGroupFile } from './groupFile';
import { validateGroupRows } from './groupRows';
import { groupTemplateCsv, groupTemplateXlsx } from './groupTemplate';
import { assertSafeZip } from './zipGuard';

/** Asserts that reading `bytes` is refused with `code`; answers the error for further looks. */
async function refused(bytes: Buffer, code: string): Promise<AppError> {
  const error = await readGroupFile(bytes).then(
    () => assert.fail(`expected ${code}, the file was read`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof AppError, String(error));
  assert.equal(error.code, code);
  return error;
}

const MEGABYTE = 1024 * 1024;

/** A, B, ... Z, AA, AB, ... for a zero-based column index. */
function columnLetters(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : `${columnLetters(Math.floor(index / 26) - 1)}${letter}`;
}

// First in the file, so the peak memory of the process before it is not already raised by bigger fixtures.
describe('zip bombs disguised as .xlsx', () => {
  const refusedWithinBudget = async (bomb: Buffer) => {
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    await refused(bomb, 'GROUP_FILE_INVALID');
    assert.ok(performance.now() - started < 500, 'refused quickly');
    const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
    assert.ok(peakGrowth < 100 * MEGABYTE, `peak memory grew by ${Math.round(peakGrowth / MEGABYTE)} MB`);
  };

  test('a sheet that inflates to 300 MB is refused from its declared size, before inflating', async () => {
    const bomb = zipBomb({ inflatedMegabytes: 300 });
    assert.ok(bomb.length < GROUP_FILE_MAX_BYTES, `${bomb.length} bytes`);
    await refusedWithinBudget(bomb);
  });

  test('the same bomb declaring a kilobyte is refused as soon as it inflates past it', async () => {
    await refusedWithinBudget(zipBomb({ inflatedMegabytes: 300, lieAboutSize: true }));
  });

  test('a few kilobytes whose directory names one body hundreds of times are refused', async () => {
    const bomb = zipBomb({ inflatedMegabytes: 1, aliases: 500 });
    assert.ok(bomb.length < 64 * 1024, `${bomb.length} bytes`);
    await refusedWithinBudget(bomb);
  });

  test('more entries than a workbook needs are refused', () => {
    const parts = Array.from({ length: 2001 }, (_, index) => ({ name: `part${index}.xml`, data: Buffer.from('<a/>') }));
    assert.throws(() => assertSafeZip(zipOf(parts)), { code: 'GROUP_FILE_INVALID' });
    assert.equal(assertSafeZip(zipOf(parts.slice(0, 2000))).size, 2000);
  });
});

describe('readGroupFile: .xlsx', () => {
  test('reads the members under the template header, with their row numbers', async () => {
    const members = memberRows(3);
    assert.deepEqual(await readGroupFile(await xlsxOf([GROUP_HEADER, ...members])), rawRowsOf(members));
  });

  test('headers in Chinese only, English only, aliases, odd spacing and markers, in any order', async () => {
    const [member = []] = memberRows(1);
    const [name, phone, idNumber, gender, dateOfBirth] = member;
    const headers: string[][] = [
      ['姓名', '手机号', '身份证号', '性别', '出生日期'],
      ['Name', 'Phone', 'ID card number', 'Gender', 'Date of birth'],
      ['*姓名', '手机号码：', '身份证号（18位）', 'Sex', 'DOB'],
      ['Student name', 'Mobile number', 'ID_No', 'sex (M/F)', 'Birth-date'],
      ['姓名\nName', '电话', '证件号码', '性 别', '生日 (yyyy-mm-dd)'],
    ];
    for (const header of headers) {
      const rows = await readGroupFile(await xlsxOf([header, member]));
      assert.deepEqual(rows, rawRowsOf([member]), header.join(' | '));
    }
    const shuffled = await xlsxOf([
      ['备注 / Notes', '出生日期 / Date of birth', '身份证号', 'Phone', '性别', '序号', '姓名'],
      ['班长', dateOfBirth ?? '', idNumber ?? '', phone ?? '', gender ?? '', 1, name ?? ''],
    ]);
    assert.deepEqual(await readGroupFile(shuffled), rawRowsOf([member]));
  });

  test('optional columns may be left out; their cells read as empty', async () => {
    const [member = []] = memberRows(1);
    const rows = await readGroupFile(await xlsxOf([['姓名', '手机号', '身份证号'], member.slice(0, 3)]));
    assert.deepEqual(rows, rawRowsOf([[...member.slice(0, 3), '', '']]));
  });

  test('a renamed required header is missing, and the refusal names its column', async () => {
    const header = ['姓名 / Name', '手机号 / Phone', '证件 / Document', '性别 / Gender'];
    const error = await refused(await xlsxOf([header, ...memberRows(1)]), 'GROUP_FILE_HEADERS_MISSING');
    assert.deepEqual(error.details, [{ path: 'idNumber', message: 'missing' }]);
  });

  test('members with no header row at all: every required column is missing', async () => {
    const error = await refused(await xlsxOf(memberRows(3)), 'GROUP_FILE_HEADERS_MISSING');
    assert.deepEqual(
      error.details?.map((detail) => detail.path),
      ['name', 'phone', 'idNumber'],
    );
  });

  test('a title row above the header is passed over', async () => {
    const members = memberRows(2);
    const rows = await readGroupFile(await xlsxOf([['2024 春季考试 报名表'], [], GROUP_HEADER, ...members]));
    assert.deepEqual(rows, rawRowsOf(members, 4));
  });

  test('blank rows are skipped and row numbers stay those Excel shows', async () => {
    const [first = [], second = []] = memberRows(2);
    const rows = await readGroupFile(await xlsxOf([[], GROUP_HEADER, [], first, [], ['', '   ', ''], second, []]));
    assert.deepEqual(
      rows.map((row) => [row.row, row.name]),
      [
        [4, first[0]],
        [7, second[0]],
      ],
    );
  });

  test('a row with nothing in the member columns (a pre-numbered line) is not a member', async () => {
    const [member = []] = memberRows(1);
    const rows = await readGroupFile(await xlsxOf([['序号', ...GROUP_HEADER], [1, ...member], [2], [3]]));
    assert.deepEqual(rows, rawRowsOf([member]));
  });

  test('formulas count for the value Excel saved with them and are never evaluated', async () => {
    const [member = []] = memberRows(1);
    const [name = '', phone = '', idNumber = ''] = member;
    const rows = await readGroupFile(
      await xlsxOf([
        GROUP_HEADER,
        [
          { formula: 'CONCAT("", "x")', result: name },
          { formula: 'TEXT(1,"0")', result: Number(phone) },
          { formula: 'B1', result: idNumber },
          { formula: '1+1' },
          null,
        ],
      ]),
    );
    assert.deepEqual(rows, rawRowsOf([[name, phone, idNumber, '', '']]));
  });

  test('numbers, dates, rich text and hyperlinks read as the text a person sees', async () => {
    const cells: SheetCell[] = [
      { richText: [{ text: '欧阳' }, { text: '娜娜' }] },
      13800138000,
      { text: '11010519491231002X', hyperlink: 'https://example.com/id' },
      '女',
      new Date(Date.UTC(1949, 11, 31)),
    ];
    assert.deepEqual(
      await readGroupFile(await xlsxOf([GROUP_HEADER, cells])),
      rawRowsOf([['欧阳娜娜', '13800138000', '11010519491231002X', '女', '1949-12-31']]),
    );
  });

  test('control characters a cell carries escaped (_x0000_, a NUL) are dropped from its text', async () => {
    const [[, phone = '', idNumber = ''] = []] = memberRows(1);
    const file = await xlsxOf([GROUP_HEADER, ['张三', phone, idNumber]], {
      rewrite: (part, xml) => (part.endsWith('sharedStrings.xml') ? xml.replace('张三', '张_x0000_三_x0007_') : xml),
    });
    assert.deepEqual(await readGroupFile(file), rawRowsOf([['张三', phone, idNumber, '', '']]));
  });

  test('an ID number Excel stored as a number has lost digits: it reads as plain digits and is refused', async () => {
    const [member = []] = memberRows(1);
    const typed = member[2] ?? '';
    const [row] = await readGroupFile(await xlsxOf([GROUP_HEADER, [member[0] ?? '', member[1] ?? '', Number(typed)]]));
    assert.match(row?.idNumber ?? '', /^\d{18}$/);
    assert.notEqual(row?.idNumber, typed);
    const context = { seatsLeft: 10, registeredPhones: new Set<string>(), accountIdNumbers: new Map() };
    assert.deepEqual(validateGroupRows(row ? [row] : [], context).rejected[0]?.reasons, ['ID_NUMBER_INVALID']);
  });

  test('the first sheet that holds rows is read', async () => {
    const members = memberRows(1);
    const file = await xlsxOf([GROUP_HEADER, ...members], { sheetsBefore: [[]] });
    assert.deepEqual(await readGroupFile(file), rawRowsOf(members));
  });

  test('no rows, or a header with nothing under it, is an empty file', async () => {
    await refused(await xlsxOf([]), 'GROUP_FILE_EMPTY');
    await refused(await xlsxOf([GROUP_HEADER, [], []]), 'GROUP_FILE_EMPTY');
  });

  test('1,000 members are read in well under a second; 1,001 are too many', async () => {
    const members = memberRows(GROUP_MAX_ROWS + 1);
    const thousand = await xlsxOf([GROUP_HEADER, ...members.slice(0, GROUP_MAX_ROWS), [], []]);
    const started = performance.now();
    const rows = await readGroupFile(thousand);
    const elapsed = performance.now() - started;
    assert.equal(rows.length, GROUP_MAX_ROWS);
    assert.equal(rows.at(-1)?.row, GROUP_MAX_ROWS + 1);
    assert.ok(elapsed < 1000, `${Math.round(elapsed)} ms`);
    await refused(await xlsxOf([GROUP_HEADER, ...members]), 'GROUP_FILE_TOO_MANY_ROWS');
  });

  test('a sheet declaring a huge size, merges and validations over whole sheets reads as small as it is', async () => {
    const members = memberRows(2);
    const whole = 'A1:XFD1048576';
    const file = await xlsxOf([GROUP_HEADER, ...members], {
      rewrite: (name, xml) =>
        name.startsWith('xl/worksheets/')
          ? xml
              .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${whole}"/>`)
              .replace(
                '</sheetData>',
                `</sheetData><mergeCells count="1"><mergeCell ref="F1:XFD1048576"/></mergeCells>` +
                  `<dataValidations count="1"><dataValidation type="list" sqref="${whole}">` +
                  '<formula1>"男,女"</formula1></dataValidation></dataValidations>',
              )
          : xml,
    });
    const started = performance.now();
    assert.deepEqual(await readGroupFile(file), rawRowsOf(members));
    assert.ok(performance.now() - started < 1000);
  });

  test('formatted blank rows below the members are fine; a sheet of tens of thousands of rows is too many', async () => {
    const members = memberRows(2);
    const blankRows = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `<row r="${from + index}" s="1" customFormat="1"/>`).join('');
    const withBlankRows = (count: number) =>
      xlsxOf([GROUP_HEADER, ...members], {
        rewrite: (name, xml) =>
          name.startsWith('xl/worksheets/') ? xml.replace('</sheetData>', `${blankRows(4, count)}</sheetData>`) : xml,
      });
    assert.deepEqual(await readGroupFile(await withBlankRows(5000)), rawRowsOf(members));
    await refused(await withBlankRows(20_000), 'GROUP_FILE_TOO_MANY_ROWS');
  });

  test('a row of more cells than any member list has is refused', async () => {
    const cells = Array.from({ length: 300 }, (_, index) => `<c r="${columnLetters(index)}3" s="0"/>`).join('');
    const file = await xlsxOf([GROUP_HEADER, ...memberRows(1)], {
      rewrite: (name, xml) =>
        name.startsWith('xl/worksheets/') ? xml.replace('</sheetData>', `<row r="3">${cells}</row></sheetData>`) : xml,
    });
    await refused(file, 'GROUP_FILE_INVALID');
  });

  test('a defined name over a whole sheet (exceljs would make a cell object for each) is refused', async () => {
    const members = memberRows(1);
    const withName = (range: string) =>
      xlsxOf([GROUP_HEADER, ...members], {
        rewrite: (name, xml) =>
          name === 'xl/workbook.xml'
            ? xml.replace(
                '</sheets>',
                `</sheets><definedNames><definedName name="Area">${range}</definedName></definedNames>`,
              )
            : xml,
      });
    assert.deepEqual(await readGroupFile(await withName('Sheet1!$A$1:$E$2')), rawRowsOf(members));
    const started = performance.now();
    await refused(await withName('Sheet1!$A$1:$XFD$1048576'), 'GROUP_FILE_INVALID');
    assert.ok(performance.now() - started < 1000);
  });
});

describe('readGroupFile: .csv', () => {
  const members = memberRows(2);
  const chinese = [
    ['张三', '13900000000', members[0]?.[2] ?? '', '女', members[0]?.[4] ?? ''],
    ['欧阳娜娜', '13900000001', members[1]?.[2] ?? '', '男', members[1]?.[4] ?? ''],
  ];

  test('UTF-8 with and without a byte order mark, UTF-16 with one', async () => {
    for (const encoding of ['utf8', 'utf8-bom', 'utf16le-bom'] as const) {
      const rows = await readGroupFile(csvOf([GROUP_HEADER, ...chinese], { encoding }));
      assert.deepEqual(rows, rawRowsOf(chinese), encoding);
    }
  });

  test('GBK, as Excel in China saves "CSV", reads Chinese names and headers correctly', async () => {
    const file = csvOf([['姓名', '手机号码', '身份证号码', '性别', '出生日期'], ...chinese], { encoding: 'gbk' });
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(file), 'the fixture is not UTF-8');
    assert.deepEqual(await readGroupFile(file), rawRowsOf(chinese));
  });

  test('semicolons and tabs between cells are recognised', async () => {
    for (const delimiter of [';', '\t'] as const) {
      const rows = await readGroupFile(csvOf([GROUP_HEADER, ...chinese], { encoding: 'utf8', delimiter }));
      assert.deepEqual(rows, rawRowsOf(chinese), JSON.stringify(delimiter));
    }
  });

  test('quoted cells keep their commas and line breaks; cells are trimmed', async () => {
    const [member = []] = memberRows(1);
    const text = `"姓名\r\nName",Phone,ID card number\r\n"  Li, Na\r\n ", ${member[1]} ,${member[2]}\r\n`;
    assert.deepEqual(await readGroupFile(Buffer.from(text, 'utf8')), [
      { row: 2, name: 'Li, Na', phone: member[1], idNumber: member[2], gender: '', dateOfBirth: '' },
    ]);
  });

  test('blank lines are skipped and counted in row numbers', async () => {
    const [first = [], second = []] = memberRows(2);
    const text = `\r\n${GROUP_HEADER.join(',')}\r\n\r\n${first.join(',')}\r\n,,,,\r\n${second.join(',')}\r\n`;
    const rows = await readGroupFile(Buffer.from(text, 'utf8'));
    assert.deepEqual(
      rows.map((row) => row.row),
      [4, 6],
    );
  });

  test('an empty file, blank lines or a header alone is an empty file', async () => {
    await refused(Buffer.alloc(0), 'GROUP_FILE_EMPTY');
    await refused(Buffer.from('\r\n\r\n  \r\n', 'utf8'), 'GROUP_FILE_EMPTY');
    await refused(csvOf([GROUP_HEADER], { encoding: 'utf8-bom' }), 'GROUP_FILE_EMPTY');
  });

  test('1,001 members are too many', async () => {
    await refused(
      csvOf([GROUP_HEADER, ...memberRows(GROUP_MAX_ROWS + 1)], { encoding: 'utf8' }),
      'GROUP_FILE_TOO_MANY_ROWS',
    );
  });
});

describe('readGroupFile: what is not a spreadsheet', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from('IHDR', 'latin1'),
    randomBytes(64),
  ]);
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const OLD_XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

  test('images, PDF, old .xls, random bytes and text with NUL bytes are refused, whatever their name', async () => {
    const files = {
      PNG,
      PDF,
      OLD_XLS,
      random: randomBytes(4096),
      nul: Buffer.from('姓名,手机号,身份证号\r\n\u0000\u0000,1,2\r\n', 'utf8'),
      utf16WithoutBom: Buffer.from(`${GROUP_HEADER.join(',')}\r\n`, 'utf16le'),
    };
    for (const [what, bytes] of Object.entries(files)) {
      const error = await readGroupFile(bytes).catch((caught: unknown) => caught);
      assert.ok(error instanceof AppError && error.code === 'GROUP_FILE_INVALID', what);
    }
  });

  test('a truncated or corrupted .xlsx is refused', async () => {
    const file = await xlsxOf([GROUP_HEADER, ...memberRows(20)]);
    await refused(file.subarray(0, Math.floor(file.length / 2)), 'GROUP_FILE_INVALID');
    await refused(file.subarray(0, file.length - 10), 'GROUP_FILE_INVALID');
    const corrupted = Buffer.from(file);
    for (let offset = 200; offset < 600; offset += 1) corrupted[offset] = 0x55;
    await refused(corrupted, 'GROUP_FILE_INVALID');
  });

  test('a zip that is not a workbook is refused', async () => {
    await refused(zipOf([{ name: 'word/document.xml', data: Buffer.from('<document/>') }]), 'GROUP_FILE_INVALID');
  });
});

describe('the template', () => {
  const EXAMPLE_ID_NUMBER = `11010520080305123${idCardCheckCharacter('11010520080305123')}`;
  /** The example member, as templates handed out before this one had it in their first row. */
  const SAMPLE_ROW = ['张三', '13800138000', EXAMPLE_ID_NUMBER, '男', '2008-03-05'];

  test('the .xlsx uploaded unchanged holds no member: the members sheet is its header alone', async () => {
    await refused(await groupTemplateXlsx(), 'GROUP_FILE_EMPTY');
  });

  test('the .csv is UTF-8 with a byte order mark and CRLF lines, the header alone, and holds no member', async () => {
    const file = groupTemplateCsv();
    assert.deepEqual([...file.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(
      file.toString('utf8'),
      '\uFEFF姓名 / Name,手机号 / Phone,身份证号 / ID card number,性别 / Gender,出生日期 / Date of birth\r\n',
    );
    await refused(file, 'GROUP_FILE_EMPTY');
  });

  test("an older template's sample row is never a member, in .xlsx or .csv, however its phone and ID are written", async () => {
    const members = memberRows(2);
    assert.deepEqual(await readGroupFile(await xlsxOf([GROUP_HEADER, SAMPLE_ROW, ...members])), rawRowsOf(members, 3));
    await refused(await xlsxOf([GROUP_HEADER, SAMPLE_ROW]), 'GROUP_FILE_EMPTY');
    const retyped = [' 张三 ', '+86 138 0013 8000', EXAMPLE_ID_NUMBER.toLowerCase(), '', ''];
    const csv = csvOf([GROUP_HEADER, retyped, ...members], { encoding: 'utf8-bom' });
    assert.deepEqual(await readGroupFile(csv), rawRowsOf(members, 3));
  });

  test("a member who shares only the example's phone or name is read as any other row", async () => {
    const [member = []] = memberRows(1);
    const samePhone = [member[0] ?? '', '13800138000', member[2] ?? ''];
    const sameName = ['张三', member[1] ?? '', member[2] ?? ''];
    const rows = await readGroupFile(await xlsxOf([GROUP_HEADER, samePhone, sameName]));
    assert.deepEqual(
      rows.map((row) => [row.name, row.phone]),
      [
        [samePhone[0], '13800138000'],
        ['张三', sameName[1]],
      ],
    );
  });

  test('the .xlsx: bold frozen bilingual header, ID and phone columns as text, a notes sheet for every column', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await groupTemplateXlsx()).buffer);
    const [members, notes] = workbook.worksheets;
    assert.ok(members && notes);
    assert.equal(members.getCell('A1').value, '姓名 / Name');
    assert.equal(members.getCell('C1').font?.bold, true);
    assert.equal(members.views[0]?.state, 'frozen');
    assert.equal(members.getColumn(2).numFmt, '@');
    assert.equal(members.getColumn(3).numFmt, '@');
    assert.ok((members.getColumn(3).width ?? 0) >= 20);
    assert.equal(notes.name, '说明 Notes');
    const noteRows = notes.getSheetValues().slice(2) as string[][];
    assert.deepEqual(
      noteRows.map((row) => [row[1], row[2]]),
      [
        ['姓名 / Name', '必填 / Required'],
        ['手机号 / Phone', '必填 / Required'],
        ['身份证号 / ID card number', '必填 / Required'],
        ['性别 / Gender', '选填 / Optional'],
        ['出生日期 / Date of birth', '选填 / Optional'],
      ],
    );
    assert.match(noteRows[2]?.[4] ?? '', /Format this column as Text/);
    assert.equal(notes.getCell('E1').value, '示例 / Example');
    assert.deepEqual(
      noteRows.map((row) => row[5]),
      SAMPLE_ROW,
    );
    assert.equal(members.actualRowCount, 1);
  });
});
