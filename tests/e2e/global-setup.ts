import type { FullConfig } from '@playwright/test';
import { startServerProcess } from '../../scripts/lib/server-process';
import { E2E_OPERATORS } from './support';

/**
 * Starts the production server for the run and records its console in a file, where the tests read the one-time
 * codes as a developer would.
 */
export default async function globalSetup(config: FullConfig) {
  const port = Number(new URL(String(config.projects[0].use.baseURL)).port);
  // The browser, its pages and the server share a busy CI machine; a starved event loop there is not the load the
  // shedding is for (server/plugins/shedding.test.ts tests that), and a page's call answered OVERLOADED would fail a
  // test about something else.
  // A worker's operator logs in from several specs within a minute: each needs a new code (every other account is a
  // phone of its own, see support.ts). Two workers' pages share the one client address: its per-minute limit is the
  // load tests', not a browser's.
  const server = await startServerProcess(
    port,
    {
      OTP_IP_HOURLY_CAP: '1000',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      OTP_SEND_INTERVAL_S: '1',
      SMS_QUIET_HOURS: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    { operators: E2E_OPERATORS },
  );
  process.env.E2E_SERVER_LOG = server.logFile;
  return server.stop;
}
