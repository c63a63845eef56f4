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
  /** The process started (tsx, whose child runs the server): benchmarks sample the memory of its tree. */
  pid: number | undefined;
  stop(): Promise<void>;
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
  options: { operator?: { phone: string; name: string } } = {},
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
  // The first operator comes as a deployment's does: the command line, on the database before the server opens it.
  if (options.operator) {
    const { phone, name } = options.operator;
    const added = spawnSync(tsx, [join(ROOT, 'scripts', 'operator.ts'), 'add', phone, '--name', name], {
      cwd: ROOT,
      env: serverEnv,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`npm run operator -- add failed: ${added.stdout}${added.stderr}`);
  }
  const server = spawn(tsx, [join(ROOT, 'server', 'main.ts')], { cwd: ROOT, env: serverEnv });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, server, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, logFile, pid: server.pid, stop };
}
