import { chinaMobileToE164 } from '../../contract/phone';
import { maskPhone } from './format';
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

describe('masking', () => {
  it('masks the middle of a phone number', () => expect(maskPhone('+8613800138000')).toBe('138****8000'));
});

describe('serializeParams', () => {
  it('repeats keys for arrays and leaves out empty values', () => {
    expect(serializeParams({ q: 'a b', city: ['3301', '3302'], from: undefined, to: null, current: 1 })).toBe(
      'q=a+b&city=3301&city=3302&current=1',
    );
  });
});
