import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';
import { directionOf } from '@/utils/locale';
import { ANTD_THEME, ANTD_THEME_CONTEXT } from '../../../config/theme';

const ANTD_LOCALES: Record<string, typeof enUS> = { 'en-US': enUS, 'zh-CN': zhCN };

/**
 * antd's theme (config/theme.ts) and its own texts (pickers, pagination, empty states, modals) in the current language
 * (src/intl). The theme's tokens are around the ConfigProvider too, so antd derives them once (ANTD_THEME_CONTEXT).
 */
export default function AntdConfig({ children }: { children: ReactNode }) {
  const { locale } = useIntl();
  return (
    <theme._internalContext.Provider value={ANTD_THEME_CONTEXT}>
      <ConfigProvider theme={ANTD_THEME} locale={ANTD_LOCALES[locale] ?? zhCN} direction={directionOf(locale)}>
        {children}
      </ConfigProvider>
    </theme._internalContext.Provider>
  );
}
