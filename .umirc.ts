import { defineConfig } from '@umijs/max';
import routes from './config/routes';

export default defineConfig({
  antd: {},
  access: {},
  model: {},
  initialState: {},
  request: {},
  layout: {},
  locale: { default: 'zh-CN', antd: true, baseNavigator: true, title: false, useLocalStorage: true },
  routes,
  npmClient: 'npm',
});
