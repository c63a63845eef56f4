import fs from 'node:fs';

/** A held lock file; `release` is idempotent and only removes the file while it is still ours. */
export interface FileLock {
  path: string;
  release(): void;
}

/** A process as /proc tells it (Linux): its state letter and its start time in clock ticks since boot. */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read from the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, startTicks] = [fields[0], fields[19]];
    return state && startTicks ? { state, startTicks } : undefined;
  } catch {
    return undefined;
  }
}

/** What the lock file says: our pid and, where /proc exists, when this process started (so a reused pid shows). */
function lockText(): string {
  const startTicks = procStat(process.pid)?.startTicks;
  return startTicks ? `${process.pid} ${startTicks}` : String(process.pid);
}

/**
 * Whether the process that wrote `text` still runs. Dead: no such process; a zombie (killed, not yet reaped by its
 * parent: a supervisor that restarts at once meets exactly that); or a live process that started at another time than
 * the writer, which is a later process given the same pid (containers hand out the same few pids at every start).
 */
function holderAlive(text: string): { pid: number; alive: boolean } {
  const [pidText = '', startTicks] = text.trim().split(' ');
  const pid = Number.parseInt(pidText, 10);
  if (!Number.isInteger(pid) || pid <= 0) return { pid, alive: false };
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { pid, alive: false };
  }
  const stat = procStat(pid);
  if (stat && (stat.state === 'Z' || stat.state === 'X')) return { pid, alive: false };
  if (stat && startTicks && stat.startTicks !== startTicks) return { pid, alive: false };
  return { pid, alive: true };
}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock file is created
 * atomically with our pid and start time; a file left by a dead process (gone, a zombie, or its pid now another
 * process's) is taken over, so a supervisor's immediate restart after a kill succeeds.
 */
export function acquireDataDirLock(dataDir: string): FileLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = `${dataDir}/server.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const ours = lockText();
      fs.writeFileSync(lockPath, ours, { flag: 'wx' });
      let held = true;
      return {
        path: lockPath,
        release() {
          if (!held) return;
          held = false;
          try {
            if (fs.readFileSync(lockPath, 'utf8') === ours) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderAlive(fs.readFileSync(lockPath, 'utf8'));
      if (holder.alive) {
        throw new Error(
          `another server is using DATA_DIR=${dataDir} (pid ${holder.pid}); stop it or set a different DATA_DIR`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not take the lock ${lockPath}`);
}
