import { AxiosError } from 'axios';
import { BizError } from '@/utils/bizError';
import { type FieldErrorMap, failureText, fieldErrorsOf } from '@/utils/failure';
import type { ErrorEnvelope } from '../../contract/envelope';

const refusal = (errorCode: string, paths: string[] = []): ErrorEnvelope => ({
  success: false,
  errorCode: errorCode as ErrorEnvelope['errorCode'],
  errorMessage: `server says ${errorCode}`,
  showType: 2,
  details: paths.map((path) => ({ path, message: 'bad' })),
});

describe('the words of a failed call', () => {
  beforeEach(() => localStorage.setItem('umi_locale', 'en-US'));

  it("says an error code's text in the current language, else the server's words", () => {
    expect(failureText(new BizError(refusal('SOLD_OUT')))).toBe('Sorry, no seats are left for this exam.');
    localStorage.setItem('umi_locale', 'zh-CN');
    expect(failureText(new BizError(refusal('TEST_CENTERS_ONLY')))).toBe('只有考点可以进行此操作。');
    expect(failureText(new BizError(refusal('SEAT_MAP_CHANGED')))).toBe('server says SEAT_MAP_CHANGED');
  });

  it("says the caller's words for a failure without a code, else what failed", () => {
    const lost = new AxiosError('Network Error', 'ERR_NETWORK');
    expect(failureText(lost, 'The payment may have gone through.')).toBe('The payment may have gone through.');
    expect(failureText(lost)).toBe('Your network is abnormal and cannot connect to the server');
    expect(failureText(new Error('bug'))).toBe('Request error, please retry.');
  });

  it('reads a call that got no HTTP status (XHR reports 0) as the network down', () => {
    const aborted = new AxiosError('Network Error', 'ERR_NETWORK', { headers: {} } as never, {}, {
      status: 0,
      data: '',
    } as never);
    expect(failureText(aborted)).toBe('Your network is abnormal and cannot connect to the server');
  });
});

describe('the field errors of a refused save', () => {
  const map: FieldErrorMap<'nameZh' | 'phone'> = {
    paths: { 'name.zh': 'nameZh', phone: 'phone' },
    invalid: { nameZh: 'pages.name.required' },
    codes: { PHONE_INVALID: 'phone', NOT_FOUND: ['phone', 'pages.phone.unknown'] },
  };

  it('puts a code on its field, with the code text unless the map names another', () => {
    expect(fieldErrorsOf(refusal('PHONE_INVALID'), map)).toEqual([
      { field: 'phone', messageId: 'errors.PHONE_INVALID' },
    ]);
    expect(fieldErrorsOf(refusal('NOT_FOUND'), map)).toEqual([{ field: 'phone', messageId: 'pages.phone.unknown' }]);
  });

  it('puts each path of a validation refusal on its field once, by the whole path or its first segment', () => {
    expect(fieldErrorsOf(refusal('VALIDATION_FAILED', ['name.zh', 'phone.number', 'phone', 'toString']), map)).toEqual([
      { field: 'nameZh', messageId: 'pages.name.required' },
      { field: 'phone', messageId: 'errors.VALIDATION_FAILED' },
    ]);
  });

  it('leaves what concerns no field to the caller', () => {
    expect(fieldErrorsOf(refusal('SOLD_OUT'), map)).toEqual([]);
    expect(fieldErrorsOf(refusal('VALIDATION_FAILED', ['unknown']), map)).toEqual([]);
  });
});
