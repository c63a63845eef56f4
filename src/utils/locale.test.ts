import { isLocaleId, pickLocale } from '../../contract/locale';
import { directionOf } from './locale';

describe('locale ids (spec section 5)', () => {
  it.each(['en', 'zh', 'en-US', 'zh-CN', 'he-IL'])('accepts %s', (id) => expect(isLocaleId(id)).toBe(true));
  it.each(['EN', 'en-us', 'eng', 'en_US', 'zh-Hans-CN', 'en-USA', '', 'en-'])('refuses %s', (id) =>
    expect(isLocaleId(id)).toBe(false),
  );
});

describe('directionOf', () => {
  it.each(['he', 'he-IL', 'ar-EG', 'fa-IR', 'ku-IQ'])('%s reads right to left', (id) =>
    expect(directionOf(id)).toBe('rtl'),
  );
  it.each(['en-US', 'zh-CN', 'fr-FR', 'hu-HU'])('%s reads left to right', (id) => expect(directionOf(id)).toBe('ltr'));
});

describe('pickLocale (spec section 9)', () => {
  it('prefers the stored language', () => expect(pickLocale('en-US', 'zh-CN')).toBe('en-US'));
  it('ignores a stored value that is not a locale id', () => expect(pickLocale('<script>', 'en-US')).toBe('en-US'));
  it('takes the browser language when we translate it', () => expect(pickLocale(null, 'en-GB')).toBe('en-US'));
  it('falls back to zh-CN for a browser language we do not have', () =>
    expect(pickLocale(null, 'fr-FR')).toBe('zh-CN'));
  it('falls back to zh-CN with nothing known', () => expect(pickLocale(null, undefined)).toBe('zh-CN'));
});
