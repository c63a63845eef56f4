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

/** Reads the environment, starts the server and stops it cleanly on SIGINT/SIGTERM (`npm start` calls this). */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
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
  process.stdout.write(`Exam Ability is listening on ${server.url} (${database}, ready in ${seconds} s)\n`);
  if ((await server.app.repos.operators.count()) === 0) {
    process.stdout.write(
      'No operator yet: add the first with `npm run operator -- add <phone> --name <name>` (stop the server first ' +
        `on the embedded database), then log in at ${config.publicUrl ?? server.url}/ops/login.\n`,
    );
  }
  if (config.sms.provider === 'console') {
    process.stdout.write('SMS_PROVIDER=console: one-time login codes appear in this console as [sms] lines.\n');
  }
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main();
}
