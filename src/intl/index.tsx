import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import {
  createContext,
  createElement,
  Fragment,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import enUS from '@/locales/en-US';
import zhCN from '@/locales/zh-CN';
import { pickLocale } from '@/utils/locale';
import { formatParts, MessageSyntaxError, type MessageValues, parseMessage } from './format';

/**
 * The app's texts in the UI language: `useIntl().formatMessage({ id }, values)` in components, `getIntl()` outside
 * them, `setLocale` from the language menu. It replaces Umi's locale plugin, whose react-intl 3 and its message
 * parser weighed 13 KB gzipped of every first load and set up ICU (Intl) before the first screen, about 200 ms of a
 * phone's main thread; the catalogue's MessageFormat is the small part in ./format.ts.
 */

/** Where the language choice is kept: the key Umi's locale plugin used, so a choice made before is kept. */
const STORAGE_KEY = 'umi_locale';

/** The app-wide texts of each language (a page adds its own with IntlProvider, see components/PageTexts). */
const CATALOGUES: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** dayjs's name of each language, for the pickers' month and weekday names. */
const DAYJS_LOCALES: Record<string, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

export interface MessageDescriptor {
  id: string;
  defaultMessage?: string;
}

type TextValue = string | number | boolean | null | undefined;

export interface IntlShape {
  locale: string;
  messages: Record<string, string>;
  /** The text of `id` with `values` in place: a string, or React nodes when a value or a tag's function makes any. */
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, TextValue>): string;
  formatMessage(descriptor: MessageDescriptor, values?: MessageValues): ReactNode;
}

const parsed = new Map<string, ReturnType<typeof parseMessage> | null>();

/** The parsed message, once per text; null when it is not MessageFormat (then it shows as written). */
function parsedMessage(source: string) {
  let nodes = parsed.get(source);
  if (nodes === undefined) {
    try {
      nodes = parseMessage(source);
    } catch (error) {
      if (!(error instanceof MessageSyntaxError)) throw error;
      nodes = null;
    }
    parsed.set(source, nodes);
  }
  return nodes;
}

export function createIntl(locale: string, messages: Record<string, string>): IntlShape {
  function formatMessage(descriptor: MessageDescriptor, values: MessageValues = {}): ReactNode {
    const source = messages[descriptor.id] ?? descriptor.defaultMessage ?? descriptor.id;
    const nodes = parsedMessage(source);
    if (!nodes) return source;
    const parts = formatParts(nodes, values, locale);
    if (parts.every((part) => typeof part === 'string')) return parts.join('');
    return createElement(Fragment, null, ...(parts as ReactNode[]));
  }
  return { locale, messages, formatMessage: formatMessage as IntlShape['formatMessage'] };
}

/** The UI language: the stored choice, else the browser's if we translate it, else zh-CN (spec section 9). */
export function getLocale(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window, a sandbox): the browser's language decides.
  }
  return pickLocale(stored, navigator.language);
}

const appIntls = new Map<string, IntlShape>();

/** The app-wide texts in `locale` (the current language by default), for code outside components. */
export function getIntl(locale: string = getLocale()): IntlShape {
  const language = locale in CATALOGUES ? locale : pickLocale(null, locale);
  let intl = appIntls.get(language);
  if (!intl) {
    intl = createIntl(language, CATALOGUES[language] ?? {});
    appIntls.set(language, intl);
  }
  return intl;
}

const listeners = new Set<(locale: string) => void>();

function applyDayjsLocale(locale: string) {
  dayjs.locale(DAYJS_LOCALES[locale] ?? 'en');
}

/** Switches the UI language at once, without a reload, and keeps the choice for the next visit. */
export function setLocale(locale: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not kept for the next visit; this visit still switches.
  }
  applyDayjsLocale(locale);
  for (const listener of listeners) listener(locale);
}

const IntlContext = createContext<IntlShape | null>(null);

/** Gives the app the texts of the current language and re-renders it in the new one when the language changes. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const [locale, setCurrent] = useState(() => {
    const initial = getLocale();
    applyDayjsLocale(initial);
    return initial;
  });
  useEffect(() => {
    listeners.add(setCurrent);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return createElement(IntlContext.Provider, { value: getIntl(locale) }, children);
}

/** Texts of `messages` in `locale` for what is inside (a page's own texts on top of the app's). */
export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Record<string, string>;
  children: ReactNode;
}) {
  const intl = useMemo(() => createIntl(locale, messages), [locale, messages]);
  return createElement(IntlContext.Provider, { value: intl }, children);
}

/** The texts of the nearest provider; outside any, the app-wide texts of the current language. */
export function useIntl(): IntlShape {
  return useContext(IntlContext) ?? getIntl();
}

/** A text as an element, for rich text whose tags become links or emphasis (`values` maps a tag to a function). */
export function FormattedMessage({ id, values }: { id: string; values?: MessageValues }) {
  return createElement(Fragment, null, useIntl().formatMessage({ id }, values));
}
