import { GlobalOutlined } from '@ant-design/icons';
import { getIntl, getLocale, setLocale, useIntl } from '@umijs/max';
import { Button, Dropdown } from 'antd';
import { applyDocumentLocale, SUPPORTED_LOCALES } from '@/utils/locale';

function switchLocale(lang: string): void {
  // No reload: the locale plugin re-renders with the new messages and moves dayjs to the new language.
  setLocale(lang, false);
  applyDocumentLocale(lang, getIntl(lang).formatMessage({ id: 'app.title' }));
}

/** The language menu: only the locales that have translations, each with its flag and native name. */
export default function LangSwitch() {
  const intl = useIntl();
  const current = getLocale();
  const items = SUPPORTED_LOCALES.map((item) => ({
    key: item.lang,
    label: (
      <span lang={item.lang}>
        <span aria-hidden="true">{item.icon}</span> {item.label}
      </span>
    ),
  }));
  const currentLabel = SUPPORTED_LOCALES.find((item) => item.lang === current)?.label;
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => switchLocale(key) }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${intl.formatMessage({ id: 'component.selectLang.label' })}: ${currentLabel ?? current}`}
      >
        {currentLabel}
      </Button>
    </Dropdown>
  );
}
