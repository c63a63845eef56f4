import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, startTransition, useState } from 'react';
import { getLocale, useIntl } from '@/intl';
import { SUPPORTED_LOCALES } from '@/utils/locale';

// antd's Dropdown and Menu (rc-menu, rc-dropdown) weigh about 25 KB gzipped; the login page shows this button, so the
// menu is loaded only when someone first opens it.
const LangMenu = lazy(() => import('./LangMenu'));

/** The language button; its menu arrives on first use and opens at once. */
export default function LangSwitch() {
  const intl = useIntl();
  const current = getLocale();
  const [menuRequested, setMenuRequested] = useState(false);
  const [open, setOpen] = useState(false);
  // A transition keeps the button on screen (and focusable) while the menu's code loads.
  const openMenu = () =>
    startTransition(() => {
      setMenuRequested(true);
      setOpen(true);
    });
  const currentLabel = SUPPORTED_LOCALES.find((item) => item.lang === current)?.label;
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined aria-hidden="true" />}
      aria-label={`${intl.formatMessage({ id: 'component.selectLang.label' })}: ${currentLabel ?? current}`}
      aria-haspopup="menu"
      aria-expanded={open}
      // Wrapping the button in the menu mounts it anew; this keeps the keyboard focus on it.
      autoFocus={menuRequested}
      // Once the menu is there, its own trigger handles clicks (Enter and Space click a button too).
      onClick={menuRequested ? undefined : openMenu}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          openMenu();
        }
      }}
    >
      {currentLabel}
    </Button>
  );
  return (
    <Suspense fallback={button}>
      {menuRequested ? (
        <LangMenu current={current} open={open} onOpenChange={setOpen}>
          {button}
        </LangMenu>
      ) : (
        button
      )}
    </Suspense>
  );
}
