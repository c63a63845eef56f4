import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

/** The drizzle database both drivers give; repositories take this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /**
   * Applies pending migrations, then runs `then` (reference and demo data) while still holding a lock, so
   * several instances starting together on one PostgreSQL neither race the migrations nor seed twice.
   */
  migrate(then?: (db: Db) => Promise<void>): Promise<void>;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming this app's advisory lock for migrations. */
const MIGRATION_LOCK_KEY = 7_200_412_311;

/** Wraps an open PGlite (a data dir, an in-memory copy of a template in tests). `onClose` runs after it closes. */
export function pgliteDatabase(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    async migrate(then) {
      await migratePglite(db, { migrationsFolder });
      await then?.(db);
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        onClose();
      }
    },
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    return pgliteDatabase(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  let ended: Promise<void> | undefined;
  return {
    db,
    driver: 'postgres',
    async migrate(then) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg({ client, schema });
        await migratePg(locked, { migrationsFolder });
        await then?.(locked);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close() {
      ended ??= pool.end();
      return ended;
    },
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? Promise.resolve(openPostgres(options.databaseUrl)) : openPglite(options.dataDir);
}
