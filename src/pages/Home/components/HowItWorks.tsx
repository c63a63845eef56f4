import { FileDoneOutlined, IdcardOutlined, QrcodeOutlined, ScanOutlined, TrophyOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Card, Steps } from 'antd';

const STEPS = [
  { id: 'register', icon: <FileDoneOutlined /> },
  { id: 'pay', icon: <QrcodeOutlined /> },
  { id: 'ticket', icon: <IdcardOutlined /> },
  { id: 'checkin', icon: <ScanOutlined /> },
  { id: 'result', icon: <TrophyOutlined /> },
];

/** The five steps from booking to certificate. */
export default function HowItWorks() {
  const intl = useIntl();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{intl.formatMessage({ id: 'pages.home.steps.title' })}</h2>}>
      <Steps
        responsive
        items={STEPS.map((step) => ({
          status: 'process',
          icon: step.icon,
          title: intl.formatMessage({ id: `pages.home.steps.${step.id}` }),
          description: intl.formatMessage({ id: `pages.home.steps.${step.id}.description` }),
        }))}
      />
    </Card>
  );
}
