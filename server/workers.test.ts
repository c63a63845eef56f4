import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import pg from 'pg';
import { freePort, startServerProcess } from '../scripts/lib/server-process';
import { testDbKind } from '../tests/helpers/db';

/** Polls the server's log until `pattern` matches it (at most 30 s); answers the match. */
async function waitForLog(logFile: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = readFileSync(logFile, 'utf8').match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`the server log never matched ${pattern}:\n${readFileSync(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the log names a listening worker other than `known`; answers its pid. */
async function waitForNewWorker(logFile: string, known: number[]): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const listening = [...readFileSync(logFile, 'utf8').matchAll(/worker (\d+) is listening/g)].map((m) =>
      Number(m[1]),
    );
    const fresh = listening.find((pid) => !known.includes(pid));
    if (fresh !== undefined) return fresh;
    if (Date.now() > deadline) throw new Error(`no new worker listened:\n${readFileSync(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ready(url: string): Promise<number> {
  return (await fetch(`${url}/api/ready`)).status;
}

/** A scratch database on the TEST_DATABASE_URL server for `work`, dropped afterwards. */
async function withScratchDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `exam_workers_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (testDbKind() === 'postgres') {
  test('WORKERS=2 on PostgreSQL: two processes answer on one port, a killed one is replaced, SIGTERM stops all', async () => {
    await withScratchDatabase(async (databaseUrl) => {
      const server = await startServerProcess(await freePort(), {
        DATABASE_URL: databaseUrl,
        WORKERS: '2',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      });
      let pids: number[] = [];
      try {
        const shared = await waitForLog(server.logFile, /2 workers \(WORKERS\) share \S+; pids (\d+), (\d+)/);
        const [first, second] = [Number(shared[1]), Number(shared[2])];
        pids = [first, second];
        assert.notEqual(first, second);
        assert.ok(alive(first) && alive(second));

        // One dies: the other answers on the same port at once, and the primary starts a third.
        process.kill(first, 'SIGKILL');
        await waitForLog(server.logFile, new RegExp(`Worker ${first} died`));
        assert.equal(await ready(server.url), 200, `answered by ${second}`);
        const replacement = await waitForNewWorker(server.logFile, pids);
        assert.ok(alive(replacement));
        pids.push(replacement);

        // The first survivor dies too: the replacement answers alone.
        process.kill(second, 'SIGKILL');
        await waitForLog(server.logFile, new RegExp(`Worker ${second} died`));
        assert.equal(await ready(server.url), 200, `answered by ${replacement}`);
      } finally {
        await server.stop();
      }
      // The primary stopped every worker before it exited.
      const deadline = Date.now() + 5000;
      while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(pids.filter(alive), []);
    });
  });
} else {
  test('WORKERS on PGlite: one process, saying it ignores the setting', async () => {
    const server = await startServerProcess(await freePort(), { WORKERS: '2', DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
    try {
      await waitForLog(server.logFile, /WORKERS=2 ignored: the embedded PGlite database is one process/);
      assert.equal(await ready(server.url), 200);
      assert.doesNotMatch(readFileSync(server.logFile, 'utf8'), /workers \(WORKERS\) share/);
    } finally {
      await server.stop();
    }
  });
}
