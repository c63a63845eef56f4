import { chinaMobileToE164 } from '../../contract/phone';
import { formatFen, formatInZone, maskPhone, pickText } from './format';
import { serializeParams } from './params';
import { isMainlandMobile } from './phone';

describe('isMainlandMobile', () => {
  const accepted = ['13800138000', '+86 138 0013 8000', '86-199-1234-5678', '0086 138.0013.8000', '(138) 0013 8000'];
  const refused = ['', '12800138000', '1380013800', '+1 415 555 0100', 'abc', '+86 138 0013 80001'];
  it.each(accepted)('accepts %s', (phone) => expect(isMainlandMobile(phone)).toBe(true));
  it.each(refused)('refuses %p', (phone) => expect(isMainlandMobile(phone)).toBe(false));
  it.each([...accepted, ...refused])('agrees with the server and mock rule on %p', (phone) =>
    expect(isMainlandMobile(phone)).toBe(chinaMobileToE164(phone) !== undefined),
  );
});

describe('formatting at the edge', () => {
  it('formats fen as CNY', () => {
    expect(formatFen(12345, 'en-US')).toBe('CN¥123.45');
    expect(formatFen(50000, 'zh-CN')).toBe('¥500.00');
  });

  it("shows an instant in the exam's zone, whatever the browser's", () => {
    expect(formatInZone('2026-06-01T01:30:00Z', 'Asia/Shanghai')).toBe('2026-06-01 09:30');
    expect(formatInZone('2026-06-01T01:30:00Z', '')).toBe('2026-06-01 09:30');
  });

  it('picks the text of the language', () => {
    expect(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'zh-CN')).toBe('汉语水平考试');
    expect(pickText({ zh: '汉语水平考试', en: 'HSK' }, 'en-US')).toBe('HSK');
  });

  it('masks the middle of a phone number', () => expect(maskPhone('+8613800138000')).toBe('138****8000'));
});

describe('serializeParams', () => {
  it('repeats keys for arrays and leaves out empty values', () => {
    expect(serializeParams({ q: 'a b', city: ['3301', '3302'], from: undefined, to: null, current: 1 })).toBe(
      'q=a+b&city=3301&city=3302&current=1',
    );
  });
});
