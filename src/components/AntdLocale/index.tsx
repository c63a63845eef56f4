import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';
import { directionOf } from '@/utils/locale';

const ANTD_LOCALES: Record<string, typeof enUS> = { 'en-US': enUS, 'zh-CN': zhCN };

/** antd's own texts (pickers, pagination, empty states, modals) in the current language (src/intl). */
export default function AntdLocale({ children }: { children: ReactNode }) {
  const { locale } = useIntl();
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale] ?? zhCN} direction={directionOf(locale)}>
      {children}
    </ConfigProvider>
  );
}
