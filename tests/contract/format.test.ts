import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cityAndProvince, formatFen, formatInZone, pickText, regionName, zoneLabel } from '../../contract/format';

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

  test('follows daylight saving, midnight and the date line in the exam zone', () => {
    assert.equal(
      formatInZone('2026-01-15T17:05:09Z', 'America/New_York', 'YYYY-MM-DD HH:mm:ss'),
      '2026-01-15 12:05:09',
    );
    assert.equal(
      formatInZone('2026-07-15T17:05:09Z', 'America/New_York', 'YYYY-MM-DD HH:mm:ss'),
      '2026-07-15 13:05:09',
    );
    assert.equal(formatInZone('2026-03-31T16:00:00Z', 'Asia/Shanghai'), '2026-04-01 00:00');
    assert.equal(formatInZone('2026-12-31T11:00:00Z', 'Pacific/Kiritimati', 'YYYY-MM-DD'), '2027-01-01');
    assert.equal(formatInZone('2026-06-01T01:30:00Z', 'Europe/London', 'HH:mm'), '02:30');
  });

  test("names the zone in the reader's language, the same for every call", () => {
    assert.equal(zoneLabel('2026-06-01T01:30:00Z', 'Asia/Shanghai', 'en-US'), 'GMT+8');
    assert.equal(zoneLabel('2026-01-15T17:00:00Z', 'America/New_York', 'en-US'), 'EST');
    assert.equal(zoneLabel('2026-07-15T17:00:00Z', 'America/New_York', 'en-US'), 'EDT');
    assert.equal(
      zoneLabel('2026-06-01T01:30:00Z', undefined, 'zh-CN'),
      zoneLabel('2026-06-01T01:30:00Z', 'Asia/Shanghai', 'zh-CN'),
    );
  });

  test('an instant that is not one reads Invalid Date rather than a time', () => {
    assert.equal(formatInZone('not a time', 'Asia/Shanghai'), 'Invalid Date');
  });

  test('picks the text of the language', () => {
    assert.equal(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'zh-CN'), '汉语水平考试');
    assert.equal(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'en-US'), 'HSK');
  });
});

describe('place names', () => {
  const guangdong = { name: '广东省', nameEn: 'Guangdong' };
  const guangzhou = { name: '广州市', nameEn: 'Guangzhou' };
  const beijing = { name: '北京市', nameEn: 'Beijing' };

  test('a city and its province read in the language of the UI', () => {
    assert.equal(cityAndProvince(guangzhou, guangdong, 'en-US'), 'Guangzhou, Guangdong');
    assert.equal(cityAndProvince(guangzhou, guangdong, 'zh-CN'), '广州市, 广东省');
  });

  test('a municipality is named once', () => {
    assert.equal(cityAndProvince(beijing, beijing, 'en-US'), 'Beijing');
    assert.equal(cityAndProvince(beijing, beijing, 'zh-CN'), '北京市');
  });

  test('a city not yet named in English keeps its Chinese name', () => {
    assert.equal(regionName({ name: '三沙市', nameEn: '' }, 'en-US'), '三沙市');
  });
});
