import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CERTIFICATE_ALPHABET, normalizeCertificateNumber } from '../../contract';
import { examYear, maskName, newCertificateNumber } from './certificates';

describe('certificate numbers', () => {
  test('EA-<year>-<eight characters of the alphabet>-<check character>, accepted as typed', () => {
    const number = newCertificateNumber(2026);
    const match = /^EA-2026-([0-9A-Z]{8})-([0-9A-Z])$/.exec(number);
    assert.ok(match, number);
    for (const character of match[1] ?? '') assert.ok(CERTIFICATE_ALPHABET.includes(character), character);
    assert.equal(normalizeCertificateNumber(number), number);
    assert.equal(normalizeCertificateNumber(number.toLowerCase().replaceAll('-', ' ')), number);
  });

  test('10,000 numbers are all different and spread over the whole alphabet', () => {
    const numbers = Array.from({ length: 10_000 }, () => newCertificateNumber(2026));
    assert.equal(new Set(numbers).size, numbers.length);
    const used = new Set(numbers.flatMap((n) => [...n.slice(8, 16)]));
    assert.equal(used.size, CERTIFICATE_ALPHABET.length);
  });

  test('the year is the calendar year where the exam is held', () => {
    const newYearsEveEvening = new Date('2026-12-31T17:00:00Z');
    assert.equal(examYear(newYearsEveEvening, 'Asia/Shanghai'), 2027);
    assert.equal(examYear(newYearsEveEvening, 'UTC'), 2026);
  });
});

describe('masked names', () => {
  test('Chinese names keep their first and last character', () => {
    assert.equal(maskName('张三丰'), '张*丰');
    assert.equal(maskName('欧阳娜娜'), '欧**娜');
    assert.equal(maskName('张三'), '张*');
  });

  test('names in several words keep each initial', () => {
    assert.equal(maskName('Lin Hao'), 'L** H**');
    assert.equal(maskName('  Mary Ann Smith '), 'M*** A** S****');
    assert.equal(maskName('阿依古丽·买买提'), '阿***·买**');
  });

  test('one Latin word keeps its first and last letter', () => {
    assert.equal(maskName('Madonna'), 'M*****a');
  });
});
