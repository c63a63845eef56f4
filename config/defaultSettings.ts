import type { ProLayoutProps } from '@ant-design/pro-components';

/** The layout of spec section 2 and 9: a fixed top bar, fixed content width, no side menu, red primary colour. */
const defaultSettings: ProLayoutProps = {
  navTheme: 'light',
  colorPrimary: '#F5222D',
  layout: 'top',
  contentWidth: 'Fixed',
  fixedHeader: true,
  fixSiderbar: false,
  splitMenus: false,
  menuRender: false,
};

export default defaultSettings;
