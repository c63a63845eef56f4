/**
 * `npm run test:server`: every server test (server/**\/*.test.ts, node's runner) once on PGlite and, when
 * TEST_DATABASE_URL is set, again on that PostgreSQL (a scratch database per test file). TEST_REDIS_URL adds the
 * Redis store tests and, on PostgreSQL, the two server instances of server/instances.test.ts. Prints pass/fail counts per run and exits non-zero when anything failed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runNodeTests } from './lib/run';

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => join('server', file))
    .sort();
}

/**
 * Files run at once per database. On PGlite a test file's database lives in its own process, so two use both cores
 * of the CI machine; on PostgreSQL a file mostly waits on the server (each has its own scratch database), so four
 * overlap those waits (the whole pass took 94 s so, on a machine busy with other work).
 */
const CONCURRENCY = { pglite: 2, postgres: 4 };

async function main() {
  const runs: [string, NodeJS.ProcessEnv, number][] = [['PGlite', { TEST_DB: 'pglite' }, CONCURRENCY.pglite]];
  if (process.env.TEST_DATABASE_URL) runs.push(['PostgreSQL', { TEST_DB: 'postgres' }, CONCURRENCY.postgres]);
  else console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
  if (!process.env.TEST_REDIS_URL) {
    console.log('TEST_REDIS_URL is not set: the Redis store tests and the two-instance test are skipped.');
  }

  const summary: string[] = [];
  let failed = false;
  for (const [name, env, concurrency] of runs) {
    console.log(`\n--- server tests on ${name}`);
    const result = await runNodeTests(testFiles(), env, concurrency);
    summary.push(`server tests on ${name}: ${result.passed} passed, ${result.failed} failed`);
    if (result.code !== 0 || result.failed > 0 || result.passed === 0) failed = true;
  }
  console.log(`\n${summary.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

main();
