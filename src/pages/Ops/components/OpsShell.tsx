import { Link, useAccess, useLocation } from '@umijs/max';
import { ConfigProvider, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';

/** The console's sections and the access entry (src/access.ts) each needs; the menu lists those the operator may open. */
export const OPS_SECTIONS = [
  { path: '/ops', access: 'canOperator', label: 'menu.ops.dashboard' },
  { path: '/ops/centers', access: 'canOpsCenters', label: 'menu.ops.centers' },
  { path: '/ops/catalog', access: 'canOpsCatalog', label: 'menu.ops.catalog' },
  { path: '/ops/orders', access: 'canOpsFinance', label: 'menu.ops.orders' },
  { path: '/ops/support', access: 'canOpsSupport', label: 'menu.ops.support' },
  { path: '/ops/operators', access: 'canOpsOperators', label: 'menu.ops.operators' },
  { path: '/ops/audit', access: 'canOpsAudit', label: 'menu.ops.audit' },
] as const;

/** The sections the logged-in operator's permissions open. */
export function useOpsSections() {
  const access = useAccess();
  return OPS_SECTIONS.filter((section) => access[section.access]);
}

/**
 * The console draws text in its primary colour (the selected section on its pink background, the search form's
 * expand link): the brand red #F5222D reads at 3.7:1 there, so the console's primary is red-7 (5.6:1 on white).
 */
const CONSOLE_THEME = { token: { colorPrimary: '#CF1322' } };

/** The id of a console page's heading, which names what the page shows (a table's scroll region, say). */
export const OPS_TITLE_ID = 'ops-title';

/** Every page of the console: its menu of sections (links, so keyboard and screen readers reach them) and a heading. */
export default function OpsShell({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const sections = useOpsSections();
  return (
    <ConfigProvider theme={CONSOLE_THEME}>
      <div style={{ maxWidth: 1280, margin: '16px auto', display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <nav aria-label={intl.formatMessage({ id: 'menu.ops' })} style={{ width: 200, flex: 'none' }}>
          <Menu
            mode="inline"
            selectedKeys={[pathname]}
            items={sections.map((section) => ({
              key: section.path,
              label: <Link to={section.path}>{intl.formatMessage({ id: section.label })}</Link>,
            }))}
          />
        </nav>
        <div style={{ flex: 1, minWidth: 0 }}>
          <h1 id={OPS_TITLE_ID} style={{ fontSize: 20 }}>
            {title}
          </h1>
          {children}
        </div>
      </div>
    </ConfigProvider>
  );
}
