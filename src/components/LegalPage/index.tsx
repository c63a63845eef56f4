import { Card } from 'antd';
import { CHANGE_LOCK_HOURS, DEFAULT_ARRIVAL_LEAD_MINUTES } from '@/constants';
import { IntlProvider, useIntl } from '@/intl';
import enUS from '@/locales/en-US/legal';
import zhCN from '@/locales/zh-CN/legal';

/** Kept out of the app-wide messages, which every page downloads, since only the legal pages show them. */
const LEGAL_TEXTS: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

interface LegalPageProps {
  /** The locale key prefix, e.g. `pages.legal.terms`. */
  prefix: string;
  /** Section ids in reading order; each has `<prefix>.<id>.title` and `.body`. */
  sections: string[];
}

function LegalText({ prefix, sections }: LegalPageProps) {
  const intl = useIntl();
  const values = { minutes: DEFAULT_ARRIVAL_LEAD_MINUTES, hours: CHANGE_LOCK_HOURS };
  const text = (id: string) => intl.formatMessage({ id: `${prefix}.${id}` }, values);
  return (
    <Card>
      <article style={{ maxWidth: 820, lineHeight: 1.75 }}>
        <h1 style={{ fontSize: 28 }}>{text('title')}</h1>
        <p>{text('intro')}</p>
        {sections.map((section, index) => (
          <section key={section}>
            <h2 style={{ fontSize: 18, marginTop: 24 }}>
              {index + 1}. {text(`${section}.title`)}
            </h2>
            <p>{text(`${section}.body`)}</p>
          </section>
        ))}
      </article>
    </Card>
  );
}

/** A legal text: title, introduction and numbered sections, in the current language. */
export default function LegalPage(props: LegalPageProps) {
  const { locale } = useIntl();
  return (
    <IntlProvider locale={locale} messages={LEGAL_TEXTS[locale] ?? zhCN}>
      <LegalText {...props} />
    </IntlProvider>
  );
}
