import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from '@umijs/max';
import routes from './config/routes';
import app from './src/locales/zh-CN/app';

/** `npm run dev:full` sets API_URL to the real server; plain `max dev` answers /api from mock/. */
const apiUrl = process.env.API_URL;

export default defineConfig({
  // antd's ConfigProvider (its theme and texts) is src/components/AntdConfig's, not the plugin's: one provider, inside
  // the design tokens' context its parts read (config/theme.ts ANTD_THEME_CONTEXT).
  antd: {},
  access: {},
  model: {},
  // While the user is fetched, the app shell that index.html painted stays on screen (config/shell.ts).
  initialState: { loading: '@/loading' },
  request: {},
  // No layout plugin: its ProLayout weighed about 80 KB gzipped of every page's first load. src/layouts/index.tsx
  // draws the top bar, the fixed-width page, the footer and the 403; config/shellPlugin.ts paints the same bar from
  // index.html before the JavaScript arrives.
  plugins: ['./config/shellPlugin.ts'],
  // No locale plugin: src/intl gives the texts (react-intl 3 and its parser weighed 13 KB gzipped of every first
  // load). dayjs instead of moment, with utc + timezone to show exam times in their zone. No preset: antd 5's pickers
  // extend the dayjs plugins they need themselves.
  moment2dayjs: { preset: 'none', plugins: ['utc', 'timezone'] },
  // The HTML title before the app runs; the app localizes it at run time.
  title: app['app.title'],
  // Replaces Umi's default viewport, which forbids zooming (user-scalable=no, maximum-scale=1): WCAG 1.4.4 lets a
  // person enlarge the text, and on a phone pinching is how they do it.
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  favicons: ['/logo.svg'],
  // Nothing renders <Helmet>: the app sets the title itself (src/utils/locale.ts); its provider cost 3 KB gzipped.
  helmet: false,
  hash: true,
  // esbuild's minifier names its helpers at the top level of each chunk; wrapped in an IIFE, two async chunks can no
  // longer clash (Umi's build refuses such a clash, as the operators' pages first caused).
  esbuildMinifyIIFE: true,
  // Browsers of the last few years, which run React 18, antd 5 and this code without polyfills; the default
  // (all of core-js for Chrome 80) added 45 KB gzipped to every first load.
  targets: { chrome: 92, edge: 92, firefox: 90, safari: 15 },
  polyfill: { imports: [] },
  chainWebpack(memo) {
    // axios 0.27 names Buffer only on a path browsers never take (no Blob); providing it costs 7 KB gzipped.
    memo.plugin('node-polyfill-provider').tap(([provided]) => [{ process: provided.process }]);
    // Umi's packages carry their own @babel/runtime 7.23, and Umi's Babel preset points our code at its copy by
    // absolute path; four copies of the same helpers (regenerator thrice) reached every first load. All go to the
    // project's 7.29, which has every helper 7.23 has.
    const runtime = dirname(require.resolve('@babel/runtime/package.json'));
    memo.resolve.alias.set('@babel/runtime', runtime);
    for (const owner of ['@umijs/babel-preset-umi', 'umi', '@umijs/renderer-react']) {
      const copy = join(dirname(require.resolve(`${owner}/package.json`)), 'node_modules/@babel/runtime');
      if (existsSync(copy)) memo.resolve.alias.set(realpathSync(copy), runtime);
    }
    // Neither package says it is free of side effects, so webpack kept all of each wherever any part was imported:
    // antd's inputs import rc-field-form's FormProvider context (the whole form store came with it, 16 KB gzipped on
    // the login page), and Umi's request plugin re-exports a useRequest this app never calls (ahooks' is used).
    memo.module
      .rule('side-effect-free')
      .test(/[\\/]node_modules[\\/](rc-field-form|@ahooksjs[\\/]use-request)[\\/]/)
      .sideEffects(false);
    // Each lazy import (the top layout, a page) arrives in at most six files. webpack's default allows thirty: My Exams
    // came in 25, each one more fetch, compile and run on a phone, and Umi's preload helper inserting them was itself
    // a 90-190 ms task in bench:lighthouse. A module shared by pages that would have needed a seventh file is in each
    // of their own files instead.
    memo.optimization.splitChunks({ maxAsyncRequests: 6 });
    return memo;
  },
  // The examiner's scan page decodes QR codes with ZXing compiled to WebAssembly (barcode-detector, which pins this
  // zxing-wasm version) where the browser has no BarcodeDetector. The .wasm is served from our own origin, never a
  // CDN: it is copied into the build, and src/pages/Examiner/Scan/qrDetector.ts points the decoder at it.
  copy: [{ from: 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm', to: 'dist/zxing/zxing_reader.wasm' }],
  routes,
  // mock/lib holds what the mock files share; it answers no route itself.
  mock: apiUrl ? false : { exclude: ['mock/lib/**'] },
  proxy: apiUrl ? { '/api': { target: apiUrl, changeOrigin: true } } : {},
  npmClient: 'npm',
});
