import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CERTIFICATE_ALPHABET,
  certificateCheckCharacter,
  creditCodeCheckCharacter,
  isValidCreditCode,
  normalizeCertificateNumber,
} from '../../contract';

describe('unified social credit code (GB 32100)', () => {
  test('real published codes pass; any single changed character fails', () => {
    for (const code of ['91350100M000100Y43', '91110000802100433B', '911100001000128855']) {
      assert.equal(isValidCreditCode(code), true, code);
      assert.equal(isValidCreditCode(code.toLowerCase()), true, code);
      for (let i = 0; i < 17; i += 1) {
        const changed = `${code.slice(0, i)}${code[i] === '1' ? '2' : '1'}${code.slice(i + 1)}`;
        assert.equal(isValidCreditCode(changed), false, changed);
      }
    }
  });

  test('letters outside the alphabet (I, O, S, V, Z) and wrong lengths are refused', () => {
    assert.equal(creditCodeCheckCharacter('9135010OM00010OY4'), undefined);
    assert.equal(isValidCreditCode('91350100M000100Y4'), false);
    assert.equal(isValidCreditCode('91350100M000100Y433'), false);
    assert.equal(isValidCreditCode('91350100M00010SY43'), false);
  });
});

describe('certificate numbers', () => {
  const body = 'EA20267K3M9QXP';
  const number = `EA-2026-7K3M9QXP-${certificateCheckCharacter(body)}`;

  test('typed with spaces, lower case or no dashes, a number reads back as printed', () => {
    assert.equal(normalizeCertificateNumber(number), number);
    assert.equal(normalizeCertificateNumber(number.toLowerCase().replaceAll('-', ' ')), number);
    assert.equal(normalizeCertificateNumber(number.replaceAll('-', '')), number);
  });

  test('one mistyped character or two swapped neighbours are caught', () => {
    const compact = number.replaceAll('-', '');
    for (let i = 2; i < compact.length - 1; i += 1) {
      const other = CERTIFICATE_ALPHABET[(CERTIFICATE_ALPHABET.indexOf(compact[i] ?? '') + 1) % 32];
      const typo = `${compact.slice(0, i)}${other}${compact.slice(i + 1)}`;
      assert.equal(normalizeCertificateNumber(typo), undefined, typo);
      if (compact[i] !== compact[i + 1] && i + 1 < compact.length - 1) {
        const swapped = `${compact.slice(0, i)}${compact[i + 1]}${compact[i]}${compact.slice(i + 2)}`;
        assert.equal(normalizeCertificateNumber(swapped), undefined, swapped);
      }
    }
  });

  test('letters that read like digits (I, L, O, U) never appear in the random part', () => {
    assert.equal(
      normalizeCertificateNumber(`EA-2026-7K3M9QXO-${certificateCheckCharacter('EA20267K3M9QXO')}`),
      undefined,
    );
    assert.equal(/[ILOU]/.test(CERTIFICATE_ALPHABET), false);
  });
});
