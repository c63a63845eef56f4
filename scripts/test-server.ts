/**
 * `npm run test:server`: every server test (server/**\/*.test.ts, node's runner) once on PGlite and, when
 * TEST_DATABASE_URL is set, the files whose database TEST_DB chooses again on that PostgreSQL (a scratch database per
 * test file). TEST_REDIS_URL adds the Redis store tests and, on PostgreSQL, the two server instances of
 * server/instances.test.ts. Prints pass/fail counts per run and exits non-zero when anything failed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT, runNodeTests } from './lib/run';

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => join('server', file))
    .sort();
}

/** The helper that opens the database TEST_DB names: a file that reaches it runs on each database. */
const TEST_DATABASE = join(ROOT, 'tests', 'helpers', 'db.ts');
/** A file that names the choice itself (a test of PostgreSQL alone, say) runs on each database too. */
const NAMES_DATABASE = /\b(TEST_DB|TEST_DATABASE_URL|testDbKind)\b/;

/**
 * Whether a test file's outcome can depend on TEST_DB: it names it, or one of its relative imports, followed through
 * the repository, reaches tests/helpers/db.ts. The others (documents, pure domain rules, providers, the embedded
 * server's own start and lock) would only run again as they ran on PGlite.
 */
function usesTestDatabase(file: string): boolean {
  const seen = new Set<string>();
  const reaches = (path: string): boolean => {
    if (path === TEST_DATABASE) return true;
    if (seen.has(path)) return false;
    seen.add(path);
    const source = readFileSync(path, 'utf8');
    if (NAMES_DATABASE.test(source)) return true;
    return [...source.matchAll(/from '(\.[^']+)'/g)].some(([, specifier]) => {
      const target = resolve(dirname(path), specifier ?? '');
      const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
      return found !== undefined && !relative(ROOT, found).startsWith('..') && reaches(found);
    });
  };
  return reaches(join(ROOT, file));
}

/**
 * Files run at once per database. On PGlite a test file's database lives in its own process, so two use both cores
 * of the CI machine; on PostgreSQL a file mostly waits on the server (each has its own scratch database), so four
 * overlap those waits (the whole pass took 94 s so, on a machine busy with other work).
 */
const CONCURRENCY = { pglite: 2, postgres: 4 };

async function main() {
  const all = testFiles();
  const runs: [string, string[], NodeJS.ProcessEnv, number][] = [
    ['PGlite', all, { TEST_DB: 'pglite' }, CONCURRENCY.pglite],
  ];
  if (process.env.TEST_DATABASE_URL) {
    const onPostgres = all.filter(usesTestDatabase);
    console.log(
      `The PostgreSQL pass runs the ${onPostgres.length} of ${all.length} files whose database TEST_DB chooses.`,
    );
    runs.push(['PostgreSQL', onPostgres, { TEST_DB: 'postgres' }, CONCURRENCY.postgres]);
  } else console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
  if (!process.env.TEST_REDIS_URL) {
    console.log('TEST_REDIS_URL is not set: the Redis store tests and the two-instance test are skipped.');
  }

  const summary: string[] = [];
  let failed = false;
  for (const [name, files, env, concurrency] of runs) {
    console.log(`\n--- server tests on ${name}`);
    const result = await runNodeTests(files, env, concurrency);
    summary.push(`server tests on ${name}: ${result.passed} passed, ${result.failed} failed`);
    if (result.code !== 0 || result.failed > 0 || result.passed === 0) failed = true;
  }
  console.log(`\n${summary.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

main();
