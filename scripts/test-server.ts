/**
 * `npm run test:server`: every server test (server/**\/*.test.ts, node's runner) once on PGlite and, when
 * TEST_DATABASE_URL is set, again on that PostgreSQL (a scratch database per test file). TEST_REDIS_URL adds the
 * Redis store tests. Prints pass/fail counts per run and exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => join('server', file))
    .sort();
}

function runSuite(env: NodeJS.ProcessEnv): Promise<{ code: number; passed: number; failed: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...testFiles()], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    const tee = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => {
      const count = (word: string) => Number(new RegExp(`^(?:#|ℹ) ${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      resolve({ code: code ?? 1, passed: count('pass'), failed: count('fail') + count('cancelled') });
    });
  });
}

async function main() {
  const runs: [string, NodeJS.ProcessEnv][] = [['PGlite', { TEST_DB: 'pglite' }]];
  if (process.env.TEST_DATABASE_URL) runs.push(['PostgreSQL', { TEST_DB: 'postgres' }]);
  else console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
  if (!process.env.TEST_REDIS_URL) console.log('TEST_REDIS_URL is not set: the Redis store tests do not run.');

  const summary: string[] = [];
  let failed = false;
  for (const [name, env] of runs) {
    console.log(`\n--- server tests on ${name}`);
    const result = await runSuite(env);
    summary.push(`server tests on ${name}: ${result.passed} passed, ${result.failed} failed`);
    if (result.code !== 0 || result.failed > 0 || result.passed === 0) failed = true;
  }
  console.log(`\n${summary.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

main();
