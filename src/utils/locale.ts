import { LOCALE_COOKIE } from '../../contract/locale';

export { DEFAULT_LOCALE, pickLocale } from '../../contract/locale';

/** The locales that have translations in src/locales, with the flag and native label the language menu shows. */
export const SUPPORTED_LOCALES = [
  { lang: 'zh-CN', label: '简体中文', icon: '🇨🇳', title: '语言' },
  { lang: 'en-US', label: 'English', icon: '🇺🇸', title: 'Language' },
] as const;

const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(locale.split('-')[0]) ? 'rtl' : 'ltr';
}

/**
 * Keeps <html lang dir> and the tab title in step with the chosen language (screen readers and RTL need both), and
 * the locale cookie, so the server paints the next visit's first screen in it (server/http/static.ts).
 */
export function applyDocumentLocale(locale: string, title: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari before 18.4 (targets: 15).
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  document.title = title;
}
