/**
 * `npm run bench:bundle`: the JavaScript a first visit to /user/login and to /home downloads, measured in Chromium
 * against the production build served by the real server, raw and gzipped. Targets (issue 17): at most 250 KB gzipped
 * on /user/login and 300 KB on /home; the exit code is 1 when one is missed.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ensureFrontendBuilt } from './lib/frontend';
import { freePort, startServerProcess } from './lib/server-process';

const PAGES = [
  { path: '/user/login', targetGzipKb: 250 },
  { path: '/home', targetGzipKb: 300 },
];

async function main() {
  ensureFrontendBuilt();
  const server = await startServerProcess(await freePort());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let overTarget = false;
  try {
    console.log('page           scripts   raw KB   gzip KB   target');
    for (const { path, targetGzipKb } of PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      const raw = scripts.reduce((n, body) => n + body.length, 0) / 1024;
      const gzip = scripts.reduce((n, body) => n + gzipSync(body, { level: 9 }).length, 0) / 1024;
      overTarget ||= gzip > targetGzipKb;
      const verdict = gzip > targetGzipKb ? 'missed' : 'met';
      console.log(
        `${path.padEnd(14)} ${String(scripts.length).padStart(7)} ${raw.toFixed(1).padStart(8)} ${gzip.toFixed(1).padStart(9)}` +
          `   <= ${targetGzipKb} ${verdict}`,
      );
      await context.close();
    }
    console.log('target: gzipped first-load JavaScript per page (all scripts until the network is idle)');
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exitCode = overTarget ? 1 : 0;
}

main();
