import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPostgres, pgliteDatabase } from '../../server/db/client';
import { loadReferenceData } from '../../server/db/seed/reference';

const ROOT = path.join(__dirname, '..', '..');

/** Which database the server suite runs on: TEST_DB=postgres needs TEST_DATABASE_URL. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The template changes whenever a migration or the reference loader does. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(ROOT, 'server', 'db', 'migrations');
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(ROOT, 'server', 'db', 'seed', 'reference.ts')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite with reference data, dumped once and shared by every test file: a fresh instance takes
 * seconds to initialise, loading the dump well under one.
 */
async function pgliteTemplate(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `exam-ability-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const client = await PGlite.create();
  const database = pgliteDatabase(client);
  await database.migrate(loadReferenceData);
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  // Written aside and renamed, so parallel test files never read half a template.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  return dump;
}

async function freshPglite(): Promise<Database> {
  const template = await pgliteTemplate();
  const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(template)]) });
  return pgliteDatabase(client);
}

/** A uniquely named, empty database on the TEST_DATABASE_URL server, dropped when closed. */
async function scratchPostgres(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  const name = `exam_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // pool.end() resolves before its sockets close; a forced drop at once kills them mid-close, an uncaught
        // "terminating connection" in whichever test opened them. A plain drop waits (up to 5 s) for them to go.
        await dropper
          .query(`drop database if exists ${name}`)
          .catch(() => dropper.query(`drop database if exists ${name} with (force)`));
      } finally {
        await dropper.end();
      }
    },
  };
}

async function freshPostgres(): Promise<Database> {
  const database = await scratchPostgres();
  await database.migrate(loadReferenceData);
  return database;
}

/** A fresh, migrated database with the reference data (regions, categories, organizations), on the TEST_DB driver. */
export function openTestDatabase(): Promise<Database> {
  return testDbKind() === 'postgres' ? freshPostgres() : freshPglite();
}

/** A database as a new deployment finds it: empty, not even migrated, on the driver TEST_DB names. */
export async function openBlankDatabase(): Promise<Database> {
  return testDbKind() === 'postgres' ? scratchPostgres() : pgliteDatabase(await PGlite.create());
}
