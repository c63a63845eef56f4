import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatFen, formatInZone, pickText } from '../../contract/format';

/** The formatting the pages and the server's documents share (contract/format.ts). */
describe('formatting at the edge', () => {
  test('formats fen as CNY', () => {
    assert.equal(formatFen(12345, 'en-US'), 'CN¥123.45');
    assert.equal(formatFen(50000, 'zh-CN'), '¥500.00');
  });

  test("shows an instant in the exam's zone, whatever the browser's", () => {
    assert.equal(formatInZone('2026-06-01T01:30:00Z', 'Asia/Shanghai'), '2026-06-01 09:30');
    assert.equal(formatInZone('2026-06-01T01:30:00Z', ''), '2026-06-01 09:30');
  });

  test('picks the text of the language', () => {
    assert.equal(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'zh-CN'), '汉语水平考试');
    assert.equal(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'en-US'), 'HSK');
  });
});
