import { history } from '@umijs/max';
import { Button, Card } from 'antd';
import { useIntl } from '@/intl';
import { isLoggedIn } from '@/utils/session';

/** What the service is, and the next step: log in, or go to My Exams when already logged in. */
export default function Hero({ loggedIn }: { loggedIn: boolean }) {
  const intl = useIntl();
  const known = loggedIn && isLoggedIn();
  return (
    <Card>
      <h1 style={{ fontSize: 28, fontWeight: 600, marginTop: 0 }}>
        {intl.formatMessage({ id: 'pages.home.hero.title' })}
      </h1>
      <p style={{ fontSize: 16, maxWidth: 760, lineHeight: 1.6 }}>
        {intl.formatMessage({ id: 'pages.home.hero.description' })}
      </p>
      <Button type="primary" size="large" onClick={() => history.push(known ? '/home/examlist' : '/user/login')}>
        {intl.formatMessage({ id: known ? 'pages.home.cta.myExams' : 'pages.home.cta.login' })}
      </Button>
    </Card>
  );
}
