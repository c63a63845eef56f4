/**
 * `npm run bench:booking`: many candidates book one exam at once over HTTP against the production server, on
 * PostgreSQL and on PGlite. The candidates (accounts, complete profiles, bearer tokens) are written to the database
 * before the server starts, so only booking requests are measured.
 *
 * Settings (environment): BENCH_CANDIDATES (2000), BENCH_SEATS (500), BENCH_CONNECTIONS (64 concurrent HTTP
 * connections), BENCH_DATABASES (postgres,pglite), BENCH_DATABASE_URL (a PostgreSQL server where a scratch database
 * is created and dropped; default postgres://postgres@127.0.0.1:5432/test), WORKERS (server processes; default what
 * production uses: one fewer than the CPUs on PostgreSQL, one on PGlite).
 * On PostgreSQL, pgbench (/usr/bin/pgbench; skipped with a line saying so when missing) first runs the same booking
 * statement on the same scratch database with as many connections, one booking per measured candidate on an exam of
 * its own: the raw database's figure, against which the service's bookings per second are compared.
 * Target on a 2-core machine with PostgreSQL: at least as many bookings per second as pgbench, p99 under 250 ms,
 * no oversold seat and no 5xx answer.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { avatars, profiles, sessions, users } from '../server/db/schema';
import { hashToken } from '../server/domain/auth';
import { priceBooking } from '../server/domain/pricing';
import { uuidv7 } from '../server/ids';
import {
  BENCH_FEE_FEN,
  type BenchDatabaseKind,
  examSeats,
  seedBenchExams,
  withBenchDatabase,
} from './lib/bench-database';
import { benchOnEachDatabase, benchProfile, overConnections, percentile, postJson } from './lib/bench-load';
import { pgbenchBookings } from './lib/bench-pgbench';
import { freePort, startServerProcess } from './lib/server-process';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 2000);
const SEATS = Number(process.env.BENCH_SEATS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** Candidates who book a separate exam first, so the measured run meets a warmed-up server (JIT, pools). */
const WARM_UP_CANDIDATES = Math.max(200, Math.round(CANDIDATES / 4));

/**
 * The measured exam of SEATS seats with CANDIDATES candidates, and a warm-up exam with its own candidates; every
 * candidate is an individual with a complete profile and a live session.
 */
async function seed(database: Database) {
  const examIds = await seedBenchExams(database, {
    'BENCH-1': SEATS,
    'BENCH-WARM-UP': Math.round(WARM_UP_CANDIDATES / 4),
    'BENCH-PGBENCH': CANDIDATES,
  });
  const { db } = database;

  const tokens: string[] = [];
  const userIds: string[] = [];
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tinyImage = Buffer.from('benchmark');
  const everyone = CANDIDATES + WARM_UP_CANDIDATES;
  for (let start = 0; start < everyone; start += 500) {
    const batch = Array.from({ length: Math.min(500, everyone - start) }, (_, i) => {
      const n = start + i;
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      const userId = uuidv7();
      userIds.push(userId);
      const avatarId = uuidv7();
      return {
        user: {
          id: userId,
          phone: `+86139${String(n).padStart(8, '0')}`,
          kind: 'individual' as const,
          name: `考生${n}`,
        },
        session: { id: uuidv7(), userId, tokenHash: hashToken(token), expiresAt },
        avatar: { id: avatarId, userId, contentType: 'image/webp', image: tinyImage, small: tinyImage },
        profile: { ...benchProfile(userId, n, `+86139${String(n).padStart(8, '0')}`), avatarId },
      };
    });
    await db.insert(users).values(batch.map((b) => b.user));
    await db.insert(sessions).values(batch.map((b) => b.session));
    await db.insert(avatars).values(batch.map((b) => b.avatar));
    await db.insert(profiles).values(batch.map((b) => b.profile));
  }
  return {
    examId: examIds.get('BENCH-1') ?? '',
    tokens: tokens.slice(0, CANDIDATES),
    userIds: userIds.slice(0, CANDIDATES),
    pgbenchExamId: examIds.get('BENCH-PGBENCH') ?? '',
    warmUpExamId: examIds.get('BENCH-WARM-UP') ?? '',
    warmUpTokens: tokens.slice(CANDIDATES),
  };
}

/** The total the checkout shows for one seat of `examId`: every booking confirms it, as the checkout page does. */
async function quotedTotal(baseUrl: string, token: string, examId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/front/checkout/quote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ examId }),
  });
  const envelope = (await response.json()) as { data: { totalFen: number } };
  return envelope.data.totalFen;
}

/** Fires one booking per candidate through CONNECTIONS connections and reports what came back. */
async function fire(baseUrl: string, examId: string, tokens: string[]) {
  const expectedTotalFen = await quotedTotal(baseUrl, tokens[0] ?? '', examId);
  const { answers, seconds } = await overConnections(baseUrl, CONNECTIONS, tokens, (agent, url, token) =>
    postJson(
      agent,
      url,
      '/api/front/student-registration',
      { authorization: `Bearer ${token}`, 'idempotency-key': randomBytes(12).toString('hex') },
      { examId, expectedTotalFen },
    ),
  );
  const latencies = answers.map((a) => a.roundTripMs).sort((a, b) => a - b);
  return {
    seconds,
    perSecond: answers.length / seconds,
    booked: answers.filter((a) => a.status === 200).length,
    soldOut: answers.filter((a) => a.status === 409).length,
    serverErrors: answers.filter((a) => a.status >= 500 || a.status === 0).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 409 && a.status < 500 && a.status !== 0).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function runOn(kind: BenchDatabaseKind) {
  return withBenchDatabase(kind, async (database) => {
    // What the server will run with: its worker count, and the handling fee the quote adds.
    const serverConfig = loadConfig({ ...process.env, ...database.env, APP_ENV: 'local' });
    const workers = serverConfig.workers;
    const seeding = await database.open();
    const { examId, tokens, userIds, pgbenchExamId, warmUpExamId, warmUpTokens } = await seed(seeding);
    const pgbench =
      kind === 'postgres'
        ? await pgbenchBookings(seeding, database.env.DATABASE_URL, {
            examId: pgbenchExamId,
            userIds,
            connections: CONNECTIONS,
            breakdown: priceBooking({
              unitPriceFen: BENCH_FEE_FEN,
              quantity: 1,
              handlingFeeBps: serverConfig.handlingFeeBps,
            }),
          })
        : undefined;
    await seeding.close();

    const server = await startServerProcess(await freePort(), {
      ...database.env,
      DEMO_DATA: 'false',
      RATE_LIMIT_PER_MINUTE: String(CANDIDATES * 10),
      LOG_LEVEL: 'warn',
    });
    let result: Awaited<ReturnType<typeof fire>>;
    try {
      const warmUp = await fire(server.url, warmUpExamId, warmUpTokens);
      console.log(
        `\n${kind}: warm-up, ${warmUpTokens.length} bookings at ${warmUp.perSecond.toFixed(0)}/s (not counted)`,
      );
      result = await fire(server.url, examId, tokens);
    } finally {
      await server.stop();
    }
    const checking = await database.open();
    const seats = await examSeats(checking, examId);
    await checking.close();

    const oversold = Math.max(0, result.booked - SEATS, seats.taken - seats.capacity, seats.live - seats.capacity);
    console.log(`\n${kind}: ${CANDIDATES} candidates, ${SEATS} seats, ${CONNECTIONS} connections`);
    console.log(`  booking requests answered per second  ${result.perSecond.toFixed(0)}`);
    console.log(`  successful bookings                   ${result.booked} (sold out: ${result.soldOut})`);
    console.log(`  latency p50 / p99                     ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms`);
    console.log(`  oversold seats                        ${oversold} (seats taken ${seats.taken}, live ${seats.live})`);
    console.log(`  5xx or failed answers                 ${result.serverErrors} (other 4xx: ${result.other})`);
    console.log(`  wall time                             ${result.seconds.toFixed(2)} s`);
    const bookingsPerSecond = result.booked / result.seconds;
    let asFastAsDatabase = true;
    if (pgbench && 'skipped' in pgbench) {
      console.log(`  pgbench                               skipped: ${pgbench.skipped}`);
    } else if (pgbench) {
      const ratio = bookingsPerSecond / pgbench.perSecond;
      asFastAsDatabase = ratio >= 1;
      console.log(
        `  pgbench, the same booking statement   ${pgbench.perSecond.toFixed(0)} bookings/s (${pgbench.bookings} bookings, ${CONNECTIONS} connections)`,
      );
      console.log(`  service (${workers} workers)                   ${bookingsPerSecond.toFixed(0)} bookings/s`);
      console.log(`  service / pgbench                     ${ratio.toFixed(2)}`);
    }
    return (
      asFastAsDatabase &&
      result.p99 < 250 &&
      oversold === 0 &&
      result.serverErrors === 0 &&
      result.booked === Math.min(SEATS, CANDIDATES)
    );
  });
}

benchOnEachDatabase(
  runOn,
  'target (PostgreSQL, 2 cores): bookings/s >= pgbench of the same statement, p99 < 250 ms, 0 oversold, 0 5xx',
);
