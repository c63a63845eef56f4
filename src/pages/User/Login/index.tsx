import { Link } from '@umijs/max';
import { Alert, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import Footer from '@/components/Footer';
import Logo from '@/components/Logo';
import LangSwitch from '@/components/RightContent/LangSwitch';
import { useSiteInfo } from '@/hooks/useSiteInfo';
import { FormattedMessage, useIntl } from '@/intl';
import LoginForm from './components/LoginForm';

const linkTo = (to: string) => (chunks: ReactNode[]) => <Link to={to}>{chunks}</Link>;

/**
 * The login screen has no layout: a centred card that fits a phone screen. The operators' console has its own
 * (/ops/login): the same form without the account type, and no sign-up.
 */
export default function LoginPage({ operator = false }: { operator?: boolean }) {
  const intl = useIntl();
  const site = useSiteInfo();
  const { token } = theme.useToken();
  const note = { color: token.colorTextSecondary, margin: '16px 0 0' };
  // Drawn like antd's Card without importing it: Card brings Tabs and rc-menu (about 15 KB gzipped) to this page.
  const box = {
    width: '100%',
    maxWidth: 420,
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LangSwitch />
      </Flex>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <section style={box}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
            <Link to="/home" aria-label={intl.formatMessage({ id: 'menu.home' })}>
              <Logo size={48} />
            </Link>
            <h1 style={{ fontSize: 24, margin: 0 }}>
              {intl.formatMessage({ id: operator ? 'pages.login.ops.title' : 'pages.login.title' })}
            </h1>
            <p style={{ ...note, margin: 0, textAlign: 'center' }}>
              {intl.formatMessage({ id: operator ? 'pages.login.ops.subtitle' : 'pages.login.subtitle' })}
            </p>
          </Flex>
          {site?.smsToConsole ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={intl.formatMessage({ id: 'pages.login.smsToConsole' })}
            />
          ) : null}
          <LoginForm operator={operator} />
          <p style={note}>
            {intl.formatMessage({ id: operator ? 'pages.login.ops.invitedOnly' : 'pages.login.signUpNote' })}
          </p>
          <p style={{ ...note, marginTop: 4 }}>
            <FormattedMessage
              id="pages.login.agreement"
              values={{ terms: linkTo('/home/termsOfUse'), privacy: linkTo('/home/privacyPolicy') }}
            />
          </p>
        </section>
      </main>
      <Footer />
    </Flex>
  );
}
