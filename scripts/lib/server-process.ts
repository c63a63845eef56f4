import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface RunningServer {
  url: string;
  /** Everything the server printed (its logs and the console SMS lines). */
  logFile: string;
  /** The server process's own pid (node running server/main.ts, not a wrapper): benchmarks sample its tree's memory. */
  pid: number;
  /** Sends `signal` to the server process itself, as a supervisor or the kernel's OOM killer would. */
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, deadlineMs: number) {
  while (Date.now() < deadlineMs) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} was not ready in time`);
}

/**
 * Starts the production server as a separate process: the built front end in dist/, a fresh embedded database with
 * demo data in a temporary DATA_DIR, and the console SMS provider. Used by the e2e tests and the benchmarks.
 */
export async function startServerProcess(
  port: number,
  env: NodeJS.ProcessEnv = {},
  options: {
    operators?: Array<{ phone: string; name: string }>;
    /**
     * Started by a parent that never reaps it (a shell that then becomes `sleep`): once killed, the server stays a
     * zombie holding its pid, as under a supervisor that has not yet waited for it.
     */
    unreaped?: boolean;
  } = {},
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(join(tmpdir(), 'exam-server-'));
  const logFile = join(work, 'server.log');
  const log = createWriteStream(logFile);
  const serverEnv = {
    ...process.env,
    APP_ENV: 'local',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    STATIC_DIR: join(ROOT, 'dist'),
    DATABASE_URL: '',
    REDIS_URL: '',
    SMS_PROVIDER: 'console',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  // Operators come as a deployment's first one does: the command line, on the database before the server opens it.
  for (const { phone, name } of options.operators ?? []) {
    const added = spawnSync(tsx, [join(ROOT, 'scripts', 'operator.ts'), 'add', phone, '--name', name], {
      cwd: ROOT,
      env: serverEnv,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`npm run operator -- add failed: ${added.stdout}${added.stderr}`);
  }
  // node itself rather than the tsx wrapper, which would run the server as a child of its own: a signal must reach it.
  const command = [process.execPath, '--import', 'tsx', join(ROOT, 'server', 'main.ts')];
  const server = options.unreaped
    ? spawn('sh', ['-c', '"$@" & echo $!; exec sleep 3600', 'sh', ...command], { cwd: ROOT, env: serverEnv })
    : spawn(command[0] ?? '', command.slice(1), { cwd: ROOT, env: serverEnv });
  const serverPid = options.unreaped
    ? await new Promise<number>((resolve, reject) => {
        server.stdout?.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
        server.once('exit', () => reject(new Error('the shell starting the server exited')));
      })
    : (server.pid ?? 0);
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (!isGone(serverPid)) process.kill(serverPid, 'SIGTERM');
    // The shell's sleep goes too, so the server (or the zombie it left) is reaped by init.
    if (options.unreaped && server.exitCode === null) server.kill('SIGTERM');
    await exited;
    for (let waited = 0; waited < 10_000 && !isGone(serverPid); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, server, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logFile, pid: serverPid, kill: (signal) => process.kill(serverPid, signal), stop };
}
