import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DOCUMENT_LOCALES, DOCUMENT_TEXTS, documentText } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('document texts', () => {
  test('both languages have the same keys, each text filled in', () => {
    const [first, ...others] = DOCUMENT_LOCALES.map((locale) => Object.keys(DOCUMENT_TEXTS[locale]).sort());
    for (const keys of others) assert.deepEqual(keys, first);
    for (const locale of DOCUMENT_LOCALES) {
      for (const [key, text] of Object.entries(DOCUMENT_TEXTS[locale])) assert.ok(text.trim(), `${locale} ${key}`);
    }
  });

  test('a text takes the same values in both languages', () => {
    const zh = DOCUMENT_TEXTS['zh-CN'];
    for (const [key, en] of Object.entries(DOCUMENT_TEXTS['en-US'])) {
      assert.deepEqual(placeholders(zh[key as keyof typeof zh]), placeholders(en), key);
    }
  });

  test('values are filled in; an unknown placeholder stays visible rather than vanishing', () => {
    assert.equal(documentText('en-US', 'ticket.rule.arrival', { time: '08:30' }).startsWith('Arrive by 08:30.'), true);
    assert.equal(documentText('zh-CN', 'ticket.footer.registration', { id: 'R-1' }), '报名编号 R-1');
    assert.equal(documentText('zh-CN', 'ticket.footer.registration'), '报名编号 {id}');
  });
});
