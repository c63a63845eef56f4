import { history, useIntl } from '@umijs/max';
import { Button, Card, Typography } from 'antd';
import { isLoggedIn } from '@/utils/session';

/** What the service is, and the next step: log in, or go to My Exams when already logged in. */
export default function Hero({ loggedIn }: { loggedIn: boolean }) {
  const intl = useIntl();
  const known = loggedIn && isLoggedIn();
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {intl.formatMessage({ id: 'pages.home.hero.title' })}
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 16, maxWidth: 760 }}>
        {intl.formatMessage({ id: 'pages.home.hero.description' })}
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => history.push(known ? '/home/examlist' : '/user/login')}>
        {intl.formatMessage({ id: known ? 'pages.home.cta.myExams' : 'pages.home.cta.login' })}
      </Button>
    </Card>
  );
}
