import { FileDoneOutlined, IdcardOutlined, QrcodeOutlined, ScanOutlined, TrophyOutlined } from '@ant-design/icons';
import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';
import { HOME_STEPS } from '../steps';

const ICONS: Record<(typeof HOME_STEPS)[number], ReactNode> = {
  register: <FileDoneOutlined aria-hidden="true" />,
  pay: <QrcodeOutlined aria-hidden="true" />,
  ticket: <IdcardOutlined aria-hidden="true" />,
  checkin: <ScanOutlined aria-hidden="true" />,
  result: <TrophyOutlined aria-hidden="true" />,
};

/** The five steps from booking to certificate, as an ordered list (antd Steps would add 12 KB to the first load). */
export default function HowItWorks() {
  const intl = useIntl();
  const { token } = theme.useToken();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{intl.formatMessage({ id: 'pages.home.steps.title' })}</h2>}>
      <ol
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
          gap: 24,
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {HOME_STEPS.map((id, index) => (
          <li key={id} style={{ display: 'flex', gap: 12 }}>
            <span aria-hidden="true" style={{ fontSize: 28, color: token.colorPrimary, lineHeight: 1 }}>
              {ICONS[id]}
            </span>
            <div>
              <h3 style={{ fontSize: 16, margin: 0 }}>
                {index + 1}. {intl.formatMessage({ id: `pages.home.steps.${id}` })}
              </h3>
              <p style={{ margin: '4px 0 0', color: token.colorTextSecondary }}>
                {intl.formatMessage({ id: `pages.home.steps.${id}.description` })}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
