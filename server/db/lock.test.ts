import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startServerProcess } from '../../scripts/lib/server-process';
import { bookOverHttp, callProcess, seedBookableExams } from '../../tests/helpers/processes';
import { openPglite } from './client';
import { acquireDataDirLock } from './lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'exam-lock-'));

test('a second opener of the same DATA_DIR is refused while the first holds it', () => {
  const dir = tempDir();
  const first = acquireDataDirLock(dir);
  try {
    assert.throws(() => acquireDataDirLock(dir), new RegExp(`another server is using DATA_DIR=${dir}`));
  } finally {
    first.release();
  }
  const again = acquireDataDirLock(dir);
  again.release();
  assert.equal(fs.existsSync(path.join(dir, 'server.lock')), false);
  fs.rmSync(dir, { recursive: true });
});

test('a lock left by a dead process is taken over', () => {
  const dir = tempDir();
  // A pid that certainly is not running: a child that has already exited.
  const dead = spawnSync(process.execPath, ['-e', '0']).pid;
  fs.writeFileSync(path.join(dir, 'server.lock'), String(dead));
  const lock = acquireDataDirLock(dir);
  assert.match(fs.readFileSync(lock.path, 'utf8'), new RegExp(`^${process.pid} \\d+$`));
  lock.release();
  fs.rmSync(dir, { recursive: true });
});

/** /proc's state letter of `pid` (Z: a zombie), or undefined when there is no such process. */
function procState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting until ${what}`);
}

test('a lock held by a zombie (killed, not yet reaped by its parent) is taken over', async () => {
  const dir = tempDir();
  // The shell starts a child and becomes `sleep`, which never waits for it: once it exits, it stays a zombie.
  const parent = spawn('sh', ['-c', `${process.execPath} -e 0 & echo $!; exec sleep 30`]);
  try {
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
    );
    await until(() => procState(zombie) === 'Z', `pid ${zombie} is a zombie`);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(zombie));
    const lock = acquireDataDirLock(dir);
    lock.release();
  } finally {
    parent.kill();
    fs.rmSync(dir, { recursive: true });
  }
});

test('a lock naming a live pid that started at another time (a reused pid) is taken over', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'server.lock'), `${process.ppid} 1`);
  const lock = acquireDataDirLock(dir);
  lock.release();
  fs.rmSync(dir, { recursive: true });
});

test('a supervisor restarting the embedded server at once after SIGKILL: it starts, the booking is there, a live one is still refused', {
  timeout: 120_000,
}, async () => {
  const folder = tempDir();
  const dataDir = path.join(folder, 'data');
  const seeding = await openPglite(dataDir);
  const { examId, tokens } = (await seedBookableExams(seeding, { KILL: { seats: 5, candidates: 1 } })).KILL;
  await seeding.close();
  // Shedding has its own tests; on a busy machine a fresh embedded server's first queries could trip it.
  const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', SHED_EVENT_LOOP_DELAY_MS: '0' };
  const token = tokens[0] ?? '';

  const killed = await startServerProcess(await freePort(), env, { unreaped: true });
  let restarted: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const booked = await bookOverHttp(killed.url, token, examId);
    assert.equal(booked.status, 200, JSON.stringify(booked.body));
    const { registration } = booked.body.data as { registration: { id: string } };

    killed.kill('SIGKILL');
    await until(() => procState(killed.pid) === 'Z', 'the killed server is a zombie');
    restarted = await startServerProcess(await freePort(), env);

    const mine = await callProcess(restarted.url, '/api/front/registrations', { token });
    assert.equal(mine.status, 200);
    const ids = (mine.body.data as { list: { id: string }[] }).list.map((r) => r.id);
    assert.deepEqual(ids, [registration.id], 'the booking made before the kill is intact');

    const second = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'main.ts')], {
      env: {
        ...process.env,
        APP_ENV: 'local',
        PORT: String(await freePort()),
        DATABASE_URL: '',
        REDIS_URL: '',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(second.status, 1);
    assert.match(second.stderr, new RegExp(`another server is using DATA_DIR=.* \\(pid ${restarted.pid}\\)`));
  } finally {
    await restarted?.stop();
    await killed.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
