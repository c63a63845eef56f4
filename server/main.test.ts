import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { api } from '../contract';
import { loadConfig } from './config';
import { startServer } from './main';

/** The embedded-database start path end to end: a real data dir, real port, demo data, then a restart. */
test('startServer on PGlite: demo data on first start, a restart keeps it, DATA_DIR lock', {
  timeout: 120_000,
}, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-main-'));
  const config = loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-dist'),
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  const first = await startServer(config);
  try {
    const page = api.exams.data.parse(
      ((await (await fetch(`${first.url}/api/front/exams?pageSize=100`)).json()) as { data: unknown }).data,
    );
    assert.ok(page.total >= 10, `demo exams: ${page.total}`);
    assert.ok(page.list.every((e) => new Date(e.startsAt).getTime() > Date.now()));
    assert.equal(page.list.filter((e) => e.requiresAccessCode).length, 1);
    assert.ok(new Set(page.list.map((e) => e.city.code)).size >= 3);
    await assert.rejects(startServer(config), /another server is using DATA_DIR/);
  } finally {
    await first.close();
  }

  const second = await startServer(config);
  try {
    const res = await fetch(`${second.url}/api/front/exams`);
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as { data: { total: number } };
    assert.ok(data.total >= 10, 'demo data is loaded only once, not duplicated or lost');
    assert.ok(data.total < 20);
  } finally {
    await second.close();
  }
  assert.equal(fs.existsSync(path.join(dataDir, 'server.lock')), false, 'the lock is released on close');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
