/**
 * The UI's languages and how the app picks one (spec section 9). Shared by the app, which picks, and the server,
 * which writes the first paint's language into the page's document before the app has run (server/http/static.ts).
 */

/** Spec section 5: two lowercase letters, optionally a dash and two uppercase letters. */
const LOCALE_ID = /^[a-z]{2}(-[A-Z]{2})?$/;

/** The languages with translations in src/locales. */
export const LOCALES = ['zh-CN', 'en-US'] as const;

export const DEFAULT_LOCALE = 'zh-CN';

/** The cookie in which the app keeps the language it shows, for the server's next first paint. */
export const LOCALE_COOKIE = 'locale';

export function isLocaleId(value: string | null | undefined): value is string {
  return typeof value === 'string' && LOCALE_ID.test(value);
}

function supported(locale: string): string | undefined {
  const exact = LOCALES.find((lang) => lang === locale);
  if (exact) return exact;
  // A browser saying just "en" or "zh-TW" still gets the closest translation of that language.
  const language = locale.split('-')[0];
  return LOCALES.find((lang) => lang.startsWith(`${language}-`));
}

/** Spec section 9: the stored language, else the browser's (if we have it), else zh-CN. */
export function pickLocale(stored: string | null, browser: string | undefined): string {
  const fromStorage = isLocaleId(stored) ? supported(stored) : undefined;
  if (fromStorage) return fromStorage;
  const fromBrowser = browser && isLocaleId(browser) ? supported(browser) : undefined;
  return fromBrowser ?? DEFAULT_LOCALE;
}
