import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { IntlRoot } from '@/intl';
import { ANTD_THEME } from '../../../config/theme';
import AntdConfig from '.';

/** The design-token sets antd derived (palettes, aliases, hashes) while rendering `tree`, each with its primary colour. */
function derivedTokens(tree: ReactNode): string[] {
  const cache = createCache();
  render(<StyleProvider cache={cache}>{tree}</StyleProvider>);
  return [...cache.cache.entries()]
    .filter(([key]) => key.startsWith('token%'))
    .map(([, [, [token]]]) => (token as { colorPrimary: string }).colorPrimary);
}

const page = <Button type="primary">Book</Button>;
/** antd writes the colours it derives in lower case. */
const brandRed = ANTD_THEME.token?.colorPrimary?.toLowerCase();

test("antd derives the app's design tokens once, for the provider's own parts as for the page", () => {
  expect(
    derivedTokens(
      <IntlRoot>
        <AntdConfig>{page}</AntdConfig>
      </IntlRoot>,
    ),
  ).toEqual([brandRed]);
  expect(screen.getByRole('button', { name: 'Book' })).toBeVisible();
});

test("a ConfigProvider alone derives antd's default tokens too, which ANTD_THEME_CONTEXT spares", () => {
  expect(derivedTokens(<ConfigProvider theme={ANTD_THEME}>{page}</ConfigProvider>)).toEqual([
    theme.defaultSeed.colorPrimary,
    brandRed,
  ]);
});
