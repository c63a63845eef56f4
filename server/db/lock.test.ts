import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
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
  assert.equal(fs.readFileSync(lock.path, 'utf8'), String(process.pid));
  lock.release();
  fs.rmSync(dir, { recursive: true });
});
