import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';

/** The port the real server listens on for this run; `npm test` picks a free one. */
const port = Number(process.env.E2E_PORT ?? 8123);

/**
 * Specs that read figures of the whole platform (the operators' dashboard and the day's reconciliation): another test
 * booking or refunding at the same time would change them, so they run in a project of their own, after the others.
 */
const WHOLE_PLATFORM = ['ops.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two browsers at once on one server: every test logs in with phones of its own (support.ts uniqueDigits) and each
  // worker has its own operator; a test spends much of its time waiting on the server or a countdown.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A whole journey (profile, booking, wallet, ticket, with axe on each page) takes 40-65 s while the other worker and
  // the server share the 2 cores, and two to three times that on a slower CI machine (seen: axe.spec 1.2 min on one,
  // 3.0 min on another). The limits leave room for the slower machine; a test that hangs still fails within four
  // minutes, an assertion within 20 s.
  timeout: 240_000,
  expect: { timeout: 20_000 },
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
    { name: 'desktop', testIgnore: ['phone.spec.ts', ...WHOLE_PLATFORM] },
    {
      // Candidates book on their phones, and coordinators check on theirs: both journeys again at phone size, with touch.
      name: 'phone',
      testMatch: ['candidate.spec.ts', 'group.spec.ts', 'axe.spec.ts', 'axe-ops.spec.ts', 'phone.spec.ts'],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    // `npm test` runs this project on its own (scripts/test.ts), so a failure above does not keep it from running.
    { name: 'whole-platform', testMatch: WHOLE_PLATFORM, dependencies: ['desktop', 'phone'] },
  ],
});
