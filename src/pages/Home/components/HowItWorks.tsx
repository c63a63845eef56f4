import { FileDoneOutlined, IdcardOutlined, QrcodeOutlined, ScanOutlined, TrophyOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Card, theme } from 'antd';

const STEPS = [
  { id: 'register', icon: <FileDoneOutlined aria-hidden="true" /> },
  { id: 'pay', icon: <QrcodeOutlined aria-hidden="true" /> },
  { id: 'ticket', icon: <IdcardOutlined aria-hidden="true" /> },
  { id: 'checkin', icon: <ScanOutlined aria-hidden="true" /> },
  { id: 'result', icon: <TrophyOutlined aria-hidden="true" /> },
];

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
        {STEPS.map((step, index) => (
          <li key={step.id} style={{ display: 'flex', gap: 12 }}>
            <span aria-hidden="true" style={{ fontSize: 28, color: token.colorPrimary, lineHeight: 1 }}>
              {step.icon}
            </span>
            <div>
              <h3 style={{ fontSize: 16, margin: 0 }}>
                {index + 1}. {intl.formatMessage({ id: `pages.home.steps.${step.id}` })}
              </h3>
              <p style={{ margin: '4px 0 0', color: token.colorTextSecondary }}>
                {intl.formatMessage({ id: `pages.home.steps.${step.id}.description` })}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
