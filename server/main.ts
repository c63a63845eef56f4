import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the app, which opens and prepares the database (plugins/database.ts), then listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const app = await buildApp({ config });
  try {
    const address = await app.listen({ host: config.host, port: config.port });
    let closing: Promise<void> | undefined;
    return {
      url: address,
      app,
      close() {
        closing ??= app.close();
        return closing;
      },
    };
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}

/** Set by the primary in each worker's environment: "1" for the one worker that runs the background jobs. */
const JOBS_WORKER_ENV = 'EXAM_JOBS_WORKER';
/** How long the primary waits before replacing a worker that died, so a crash loop does not spin a core. */
const RESTART_DELAY_MS = 1000;

/**
 * The primary of a cluster of `config.workers` server processes sharing one port (node:cluster hands connections out
 * round robin). One worker runs the background jobs (plugins/jobs.ts); a worker that dies is replaced, the jobs
 * worker by another jobs worker. A worker that exits before it ever listened means the server cannot start (a bad
 * database URL, say): everything stops with exit code 1 rather than restarting forever. SIGINT/SIGTERM stop all.
 */
function runPrimary(config: Config): void {
  const runsJobs = new Map<Worker, boolean>();
  const listened = new Set<Worker>();
  let stopping = false;
  const fork = (jobs: boolean) => {
    runsJobs.set(cluster.fork({ [JOBS_WORKER_ENV]: jobs ? '1' : '0' }), jobs);
  };
  const stopAll = (code: number) => {
    stopping = true;
    const exits = [...runsJobs.keys()].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    );
    void Promise.all(exits).then(() => process.exit(code));
  };
  cluster.on('listening', (worker, address) => {
    listened.add(worker);
    if (listened.size === config.workers && runsJobs.size === config.workers) {
      process.stdout.write(
        `${config.workers} workers (WORKERS) share http://${config.host}:${address.port}; pids ${[...runsJobs.keys()].map((w) => w.process.pid).join(', ')}\n`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const jobs = runsJobs.get(worker) ?? false;
    runsJobs.delete(worker);
    if (stopping) return;
    if (!listened.has(worker)) {
      process.stderr.write(`A worker exited (code ${code}) before it could listen: stopping\n`);
      stopAll(1);
      return;
    }
    listened.delete(worker);
    process.stderr.write(`Worker ${worker.process.pid} died (${signal ?? `code ${code}`}): starting another\n`);
    setTimeout(() => {
      if (!stopping) fork(jobs);
    }, RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.workers; i += 1) fork(i === 0);
  const stop = (signal: NodeJS.Signals) => {
    process.stdout.write(`${signal}: shutting down ${runsJobs.size} workers\n`);
    stopAll(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Reads the environment, starts the server and stops it cleanly on SIGINT/SIGTERM (`npm start` calls this). With
 * WORKERS above 1 on PostgreSQL this process becomes the primary of that many server processes (runPrimary).
 */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  if (cluster.isPrimary && config.workers > 1) {
    runPrimary(config);
    return;
  }
  if (cluster.isWorker) {
    config = { ...config, runJobs: config.runJobs && process.env[JOBS_WORKER_ENV] === '1' };
  } else if ((config.workersRequested ?? 1) > 1) {
    process.stdout.write(
      `WORKERS=${config.workersRequested} ignored: the embedded PGlite database is one process (set DATABASE_URL for several)\n`,
    );
  }
  const started = performance.now();
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const who = cluster.isWorker ? `worker ${process.pid}` : 'Exam Ability';
  process.stdout.write(`${who} is listening on ${server.url} (${database}, ready in ${seconds} s)\n`);
  // The hints once per cluster: from the worker that runs the jobs (or the only process).
  if (!cluster.isWorker || config.runJobs) await printHints(config, server);
  const stop = (signal: NodeJS.Signals) => {
    process.stdout.write(`${signal}: shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** What to do next: add the first operator, and where login codes appear. */
async function printHints(config: Config, server: RunningServer): Promise<void> {
  if ((await server.app.repos.operators.count()) === 0) {
    process.stdout.write(
      'No operator yet: add the first with `npm run operator -- add <phone> --name <name>` (stop the server first ' +
        `on the embedded database), then log in at ${config.publicUrl ?? server.url}/ops/login.\n`,
    );
  }
  if (config.sms.provider === 'console') {
    process.stdout.write('SMS_PROVIDER=console: one-time login codes appear in this console as [sms] lines.\n');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main();
}
