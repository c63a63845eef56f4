/**
 * antd's styles for the first screen of each prerendered page (config/shell.ts PRERENDERED_PATHS), written by the
 * build. antd writes a component's styles in the browser when the component first renders (CSS-in-JS): for a Button
 * that is 70 KB of CSS text, 50-150 ms of a phone's main thread in one piece each, the largest part of the first
 * screen's blocking time. Written here in advance as a stylesheet, with the map antd's runtime reads to find them
 * (@ant-design/cssinjs extractStyle; the map rule `.data-ant-cssinjs-cache-path`), the runtime skips writing them.
 * The components are rendered with the app's theme (config/theme.ts) as src/components/AntdConfig nests it, so the
 * keys match; a component left out here, or a theme that differs, only means the runtime writes those styles itself.
 */
import { createHash } from 'node:crypto';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Empty,
  Flex,
  Input,
  List,
  Radio,
  Row,
  Skeleton,
  Space,
  Tag,
  theme,
} from 'antd';
import { Fragment, createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { EXAMLIST_PATH, HOME_PATH, LOGIN_PATH } from './shell';
import { ANTD_THEME, ANTD_THEME_CONTEXT } from './theme';

/** Elements side by side, as one (varargs children need no keys). */
const all = (...elements: ReactElement[]) => h(Fragment, null, ...elements);

/** What the top layout draws on every page: the header's buttons, avatar and bell, the footer. */
const LAYOUT = () =>
  all(h(Button, { type: 'text' }, 'x'), h(Avatar, { size: 'small' }), h(Badge, { count: 1 }), h(Space));
const CARD = () => h(Card, { title: 'x' }, h(Row, null, h(Col, { span: 12 })));
const DESCRIPTIONS = () => h(Descriptions, { items: [{ label: 'x', children: 'x' }] });

/** The antd components each prerendered page draws on its first screen, each once. */
const FIRST_SCREEN: Record<string, () => ReactElement> = {
  [LOGIN_PATH]: () =>
    all(
      h(Flex),
      h(Alert, { message: 'x' }),
      h(Radio.Group, { optionType: 'button', options: ['x'] }),
      h(Space.Compact, null, h(Input), h(Button, { size: 'large' }, 'x')),
      h(Button, { type: 'text' }, 'x'),
      h(Space),
    ),
  [HOME_PATH]: () => all(LAYOUT(), h(Flex), CARD(), DESCRIPTIONS(), h(Tag), h(Empty), h(Skeleton)),
  [EXAMLIST_PATH]: () =>
    all(
      LAYOUT(),
      h(Flex),
      CARD(),
      h(Alert, { message: 'x' }),
      h(Input),
      h(List, { dataSource: [], pagination: { total: 20 } }),
      DESCRIPTIONS(),
      h(Tag, { color: 'red' }),
      h(Tag, { color: 'success' }),
      h(Empty),
      h(Skeleton),
    ),
};

/** A page's first-screen antd stylesheet: its file name (content-hashed, so cached for good) and its CSS. */
export interface AntdStylesheet {
  file: string;
  css: string;
}

const written = new Map<string, AntdStylesheet | undefined>();

/** The page's antd CSS with its map for the runtime, as one stylesheet; undefined for a page not listed. */
export function firstScreenAntdStyles(path: string): AntdStylesheet | undefined {
  if (!written.has(path)) written.set(path, writeStylesheet(FIRST_SCREEN[path]?.()));
  return written.get(path);
}

function writeStylesheet(screen: ReactElement | undefined): AntdStylesheet | undefined {
  if (!screen) return undefined;
  const cache = createCache();
  const themed = h(ConfigProvider, { theme: ANTD_THEME }, screen);
  renderToString(
    h(StyleProvider, { cache }, h(theme._internalContext.Provider, { value: ANTD_THEME_CONTEXT }, themed)),
  );
  const css = extractStyle(cache, { plain: true, types: 'style' });
  return { file: `antd.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`, css };
}
