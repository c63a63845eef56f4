import { Link } from '@umijs/max';
import { Space, theme } from 'antd';
import { useSiteInfo } from '@/hooks/useSiteInfo';
import { useIntl } from '@/intl';
import { pickText } from '../../../contract/format';

const LEGAL_LINKS = [
  { to: '/home/termsOfUse', label: 'menu.termsOfUse' },
  { to: '/home/privacyPolicy', label: 'menu.privacyPolicy' },
  { to: '/home/risk', label: 'menu.risk' },
];

/** Legal links, the copyright year and the operator's name and ICP filing, which come from the deployment. */
export default function Footer() {
  const intl = useIntl();
  const { token } = theme.useToken();
  const site = useSiteInfo();
  const company = site ? pickText(site.companyName, intl.locale) : '';
  return (
    <footer style={{ padding: '24px 16px', textAlign: 'center', color: token.colorTextSecondary }}>
      <nav aria-label={intl.formatMessage({ id: 'component.footer.nav' })}>
        <Space split="|" wrap style={{ justifyContent: 'center' }}>
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {intl.formatMessage({ id: link.label })}
            </Link>
          ))}
        </Space>
      </nav>
      <p style={{ margin: '8px 0 0' }}>
        {intl.formatMessage({ id: 'component.footer.copyright' }, { year: new Date().getFullYear(), company })}
        {site?.filingNumber ? ' ' : null}
        {site?.filingNumber && site.filingUrl ? (
          <a href={site.filingUrl} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
            {site.filingNumber}
          </a>
        ) : (
          site?.filingNumber
        )}
      </p>
    </footer>
  );
}
