/** Spec section 5: two lowercase letters, optionally a dash and two uppercase letters. */
export const LOCALE_ID = /^[a-z]{2}(-[A-Z]{2})?$/;

export const DEFAULT_LOCALE = 'zh-CN';

/** The locales that have translations in src/locales, with the flag and native label the language menu shows. */
export const SUPPORTED_LOCALES = [
  { lang: 'zh-CN', label: '简体中文', icon: '🇨🇳', title: '语言' },
  { lang: 'en-US', label: 'English', icon: '🇺🇸', title: 'Language' },
] as const;

const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

export function isLocaleId(value: string | null | undefined): value is string {
  return typeof value === 'string' && LOCALE_ID.test(value);
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(locale.split('-')[0]) ? 'rtl' : 'ltr';
}

function supported(locale: string): string | undefined {
  const exact = SUPPORTED_LOCALES.find((item) => item.lang === locale);
  if (exact) return exact.lang;
  // A browser saying just "en" or "zh-TW" still gets the closest translation of that language.
  const language = locale.split('-')[0];
  return SUPPORTED_LOCALES.find((item) => item.lang.startsWith(`${language}-`))?.lang;
}

/** Spec section 9: the stored language, else the browser's (if we have it), else zh-CN. */
export function pickLocale(stored: string | null, browser: string | undefined): string {
  const fromStorage = isLocaleId(stored) ? supported(stored) : undefined;
  if (fromStorage) return fromStorage;
  const fromBrowser = browser && isLocaleId(browser) ? supported(browser) : undefined;
  return fromBrowser ?? DEFAULT_LOCALE;
}

/** Keeps <html lang dir> and the tab title in step with the chosen language (screen readers and RTL need both). */
export function applyDocumentLocale(locale: string, title: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  document.title = title;
}
