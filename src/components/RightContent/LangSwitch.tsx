import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy } from 'react';
import { getLocale, useIntl } from '@/intl';
import { SUPPORTED_LOCALES } from '@/utils/locale';
import { useMenuOnFirstUse } from './useMenuOnFirstUse';

// antd's Dropdown and Menu (rc-menu, rc-dropdown) weigh about 25 KB gzipped; the login page shows this button, so the
// menu is loaded only when someone first opens it.
const LangMenu = lazy(() => import('./LangMenu'));

/** The language button; its menu arrives on first use and opens at once. */
export default function LangSwitch() {
  const intl = useIntl();
  const current = getLocale();
  const menu = useMenuOnFirstUse();
  const currentLabel = SUPPORTED_LOCALES.find((item) => item.lang === current)?.label;
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined aria-hidden="true" />}
      aria-label={`${intl.formatMessage({ id: 'component.selectLang.label' })}: ${currentLabel ?? current}`}
      {...menu.buttonProps}
    >
      <span className="app-header-label">{currentLabel}</span>
    </Button>
  );
  return menu.render(button, (props) => <LangMenu current={current} {...props} />);
}
