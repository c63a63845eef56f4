import { FormattedMessage, Link, useIntl } from '@umijs/max';
import { Alert, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import Footer from '@/components/Footer';
import LangSwitch from '@/components/RightContent/LangSwitch';
import { useSiteInfo } from '@/hooks/useSiteInfo';
import LoginForm from './components/LoginForm';

const linkTo = (to: string) => (chunks: ReactNode[]) => <Link to={to}>{chunks}</Link>;

/** The login screen has no layout: a centred card that fits a phone screen. */
export default function LoginPage() {
  const intl = useIntl();
  const site = useSiteInfo();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LangSwitch />
      </Flex>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 420 }}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
            <Link to="/home" aria-label={intl.formatMessage({ id: 'menu.home' })}>
              <img src="/logo.svg" alt="" width={48} height={48} />
            </Link>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              {intl.formatMessage({ id: 'pages.login.title' })}
            </Typography.Title>
            <Typography.Text type="secondary">{intl.formatMessage({ id: 'pages.login.subtitle' })}</Typography.Text>
          </Flex>
          {site?.smsToConsole ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={intl.formatMessage({ id: 'pages.login.smsToConsole' })}
            />
          ) : null}
          <LoginForm />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 4 }}>
            {intl.formatMessage({ id: 'pages.login.signUpNote' })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            <FormattedMessage
              id="pages.login.agreement"
              values={{ terms: linkTo('/home/termsOfUse'), privacy: linkTo('/home/privacyPolicy') }}
            />
          </Typography.Paragraph>
        </Card>
      </main>
      <Footer />
    </Flex>
  );
}
