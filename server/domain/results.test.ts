import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvOf, type SheetCell, xlsxOf, zipBomb } from '../../tests/helpers/spreadsheets';
import { AppError } from '../errors';
import { matchResultRows, parseOutcome, RESULT_MAX_ROWS, type ResultCandidate, readResultSheet } from './results';

async function refused(bytes: Buffer): Promise<AppError> {
  const error = await readResultSheet(bytes).then(
    () => assert.fail('expected RESULT_FILE_INVALID, the file was read'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof AppError, String(error));
  assert.equal(error.code, 'RESULT_FILE_INVALID');
  return error;
}

describe('outcomes', () => {
  test('pass and fail in English, 通过 / 不通过 and 合格 / 不合格, in any case and spacing', () => {
    for (const text of ['pass', 'PASS', ' Pass ', '通过', '合格']) assert.equal(parseOutcome(text), 'pass', text);
    for (const text of ['fail', 'Fail', '不通过', '不合格 ']) assert.equal(parseOutcome(text), 'fail', text);
    for (const text of ['', 'passed', '良好', '60', 'yes']) assert.equal(parseOutcome(text), undefined, text);
  });
});

describe('readResultSheet', () => {
  test('.xlsx: phone and result columns, with the row numbers Excel shows; blank rows skipped', async () => {
    const rows: SheetCell[][] = [
      ['手机号 / Phone', '结果 / Result'],
      ['13900000001', 'pass'],
      [],
      [13900000002, '不通过'],
    ];
    assert.deepEqual(await readResultSheet(await xlsxOf(rows)), [
      { row: 2, phone: '13900000001', idNumber: '', outcome: 'pass' },
      { row: 4, phone: '13900000002', idNumber: '', outcome: '不通过' },
    ]);
  });

  test('.csv in GBK: a title above the header, ID card number and 成绩 columns in any order', async () => {
    const bytes = csvOf(
      [['2026 春季考试成绩'], ['姓名', '成绩', '身份证号码'], ['张三', '合格', '11010119900307123X']],
      { encoding: 'gbk' },
    );
    assert.deepEqual(await readResultSheet(bytes), [
      { row: 3, phone: '', idNumber: '11010119900307123X', outcome: '合格' },
    ]);
  });

  test('a header without a result column, or without phone and ID number, is refused with a reason', async () => {
    const noResult = await refused(
      csvOf(
        [
          ['Phone', 'Name'],
          ['13900000001', 'A'],
        ],
        { encoding: 'utf8' },
      ),
    );
    assert.match(noResult.details?.[0]?.message ?? '', /header/);
    await refused(
      csvOf(
        [
          ['Name', 'Result'],
          ['A', 'pass'],
        ],
        { encoding: 'utf8' },
      ),
    );
    await refused(csvOf([], { encoding: 'utf8' }));
  });

  test('a header alone is a sheet with no results', async () => {
    assert.deepEqual(await readResultSheet(csvOf([['Phone', 'Result']], { encoding: 'utf8' })), []);
  });

  test('images, PDF, zip bombs and random bytes are not result sheets', async () => {
    await refused(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await refused(Buffer.from('%PDF-1.7\n'));
    await refused(zipBomb({ inflatedMegabytes: 300 }));
    await refused(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]));
  });

  test(`at most ${RESULT_MAX_ROWS.toLocaleString('en')} rows per file`, async () => {
    const rows = (n: number) => [
      ['Phone', 'Result'],
      ...Array.from({ length: n }, (_, i) => [String(13900000000 + i), 'pass']),
    ];
    assert.equal((await readResultSheet(csvOf(rows(RESULT_MAX_ROWS), { encoding: 'utf8' }))).length, RESULT_MAX_ROWS);
    const tooMany = await refused(csvOf(rows(RESULT_MAX_ROWS + 1), { encoding: 'utf8' }));
    assert.match(tooMany.details?.[0]?.message ?? '', /at most/);
  });
});

describe('matchResultRows', () => {
  const candidates: ResultCandidate[] = [
    { registrationId: 'r-in', status: 'checkin', phone: '+8613900000001', idNumber: '11010119900307123X' },
    { registrationId: 'r-in-2', status: 'checkin', phone: '+8613900000002', idNumber: '110101199003071246' },
    { registrationId: 'r-absent', status: 'register', phone: '+8613900000003', idNumber: null },
  ];
  const row = (n: number, phone: string, idNumber: string, outcome: string) => ({ row: n, phone, idNumber, outcome });

  test('by phone (any way it is typed) or by ID number (lower-case x too); both must name the same candidate', () => {
    const { entries, rejected } = matchResultRows(
      [
        row(2, '139-0000-0001', '', 'pass'),
        row(3, '', '110101199003071246', 'fail'),
        row(4, '+86 139 0000 0001', '110101199003071246', 'pass'),
      ],
      candidates,
    );
    assert.deepEqual(entries, [
      { registrationId: 'r-in', outcome: 'pass' },
      { registrationId: 'r-in-2', outcome: 'fail' },
    ]);
    assert.deepEqual(rejected, [{ row: 4, reason: 'CANDIDATE_NOT_FOUND' }]);
    assert.deepEqual(matchResultRows([row(2, '', '11010119900307123x', 'pass')], candidates).entries, [
      { registrationId: 'r-in', outcome: 'pass' },
    ]);
  });

  test('every refused row comes back with its one reason; the later of two rows for a candidate is the duplicate', () => {
    const { entries, rejected } = matchResultRows(
      [
        row(2, '13900000001', '', 'maybe'),
        row(3, '13900000009', '', 'pass'),
        row(4, '', '', 'pass'),
        row(5, '13900000001', '', 'pass'),
        row(6, '13900000001', '', 'fail'),
        row(7, '13900000003', '', 'pass'),
      ],
      candidates,
    );
    assert.deepEqual(entries, [{ registrationId: 'r-in', outcome: 'pass' }]);
    assert.deepEqual(rejected, [
      { row: 2, reason: 'OUTCOME_INVALID' },
      { row: 3, reason: 'CANDIDATE_NOT_FOUND' },
      { row: 4, reason: 'CANDIDATE_NOT_FOUND' },
      { row: 6, reason: 'DUPLICATE_ROW' },
      { row: 7, reason: 'NOT_CHECKED_IN' },
    ]);
  });
});
