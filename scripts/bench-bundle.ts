/**
 * `npm run bench:bundle`: the JavaScript a first visit to /user/login and to /home downloads, measured in Chromium
 * against the production build served by the real server, raw and gzipped. Target: under 300 KB gzipped each.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ensureFrontendBuilt } from './lib/frontend';
import { freePort, startServerProcess } from './lib/server-process';

const PAGES = ['/user/login', '/home'];
const TARGET_GZIP_KB = 300;

async function main() {
  ensureFrontendBuilt();
  const server = await startServerProcess(await freePort());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let overTarget = false;
  try {
    console.log('page           scripts   raw KB   gzip KB');
    for (const path of PAGES) {
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
      overTarget ||= gzip > TARGET_GZIP_KB;
      console.log(
        `${path.padEnd(14)} ${String(scripts.length).padStart(7)} ${raw.toFixed(1).padStart(8)} ${gzip.toFixed(1).padStart(9)}`,
      );
      await context.close();
    }
    console.log(`target: under ${TARGET_GZIP_KB} KB gzipped first-load JavaScript per page`);
  } finally {
    await browser.close();
    await server.stop();
  }
  process.exitCode = overTarget ? 1 : 0;
}

main();
