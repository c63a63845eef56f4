/**
 * `npm test`: every test of the repository, in order: front-end unit tests (jest), server tests (node's runner, on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL), the mock-contract test, then end-to-end tests in Chromium.
 * Prints one closing line `total: N passed, N failed, N skipped` and exits non-zero when anything failed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium';
import { ensureFrontendBuilt } from './lib/frontend';
import { type Counts, nodeRunnerCounts, ROOT, run, runNodeTests } from './lib/run';
import { freePort } from './lib/server-process';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), 'exam-test-')), name);

/** A suite that exited non-zero without reporting a failure still counts as one failure. */
function withExit(counts: Counts, code: number): Counts {
  return code !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

async function jestSuite(): Promise<Counts> {
  const report = tempFile('jest.json');
  // Jest's default on 2 cores is one worker, which runs the files in its own process one at a time.
  const { code } = await run(bin('jest'), ['--ci', '--maxWorkers=2', '--json', `--outputFile=${report}`]);
  if (!existsSync(report)) return withExit({ passed: 0, failed: 0, skipped: 0 }, code);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return withExit({ passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests }, code);
}

async function nodeSuite(command: string, args: string[]): Promise<Counts> {
  const { code, output } = await run(command, args);
  return withExit(nodeRunnerCounts(output), code);
}

async function contractSuite(): Promise<Counts> {
  const { code, ...counts } = await runNodeTests(contractTests());
  return withExit(counts, code);
}

/** Node 20's runner takes files, not folders. */
function contractTests(): string[] {
  const folder = join('tests', 'contract');
  return readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(folder, name));
}

async function e2eSuite(): Promise<Counts> {
  if (!existsSync(CHROMIUM_PATH)) {
    const line = `SKIPPED: end-to-end tests need Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
    console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (process.env.REQUIRE_E2E === '1') {
      console.error('REQUIRE_E2E=1: a missing browser is a failure.');
      return { passed: 0, failed: 1, skipped: 0 };
    }
    return { passed: 0, failed: 0, skipped: 1 };
  }
  ensureFrontendBuilt();
  // The whole-platform project (playwright.config.ts) runs alone, after the others and whatever became of them.
  const parallel = await playwright(['--project=desktop', '--project=phone']);
  const alone = await playwright(['--project=whole-platform', '--no-deps', '--output=test-results/whole-platform']);
  return {
    passed: parallel.passed + alone.passed,
    failed: parallel.failed + alone.failed,
    skipped: parallel.skipped + alone.skipped,
  };
}

/** One `playwright test` run with these arguments, on a server of its own (global-setup.ts). */
async function playwright(args: string[]): Promise<Counts> {
  const report = tempFile('playwright.json');
  const { code } = await run(bin('playwright'), ['test', '--reporter=list,json', ...args], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    E2E_PORT: String(await freePort()),
  });
  if (!existsSync(report)) return withExit({ passed: 0, failed: 0, skipped: 0 }, code);
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  return withExit({ passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }, code);
}

async function main() {
  if (!existsSync(join(ROOT, 'src', '.umi'))) await run(bin('max'), ['setup']);
  const suites: Array<[string, () => Promise<Counts>]> = [
    ['front-end unit (jest)', jestSuite],
    ['server (node:test)', () => nodeSuite(bin('tsx'), [join('scripts', 'test-server.ts')])],
    ['mock contract and docs (node:test)', contractSuite],
    ['end-to-end (Playwright, Chromium)', e2eSuite],
  ];
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const [name, suite] of suites) {
    console.log(`\n=== ${name}`);
    const counts = await suite();
    lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  console.log(`\n${lines.join('\n')}`);
  console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
}

main();
