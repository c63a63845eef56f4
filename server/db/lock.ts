import fs from 'node:fs';

/** A held lock file; `release` is idempotent and only removes the file while it is still ours. */
export interface FileLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock file is created
 * atomically with our pid; a file left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): FileLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = `${dataDir}/server.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let held = true;
      return {
        path: lockPath,
        release() {
          if (!held) return;
          held = false;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new Error(
          `another server is using DATA_DIR=${dataDir} (pid ${holder}); stop it or set a different DATA_DIR`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not take the lock ${lockPath}`);
}
