import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { memberRows, rawRowsOf } from '../../tests/helpers/spreadsheets';
import type { RawGroupRow } from './groupFile';
import { type GroupRowContext, phonesOf, validateGroupRows } from './groupRows';

const OPEN_EXAM: GroupRowContext = { seatsLeft: 100, registeredPhones: new Set(), accountIdNumbers: new Map() };

/** One member (valid unless `change` says otherwise), on row 2. */
function oneRow(change: Partial<RawGroupRow> = {}): RawGroupRow[] {
  const [row] = rawRowsOf(memberRows(1));
  return [{ ...(row as RawGroupRow), ...change }];
}

function reasonsOf(rows: RawGroupRow[], context = OPEN_EXAM) {
  return validateGroupRows(rows, context).rejected.map((row) => row.reasons);
}

describe('validateGroupRows: a good row', () => {
  test('is accepted in stored form: E.164 phone, upper-case ID, gender and birth date from the ID', () => {
    const { accepted, rejected } = validateGroupRows(
      rawRowsOf([[' 李娜 ', '+86 139-0000-0001', '11010519491231002x', 'F', '1949/12/31']]),
      OPEN_EXAM,
    );
    assert.deepEqual(rejected, []);
    assert.deepEqual(accepted, [
      {
        row: 2,
        name: '李娜',
        phone: '+8613900000001',
        idNumber: '11010519491231002X',
        gender: 'female',
        dateOfBirth: '1949-12-31',
      },
    ]);
  });

  test('gender and date of birth are optional', () => {
    assert.equal(validateGroupRows(oneRow({ gender: '', dateOfBirth: '' }), OPEN_EXAM).accepted.length, 1);
  });

  test('gender may be written 男/女, male/female or m/f in any case', () => {
    // memberRows counts the ID's sequence up from 100: the first member is a woman, the second a man.
    const [female, male] = memberRows(2).map((row) => [row]);
    for (const word of ['男', 'male', 'MALE', 'm', 'M']) {
      assert.deepEqual(reasonsOf(rawRowsOf((male ?? []).map((row) => [...row.slice(0, 3), word]))), [], word);
    }
    for (const word of ['女', 'female', 'Female', 'f', 'F']) {
      assert.deepEqual(reasonsOf(rawRowsOf((female ?? []).map((row) => [...row.slice(0, 3), word]))), [], word);
    }
  });

  test('the date of birth may be written in the forms people type', () => {
    for (const typed of ['2006-01-01', '2006/1/1', '2006.1.1', '20060101', '2006年1月1日', '2006-1-01']) {
      assert.deepEqual(reasonsOf(oneRow({ dateOfBirth: typed })), [], typed);
    }
  });
});

describe('validateGroupRows: each reason', () => {
  test('NAME_REQUIRED: empty, blank, or longer than 50 characters', () => {
    assert.deepEqual(reasonsOf(oneRow({ name: '' })), [['NAME_REQUIRED']]);
    assert.deepEqual(reasonsOf(oneRow({ name: '   ' })), [['NAME_REQUIRED']]);
    assert.deepEqual(reasonsOf(oneRow({ name: '名'.repeat(51) })), [['NAME_REQUIRED']]);
    assert.deepEqual(reasonsOf(oneRow({ name: '名'.repeat(50) })), []);
  });

  test('PHONE_INVALID: anything but a mainland mobile', () => {
    for (const phone of ['', '12345', '010-12345678', '12800138000', '1380013800', '+1 415 555 0100']) {
      assert.deepEqual(reasonsOf(oneRow({ phone })), [['PHONE_INVALID']], phone);
    }
  });

  test('ID_NUMBER_INVALID: wrong check character, wrong length, impossible birth date, lost digits', () => {
    for (const idNumber of [
      '',
      '110105194912310021',
      '11010519491231002',
      '110105200602300011',
      '110105200601010000',
    ]) {
      assert.deepEqual(reasonsOf(oneRow({ idNumber, gender: '', dateOfBirth: '' })), [['ID_NUMBER_INVALID']], idNumber);
    }
  });

  test('GENDER_INVALID for an unknown word; GENDER_MISMATCH when it disagrees with the ID', () => {
    assert.deepEqual(reasonsOf(oneRow({ gender: '未知' })), [['GENDER_INVALID']]);
    // The first of memberRows is a woman (the 17th digit is even).
    assert.deepEqual(reasonsOf(oneRow({ gender: '男' })), [['GENDER_MISMATCH']]);
  });

  test('BIRTH_DATE_INVALID for what is not a date; BIRTH_DATE_MISMATCH when it disagrees with the ID', () => {
    for (const dateOfBirth of ['2006-02-30', 'yesterday', '01/01/2006', '2006-01', '2006/01-01']) {
      assert.deepEqual(reasonsOf(oneRow({ dateOfBirth })), [['BIRTH_DATE_INVALID']], dateOfBirth);
    }
    assert.deepEqual(reasonsOf(oneRow({ dateOfBirth: '2006-01-02' })), [['BIRTH_DATE_MISMATCH']]);
  });

  test('gender and birth date are not compared with an ID number that is itself invalid', () => {
    assert.deepEqual(reasonsOf(oneRow({ idNumber: '123', gender: '男', dateOfBirth: '1990-01-01' })), [
      ['ID_NUMBER_INVALID'],
    ]);
  });

  test('ALREADY_REGISTERED: the phone holds a live registration for this exam', () => {
    const context = { ...OPEN_EXAM, registeredPhones: new Set(['+8613900000000']) };
    assert.deepEqual(reasonsOf(oneRow({ phone: '139 0000 0000' }), context), [['ALREADY_REGISTERED']]);
  });

  test('IDENTITY_MISMATCH: the phone’s account holds a different ID number; the same or none is fine', () => {
    const [member] = memberRows(1);
    const savedFor = (idNumber: string) => ({
      ...OPEN_EXAM,
      accountIdNumbers: new Map([['+8613900000000', idNumber]]),
    });
    assert.deepEqual(reasonsOf(oneRow(), savedFor('11010519491231002X')), [['IDENTITY_MISMATCH']]);
    assert.deepEqual(reasonsOf(oneRow(), savedFor(member?.[2] ?? '')), []);
    assert.deepEqual(reasonsOf(oneRow(), savedFor('')), []);
  });

  test('a row collects every reason that applies', () => {
    assert.deepEqual(reasonsOf(oneRow({ name: '', phone: 'none', gender: '?', dateOfBirth: '2006-01-02' })), [
      ['NAME_REQUIRED', 'PHONE_INVALID', 'GENDER_INVALID', 'BIRTH_DATE_MISMATCH'],
    ]);
  });

  test('a refused row carries every value as typed, so each reason can show the one it refuses', () => {
    const typed = {
      name: '王 五',
      phone: '138-0013',
      idNumber: '1101052006',
      gender: '未知',
      dateOfBirth: '2006-13-01',
    };
    const { rejected } = validateGroupRows(oneRow(typed), OPEN_EXAM);
    assert.deepEqual(rejected, [
      {
        row: 2,
        ...typed,
        reasons: ['PHONE_INVALID', 'ID_NUMBER_INVALID', 'GENDER_INVALID', 'BIRTH_DATE_INVALID'],
        duplicateOfRow: null,
      },
    ]);
  });
});

describe('validateGroupRows: duplicates inside the file', () => {
  test('the later row with the same phone (however written) is refused and names the earlier row', () => {
    const rows = rawRowsOf(memberRows(3));
    rows[2] = { ...(rows[2] as RawGroupRow), phone: '+86 139 0000 0000' };
    const { accepted, rejected } = validateGroupRows(rows, OPEN_EXAM);
    assert.deepEqual(
      accepted.map((member) => member.row),
      [2, 3],
    );
    assert.deepEqual(rejected, [
      { ...rows[2], phone: '+86 139 0000 0000', reasons: ['DUPLICATE_PHONE'], duplicateOfRow: 2 },
    ]);
  });

  test('the later row with the same ID number (x or X) is refused and names the earlier row', () => {
    const [first, second] = memberRows(2);
    const idNumber = '11010519491231002X';
    const rows = rawRowsOf([
      [first?.[0] ?? '', first?.[1] ?? '', idNumber],
      [second?.[0] ?? '', second?.[1] ?? '', idNumber.toLowerCase()],
    ]);
    const { accepted, rejected } = validateGroupRows(rows, OPEN_EXAM);
    assert.deepEqual(
      accepted.map((member) => member.row),
      [2],
    );
    assert.deepEqual(
      rejected.map((row) => [row.row, row.reasons, row.duplicateOfRow]),
      [[3, ['DUPLICATE_ID_NUMBER'], 2]],
    );
  });

  test('an earlier row counts even when it was refused itself, so two copies never both pass', () => {
    const [member] = memberRows(1);
    const rows = rawRowsOf([
      ['', member?.[1] ?? '', member?.[2] ?? ''],
      [member?.[0] ?? '', member?.[1] ?? '', member?.[2] ?? ''],
    ]);
    const { accepted, rejected } = validateGroupRows(rows, OPEN_EXAM);
    assert.deepEqual(accepted, []);
    assert.deepEqual(
      rejected.map((row) => [row.row, row.reasons, row.duplicateOfRow]),
      [
        [2, ['NAME_REQUIRED'], null],
        [3, ['DUPLICATE_PHONE', 'DUPLICATE_ID_NUMBER'], 2],
      ],
    );
  });

  test('row numbers come from the file, gaps included', () => {
    const [member] = memberRows(1);
    const rows = [...rawRowsOf([member ?? []], 3), ...rawRowsOf([member ?? []], 9)];
    assert.deepEqual(
      validateGroupRows(rows, OPEN_EXAM).rejected.map((row) => [row.row, row.duplicateOfRow]),
      [[9, 3]],
    );
  });
});

describe('validateGroupRows: seats', () => {
  test('valid rows beyond the seats left are refused in row order; invalid rows keep their own reasons', () => {
    const rows = rawRowsOf(memberRows(5));
    rows[1] = { ...(rows[1] as RawGroupRow), phone: '' };
    const { accepted, rejected } = validateGroupRows(rows, { ...OPEN_EXAM, seatsLeft: 2 });
    assert.deepEqual(
      accepted.map((member) => member.row),
      [2, 4],
    );
    assert.deepEqual(
      rejected.map((row) => [row.row, row.reasons]),
      [
        [3, ['PHONE_INVALID']],
        [5, ['NO_SEATS_LEFT']],
        [6, ['NO_SEATS_LEFT']],
      ],
    );
  });

  test('no seats left refuses every valid row', () => {
    const { accepted, rejected } = validateGroupRows(rawRowsOf(memberRows(2)), { ...OPEN_EXAM, seatsLeft: 0 });
    assert.deepEqual(accepted, []);
    assert.deepEqual(
      rejected.map((row) => row.reasons),
      [['NO_SEATS_LEFT'], ['NO_SEATS_LEFT']],
    );
  });
});

describe('phonesOf', () => {
  test('the distinct phones that parse, as E.164', () => {
    const rows = rawRowsOf([
      ['a', '13900000000'],
      ['b', '+86 139-0000-0000'],
      ['c', 'not a phone'],
      ['d', '0086 13800138000'],
    ]);
    assert.deepEqual(phonesOf(rows), ['+8613900000000', '+8613800138000']);
  });
});
