import { type ComponentType, useMemo } from 'react';
import { IntlProvider, useIntl } from '@/intl';
import { DEFAULT_LOCALE } from '@/utils/locale';

/** One domain's texts in both languages, e.g. `{ 'en-US': enCheckout, 'zh-CN': zhCheckout }`. */
export type PageTexts = Record<'en-US' | 'zh-CN', Record<string, string>>;

/**
 * Gives a page its own texts on top of the app-wide ones. The app-wide messages are in the first script every
 * page downloads; texts only one page shows travel in that page's chunk instead (the login page's first load stays
 * small as pages are added).
 */
export function withPageTexts<P extends object>(Page: ComponentType<P>, ...domains: PageTexts[]): ComponentType<P> {
  function WithPageTexts(props: P) {
    const { locale, messages } = useIntl();
    const merged = useMemo(() => {
      const language = (locale in (domains[0] ?? {}) ? locale : DEFAULT_LOCALE) as keyof PageTexts;
      return Object.assign({}, messages, ...domains.map((domain) => domain[language]));
    }, [locale, messages]);
    return (
      <IntlProvider locale={locale} messages={merged}>
        <Page {...props} />
      </IntlProvider>
    );
  }
  WithPageTexts.displayName = `WithPageTexts(${Page.displayName ?? Page.name})`;
  return WithPageTexts;
}
