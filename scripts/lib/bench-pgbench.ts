import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PriceBreakdown } from '../../contract';
import type { Database } from '../../server/db/client';

/** Where Debian puts pgbench (postgresql-client). */
const PGBENCH = '/usr/bin/pgbench';
/** pgbench is stopped after this long, whatever it is doing: the benchmark always ends by itself. */
const PGBENCH_TIMEOUT_MS = 120_000;

/** What pgbench reached: bookings per second, or why it did not run. */
export type PgbenchResult = { perSecond: number; bookings: number } | { skipped: string };

/**
 * The registrations repository's `bookSeat` statement (takes the seat, writes the registration, its order and the
 * order item) as a pgbench script: each transaction books exam `examId` for the next candidate of
 * `pgbench_candidates`, so every booking is a distinct candidate as in the service's run.
 */
function bookingScript(examId: string, breakdown: PriceBreakdown): string {
  const { totalFen } = breakdown;
  return `WITH pick AS (
  SELECT user_id FROM pgbench_candidates WHERE n = (SELECT nextval('pgbench_candidate_seq'))
), seat AS (
  UPDATE exams SET seats_taken = seats_taken + 1
  WHERE id = '${examId}'::uuid AND seats_taken < capacity AND status = 'active'
  RETURNING id
), registration AS (
  INSERT INTO registrations (id, user_id, exam_id, status, created_at)
  SELECT gen_random_uuid(), pick.user_id, seat.id, 'pending', now() FROM seat, pick
  RETURNING id, user_id
), booked_order AS (
  INSERT INTO orders (id, user_id, purpose, status, exam_id, breakdown, total_fen, promo_code, invitation_code,
                      provider, idempotency_key, expires_at, paid_at, created_at)
  SELECT gen_random_uuid(), registration.user_id, 'booking', 'pending', seat.id, '${JSON.stringify(breakdown)}'::jsonb, ${totalFen},
         NULL, NULL, 'sandbox', md5(random()::text), now() + interval '15 minutes', NULL, now()
  FROM registration, seat
  RETURNING id
), item AS (
  INSERT INTO order_items (order_id, registration_id)
  SELECT booked_order.id, registration.id FROM booked_order, registration
)
SELECT count(*) FROM seat;
`;
}

/**
 * Runs the booking statement through pgbench on `databaseUrl`: `connections` clients, one booking per candidate of
 * `userIds` (as many as divide evenly among the clients) on `examId`, which must have a seat for each. Answers
 * pgbench's transactions per second (without connection time), or `skipped` when there is no pgbench binary.
 */
export async function pgbenchBookings(
  database: Database,
  databaseUrl: string,
  options: { examId: string; userIds: string[]; connections: number; breakdown: PriceBreakdown },
): Promise<PgbenchResult> {
  if (!existsSync(PGBENCH)) return { skipped: `no ${PGBENCH} (install postgresql-client)` };
  const perClient = Math.floor(options.userIds.length / options.connections);
  if (perClient === 0) return { skipped: 'fewer candidates than connections' };
  await database.db.execute(sql`CREATE TABLE pgbench_candidates (n int PRIMARY KEY, user_id uuid NOT NULL)`);
  await database.db.execute(sql`CREATE SEQUENCE pgbench_candidate_seq`);
  const values = options.userIds.map((id, i) => sql`(${i + 1}, ${id}::uuid)`);
  for (let start = 0; start < values.length; start += 1000) {
    await database.db.execute(
      sql`INSERT INTO pgbench_candidates (n, user_id) VALUES ${sql.join(values.slice(start, start + 1000), sql`, `)}`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'exam-pgbench-'));
  const script = join(folder, 'booking.sql');
  writeFileSync(script, bookingScript(options.examId, options.breakdown));
  try {
    const args = ['-n', '-c', String(options.connections), '-j', '2', '-t', String(perClient), '-f', script];
    const output = await run([...args, databaseUrl]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    if (!tps) throw new Error(`pgbench answered no tps:\n${output}`);
    return { perSecond: Number(tps[1]), bookings: perClient * options.connections };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs pgbench to its end (at most PGBENCH_TIMEOUT_MS) and answers what it printed; throws when it failed. */
function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PGBENCH_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`pgbench ended with ${signal ?? `code ${code}`}:\n${output}`));
    });
  });
}
