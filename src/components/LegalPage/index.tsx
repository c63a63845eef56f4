import { useIntl } from '@umijs/max';
import { Card, Typography } from 'antd';
import { CHANGE_LOCK_HOURS, DEFAULT_ARRIVAL_LEAD_MINUTES } from '@/constants';

interface LegalPageProps {
  /** The locale key prefix, e.g. `pages.legal.terms`. */
  prefix: string;
  /** Section ids in reading order; each has `<prefix>.<id>.title` and `.body`. */
  sections: string[];
}

/** A legal text: title, introduction and numbered sections, all from the locale files. */
export default function LegalPage({ prefix, sections }: LegalPageProps) {
  const intl = useIntl();
  const values = { minutes: DEFAULT_ARRIVAL_LEAD_MINUTES, hours: CHANGE_LOCK_HOURS };
  const text = (id: string) => intl.formatMessage({ id: `${prefix}.${id}` }, values);
  return (
    <Card>
      <Typography>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          {text('title')}
        </Typography.Title>
        <Typography.Paragraph>{text('intro')}</Typography.Paragraph>
        {sections.map((section, index) => (
          <section key={section}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {index + 1}. {text(`${section}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{text(`${section}.body`)}</Typography.Paragraph>
          </section>
        ))}
      </Typography>
    </Card>
  );
}
