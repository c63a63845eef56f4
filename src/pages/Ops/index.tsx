import { Link, useIntl } from '@umijs/max';
import { Alert } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import OpsShell, { useOpsSections } from './components/OpsShell';
import { OPS_TEXTS } from './texts';

/** /ops: where an operator lands, with the sections its permissions open (or word that it has none yet). */
function OpsHome() {
  const intl = useIntl();
  const sections = useOpsSections();
  return (
    <OpsShell title={intl.formatMessage({ id: 'menu.ops' })}>
      {sections.length === 0 ? (
        <Alert type="info" showIcon message={intl.formatMessage({ id: 'pages.ops.home.none' })} />
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'pages.ops.home.intro' })}</p>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <Link to={section.path}>{intl.formatMessage({ id: section.label })}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </OpsShell>
  );
}

export default withPageTexts(OpsHome, OPS_TEXTS);
