import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';

/** The port the real server listens on for this run; `npm test` picks a free one. */
const port = Number(process.env.E2E_PORT ?? 8123);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // phone.spec.ts is a phone journey only (touch, 390 px).
    { name: 'desktop', testIgnore: ['phone.spec.ts'] },
    {
      // Candidates book on their phones, and coordinators check on theirs: both journeys again at phone size, with touch.
      name: 'phone',
      testMatch: ['candidate.spec.ts', 'group.spec.ts', 'axe.spec.ts', 'phone.spec.ts'],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
