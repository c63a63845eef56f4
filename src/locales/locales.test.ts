import { ERROR_CODES } from '../../contract/errors';
import enUSApp from './en-US';
import enLegal from './en-US/legal';
import zhCNApp from './zh-CN';
import zhLegal from './zh-CN/legal';

// The legal texts are loaded by their pages rather than with the app's messages; the rules hold for them all the same.
const enUS = { ...enUSApp, ...enLegal };
const zhCN = { ...zhCNApp, ...zhLegal };

describe('locale files', () => {
  it('have exactly the same keys in en-US and zh-CN', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('keep the legal texts apart from the messages every page loads', () => {
    expect(Object.keys(enUSApp).filter((key) => key.startsWith('pages.legal.'))).toEqual([]);
    expect(Object.keys(enLegal).length).toBeGreaterThan(0);
  });

  it('translate every error code of the contract in both languages', () => {
    for (const messages of [enUS, zhCN] as Record<string, string>[]) {
      const missing = ERROR_CODES.filter((code) => !messages[`errors.${code}`]);
      expect(missing).toEqual([]);
    }
  });

  it('have no empty text', () => {
    for (const messages of [enUS, zhCN] as Record<string, string>[]) {
      expect(Object.entries(messages).filter(([, text]) => !text.trim())).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+/g) ?? []).sort();
    const zh = zhCN as Record<string, string>;
    for (const [key, text] of Object.entries(enUS as Record<string, string>)) {
      expect([key, placeholders(zh[key])]).toEqual([key, placeholders(text)]);
    }
  });
});
