/**
 * antd's styles for the first screen of a prerendered page (config/shell.ts PRERENDERED_PATHS), written by the
 * build. antd writes a component's styles in the browser when the component first renders (CSS-in-JS): for a Button
 * that is 70 KB of CSS text, 50-150 ms of a phone's main thread in one piece each, the largest part of the first
 * screen's blocking time. Written here in advance into the page's document, with the map antd's runtime reads to find
 * them (@ant-design/cssinjs extractStyle; the map rule `.data-ant-cssinjs-cache-path`), the runtime skips writing
 * them. The components are rendered with the app's theme (config/theme.ts) as the app nests it, so the keys match;
 * a component left out here, or a theme that differs, only means the runtime writes those styles itself as before.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, Button, ConfigProvider, Flex, Input, Radio, Space } from 'antd';
import { Fragment, createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ANTD_THEME } from './theme';

/**
 * The antd components each prerendered page draws on its first screen, each once. Only the login page: there its
 * 128 KB of CSS (11 KB compressed) took bench:lighthouse's blocking time from 536 to 340 ms (performance 86 -> 92).
 * The home page's 187 KB and My Exams' 266 KB delayed their first paint more than they saved (My Exams 77 -> 67).
 */
const FIRST_SCREEN: Record<string, () => ReactElement> = {
  '/user/login': () =>
    h(
      Fragment,
      null,
      h(Flex),
      h(Alert, { message: 'x' }),
      h(Radio.Group, { optionType: 'button', options: ['x'] }),
      h(Space.Compact, null, h(Input), h(Button, { size: 'large' }, 'x')),
      h(Button, { type: 'text' }, 'x'),
      h(Space),
    ),
};

/** The page's antd CSS, and its map for the runtime, as one stylesheet; empty for a page not listed. */
export function firstScreenAntdStyles(path: string): string {
  const screen = FIRST_SCREEN[path]?.();
  if (!screen) return '';
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme: ANTD_THEME }, screen)));
  return extractStyle(cache, { plain: true, types: 'style' });
}
