import type { FullConfig } from '@playwright/test';
import { startServerProcess } from '../../scripts/lib/server-process';
import { E2E_OPERATOR } from './support';

/**
 * Starts the production server for the run and records its console in a file, where the tests read the one-time
 * codes as a developer would.
 */
export default async function globalSetup(config: FullConfig) {
  const port = Number(new URL(String(config.projects[0].use.baseURL)).port);
  const server = await startServerProcess(port, { OTP_IP_HOURLY_CAP: '1000' }, { operator: E2E_OPERATOR });
  process.env.E2E_SERVER_LOG = server.logFile;
  return server.stop;
}
