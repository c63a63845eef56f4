import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { loadDemoData } from '../db/seed/demo';
import { loadReferenceData } from '../db/seed/reference';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabaseOptions {
  /** A database the caller opened, prepared and closes itself (tests share one between apps). */
  database?: Database;
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

/**
 * The database: the one given, or the one the configuration names (PostgreSQL with DATABASE_URL, else PGlite in
 * DATA_DIR), opened and prepared here and closed when the app closes.
 */
export const databasePlugin = fp<DatabaseOptions>(
  async (app, options) => {
    if (options.database) {
      app.decorate('database', options.database);
      return;
    }
    const database = await openDatabase(app.config);
    try {
      await prepareDatabase(database, app.config);
    } catch (error) {
      await database.close();
      throw error;
    }
    app.decorate('database', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
