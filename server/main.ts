import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { loadDemoData } from './db/seed/demo';
import { loadReferenceData } from './db/seed/reference';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Migrations, then the reference data every deployment needs (regions, categories, organizations), then demo data
 * when the configuration asks for it; each loader fills only what is empty, so this runs at every start.
 */
export function prepareDatabase(database: Database, config: Pick<Config, 'demoData'>): Promise<void> {
  return database.migrate(async (db) => {
    await loadReferenceData(db);
    if (config.demoData) await loadDemoData(db);
  });
}

/** Opens and prepares the database, then listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await prepareDatabase(database, config);
    app = await buildApp({ config, database });
    const address = await app.listen({ host: config.host, port: config.port });
    const listening = app;
    let closing: Promise<void> | undefined;
    return {
      url: address,
      app: listening,
      database,
      close() {
        closing ??= listening.close().finally(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
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
