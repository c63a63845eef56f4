import { type Config, configUmiAlias, createConfig } from '@umijs/max/test';

/** Front-end unit tests, as `max g jest` sets them up; server, mock and e2e tests run with their own runners. */
export default async () =>
  (await configUmiAlias({
    ...createConfig({
      target: 'browser',
      jsTransformer: 'esbuild',
      // Lazy components (the header, the 403 and 404 screens) use import(); jest's CommonJS runtime needs it as require().
      jsTransformerOpts: { jsx: 'automatic', supported: { 'dynamic-import': false } },
    }),
    setupFilesAfterEnv: ['<rootDir>/jest-setup.ts'],
    // Page tests render real antd and some wait on real timers (the payment countdown, order polls); a 2-core CI
    // machine busy with other suites can make one several times slower than it is alone.
    testTimeout: 60_000,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/config/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/', '<rootDir>/tests/', '<rootDir>/mock/', '/\\.umi'],
    collectCoverageFrom: ['src/**/*.{ts,tsx}', '!src/.umi/**', '!src/.umi-test/**', '!src/.umi-production/**'],
  })) as Config.InitialOptions;
