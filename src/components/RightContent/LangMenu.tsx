import { Dropdown } from 'antd';
import { getIntl, setLocale } from '@/intl';
import { shareNotificationLocale } from '@/services/notifications';
import { applyDocumentLocale, SUPPORTED_LOCALES } from '@/utils/locale';
import { readType } from '@/utils/session';
import type { MenuOnFirstUseProps } from './useMenuOnFirstUse';

function switchLocale(lang: string): void {
  // No reload: the app re-renders with the new texts and dayjs moves to the new language (src/intl).
  setLocale(lang);
  applyDocumentLocale(lang, getIntl(lang).formatMessage({ id: 'app.title' }));
  // Notifications are written in the app's language: an individual's choice goes to the server too.
  if (readType() === 'individual') shareNotificationLocale(lang);
}

interface LangMenuProps extends MenuOnFirstUseProps {
  current: string;
}

/** The language menu: only the locales that have translations, each with its flag and native name. */
export default function LangMenu({ current, open, onOpenChange, children }: LangMenuProps) {
  const items = SUPPORTED_LOCALES.map((item) => ({
    key: item.lang,
    label: (
      <span lang={item.lang}>
        <span aria-hidden="true">{item.icon}</span> {item.label}
      </span>
    ),
  }));
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => switchLocale(key) }}
    >
      {children}
    </Dropdown>
  );
}
