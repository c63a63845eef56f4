import { type ThemeConfig, theme } from 'antd';

/** antd's theme (src/components/AntdConfig's ConfigProvider), also used to write the pages' styles in advance. */
export const ANTD_THEME: ThemeConfig = {
  token: {
    // The brand red of spec section 9 stays the primary colour (layout, icons, focus, selection). White text on it
    // is 4.1:1, under WCAG AA's 4.5:1, so whatever carries text uses darker shades of the same red palette
    // (red-7 #CF1322 is 5.6:1) and grey text is no lighter than 65% black.
    colorPrimary: '#F5222D',
    colorLink: '#CF1322',
    colorLinkHover: '#A8071A',
    colorError: '#CF1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
  components: {
    Button: { colorPrimary: '#CF1322', colorPrimaryHover: '#A8071A', colorPrimaryActive: '#820014' },
    // An empty table says so in its disabled grey (1.8:1 on white); it is a sentence to read, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' },
    // The same for an empty list (the examiner's exams, a change with no other session).
    List: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' },
    // The chosen tab's name is text on the grey page (the brand red is 3.6:1 there): the darker red, as for links.
    Tabs: {
      itemSelectedColor: '#CF1322',
      itemHoverColor: '#A8071A',
      itemActiveColor: '#820014',
      inkBarColor: '#CF1322',
    },
  },
};

const seed = { ...theme.defaultSeed, ...ANTD_THEME.token };
const components = Object.fromEntries(
  Object.entries(ANTD_THEME.components ?? {}).map(([name, tokens]) => [name, { ...tokens }]),
);

/**
 * The design tokens' context that antd's ConfigProvider gives its children for ANTD_THEME, given to the
 * ConfigProvider itself too (src/components/AntdConfig). The provider's own parts (its icon styles, its motion) read
 * the tokens of the context around it: outside any, antd derives its default theme's whole token set (palettes,
 * hashes), 100-250 ms of a phone's first render at bench:lighthouse's 4x CPU, only for those two. With this around
 * it, they find the app's own tokens, which antd derives once for everything. The context is antd's private
 * theme._internalContext, and the value is built as antd 5.29's ConfigProvider builds its own (seed tokens under the
 * theme's, the components' tokens, the override both make). Should a later antd build it otherwise, nothing shows
 * differently: antd derives a second token set again, and AntdConfig.test.tsx, which counts them, fails.
 */
export const ANTD_THEME_CONTEXT = {
  token: seed,
  components,
  override: { override: seed, ...components },
  hashed: true,
};
