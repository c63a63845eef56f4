import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { categories, exams, registrations, testCenters } from '../../server/db/schema';
import { loadReferenceData } from '../../server/db/seed/reference';
import { uuidv7 } from '../../server/ids';

export type BenchDatabaseKind = 'postgres' | 'pglite';

export interface BenchDatabase {
  /** Opens the scratch database (the script seeds through it and checks after; close it before the server starts). */
  open(): Promise<Database>;
  /** What the server process gets: DATABASE_URL (empty for PGlite) and DATA_DIR. */
  env: { DATABASE_URL: string; DATA_DIR: string };
}

/** The database kinds BENCH_DATABASES names (default both), refusing unknown names. */
export function benchDatabaseKinds(setting = process.env.BENCH_DATABASES ?? 'postgres,pglite'): BenchDatabaseKind[] {
  return setting.split(',').map((name) => {
    const kind = name.trim();
    if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`unknown database ${kind} in BENCH_DATABASES`);
    return kind;
  });
}

/**
 * Runs `work` on a scratch database of `kind` that is removed afterwards: a PostgreSQL database created on the server
 * of `adminUrl` (BENCH_DATABASE_URL, default the local test server), or a PGlite directory in a temporary folder.
 */
export async function withBenchDatabase<T>(
  kind: BenchDatabaseKind,
  work: (db: BenchDatabase) => Promise<T>,
  adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
) {
  const folder = mkdtempSync(join(tmpdir(), 'exam-bench-'));
  const dataDir = join(folder, 'data');
  const scratch = `exam_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let databaseUrl = '';
  if (kind === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin(`CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  try {
    return await work({
      open: async () => (kind === 'postgres' ? openPostgres(databaseUrl) : openPglite(dataDir)),
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (kind === 'postgres') await admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
}

/** The fee of every bench exam. */
export const BENCH_FEE_FEN = 20_000;

/**
 * Migrates a fresh bench database and adds one category, one center and an exam per entry of `seats` (code to
 * capacity), each 30 days away with registration closing a day before. Answers code -> exam id.
 */
export async function seedBenchExams(database: Database, seats: Record<string, number>): Promise<Map<string, string>> {
  await database.migrate(loadReferenceData);
  const { db } = database;
  const categoryId = uuidv7();
  await db.insert(categories).values({ id: categoryId, code: 'bench', nameZh: '压测', nameEn: 'Benchmark' });
  const centerId = uuidv7();
  await db.insert(testCenters).values({
    id: centerId,
    nameZh: '压测考点',
    nameEn: 'Benchmark Center',
    provinceCode: '11',
    cityCode: '1101',
    addressZh: '测试路 1 号',
    addressEn: '1 Test Road',
    capacity: Math.max(...Object.values(seats)),
    verificationStatus: 'approved',
  });
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const rows = Object.entries(seats).map(([code, capacity]) => ({
    id: uuidv7(),
    code,
    nameZh: '压测考试',
    nameEn: 'Benchmark exam',
    categoryId,
    centerId,
    locationZh: '一号考场',
    locationEn: 'Hall 1',
    provinceCode: '11',
    cityCode: '1101',
    startsAt,
    registrationEndsAt: new Date(startsAt.getTime() - 86_400_000),
    feeFen: BENCH_FEE_FEN,
    capacity,
  }));
  await db.insert(exams).values(rows);
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * An exam's seats as the database holds them after a burst: taken on the exam row, its capacity, and the live
 * registrations (awaiting payment, booked, checked in) that hold one. Oversold when taken or live exceed capacity, a
 * seat lost when taken exceeds live.
 */
export async function examSeats(database: Database, examId: string) {
  const [exam] = await database.db
    .select({ taken: exams.seatsTaken, capacity: exams.capacity })
    .from(exams)
    .where(eq(exams.id, examId));
  if (!exam) throw new Error(`no exam ${examId}`);
  const [live] = await database.db
    .select({ n: count() })
    .from(registrations)
    .where(and(eq(registrations.examId, examId), inArray(registrations.status, ['pending', 'register', 'checkin'])));
  return { taken: exam.taken, capacity: exam.capacity, live: live?.n ?? 0 };
}
