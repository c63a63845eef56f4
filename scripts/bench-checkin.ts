/**
 * `npm run bench:checkin`: the door of a 5,000-candidate exam. Every candidate's ticket token is scanned once through
 * the check-in endpoint of the production server over 32 connections, then 500 tickets are scanned again (a repeat
 * answers when the candidate was checked in). The server's own time of each answer comes from its Server-Timing
 * header; the round trip is measured here. Runs on PostgreSQL and on PGlite.
 *
 * The candidates (accounts, profiles, paid registrations), the examiner (session, assignment) and the tickets are
 * written before the server starts; the tickets are signed with the key the server derives from the same APP_SECRET.
 *
 * Settings (environment): BENCH_CANDIDATES (5000), BENCH_REPEATS (500), BENCH_CONNECTIONS (32), BENCH_DATABASES
 * (postgres,pglite), BENCH_DATABASE_URL (see scripts/lib/bench-database.ts).
 * Target (issue 5): p99 of the server time under 50 ms; every scan answered 200, each candidate checked in once.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { examExaminers, exams, profiles, registrations, users } from '../server/db/schema';
import { createTicketSigner } from '../server/domain/tickets';
import { uuidv7 } from '../server/ids';
import { type BenchDatabaseKind, seedBenchExams, withBenchDatabase } from './lib/bench-database';
import {
  benchOnEachDatabase,
  benchProfile,
  benchSession,
  overConnections,
  percentile,
  postJson,
} from './lib/bench-load';
import { freePort, startServerProcess } from './lib/server-process';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 5000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Scans of a separate exam first, so the measured run meets a warmed-up server (JIT, pools, prepared statements). */
const WARM_UP_CANDIDATES = 500;
const TARGET_MS = 50;
/** The secret the server process gets; the bench signs tickets with the key derived from it. */
const APP_SECRET = `bench-${randomBytes(16).toString('hex')}`;

/** `n` candidates with complete profiles and paid (register) registrations for `examId`; answers the registrations. */
async function seedCandidates(database: Database, examId: string, firstPhone: number, n: number): Promise<string[]> {
  const { db } = database;
  const registrationIds: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, i) => {
      const phone = `+86${firstPhone + start + i}`;
      const userId = uuidv7();
      const registrationId = uuidv7();
      registrationIds.push(registrationId);
      return {
        user: {
          id: userId,
          phone,
          kind: 'individual' as const,
          name: `考生${start + i}`,
          avatarSmall: `/api/front/avatars/${uuidv7()}/small`,
        },
        profile: benchProfile(userId, start + i, phone),
        registration: { id: registrationId, userId, examId, status: 'register' as const },
      };
    });
    await db.insert(users).values(batch.map((b) => b.user));
    await db.insert(profiles).values(batch.map((b) => b.profile));
    await db.insert(registrations).values(batch.map((b) => b.registration));
  }
  await db.update(exams).set({ seatsTaken: n }).where(eq(exams.id, examId));
  return registrationIds;
}

/** Both exams, their candidates, one examiner assigned to both with a live session, and every ticket token. */
async function seed(database: Database) {
  const examIds = await seedBenchExams(database, { 'CHECKIN-1': CANDIDATES, 'CHECKIN-WARM-UP': WARM_UP_CANDIDATES });
  const examId = examIds.get('CHECKIN-1') ?? '';
  const warmUpExamId = examIds.get('CHECKIN-WARM-UP') ?? '';
  const measured = await seedCandidates(database, examId, 13900000000, CANDIDATES);
  const warmUp = await seedCandidates(database, warmUpExamId, 13800000000, WARM_UP_CANDIDATES);

  const { db } = database;
  const examiner = await benchSession(database, { phone: '+8613700000000', kind: 'examiner', name: '考官' });
  const examinerId = examiner.userId;
  await db.insert(examExaminers).values([
    { examId, examinerId },
    { examId: warmUpExamId, examinerId },
  ]);

  const [exam] = await db.select({ startsAt: exams.startsAt }).from(exams).where(eq(exams.id, examId));
  const startsAt = exam?.startsAt ?? new Date();
  const signer = createTicketSigner({ appSecret: APP_SECRET, ticketSigningKey: undefined });
  const sign = (ids: string[], forExam: string) =>
    Promise.all(ids.map((registrationId) => signer.signTicket({ registrationId, examId: forExam, startsAt })));
  return {
    examId,
    warmUpExamId,
    examinerToken: examiner.token,
    tickets: await sign(measured, examId),
    warmUpTickets: await sign(warmUp, warmUpExamId),
  };
}

interface Scan {
  status: number;
  alreadyCheckedIn: boolean | undefined;
  serverMs: number;
  roundTripMs: number;
}

/** Whether the check-in answer says the candidate was in already; undefined when it is not an answer of the API. */
function alreadyCheckedIn(body: Buffer): boolean | undefined {
  try {
    return JSON.parse(body.toString()).data?.alreadyCheckedIn;
  } catch {
    return undefined;
  }
}

/** Scans every token through CONNECTIONS connections and reports what came back. */
async function fire(baseUrl: string, examinerToken: string, examId: string, tokens: string[]) {
  const { answers, seconds } = await overConnections(baseUrl, CONNECTIONS, tokens, async (agent, url, token) => {
    const answer = await postJson(
      agent,
      url,
      `/api/examiner/exams/${examId}/checkin`,
      { authorization: `Bearer ${examinerToken}` },
      { token },
    );
    return { ...answer, alreadyCheckedIn: alreadyCheckedIn(answer.body) } satisfies Scan;
  });
  const server = answers.map((s) => s.serverMs).sort((a, b) => a - b);
  const roundTrip = answers.map((s) => s.roundTripMs).sort((a, b) => a - b);
  return {
    seconds,
    perSecond: answers.length / seconds,
    checkedIn: answers.filter((s) => s.status === 200 && s.alreadyCheckedIn === false).length,
    repeats: answers.filter((s) => s.status === 200 && s.alreadyCheckedIn === true).length,
    failed: answers.filter((s) => s.status !== 200).length,
    serverP50: percentile(server, 50),
    serverP99: percentile(server, 99),
    roundTripP50: percentile(roundTrip, 50),
    roundTripP99: percentile(roundTrip, 99),
  };
}

/** The tickets in a random order, then REPEATS of them again (a second scan at the door). */
function scanOrder(tickets: string[]): string[] {
  const shuffled = [...tickets];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] ?? '', shuffled[i] ?? ''];
  }
  return [...shuffled, ...shuffled.slice(0, Math.min(REPEATS, shuffled.length))];
}

async function checkedInCount(database: Database, examId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.examId, examId),
        eq(registrations.status, 'checkin'),
        sql`${registrations.checkedInBy} IS NOT NULL`,
      ),
    );
  return row?.n ?? 0;
}

async function runOn(kind: BenchDatabaseKind) {
  return withBenchDatabase(kind, async (database) => {
    const seeding = await database.open();
    const seeded = await seed(seeding);
    await seeding.close();

    const server = await startServerProcess(await freePort(), {
      ...database.env,
      APP_SECRET,
      DEMO_DATA: 'false',
      RATE_LIMIT_PER_MINUTE: String((CANDIDATES + REPEATS + WARM_UP_CANDIDATES) * 10),
      LOG_LEVEL: 'warn',
    });
    let result: Awaited<ReturnType<typeof fire>>;
    try {
      const warmUp = await fire(server.url, seeded.examinerToken, seeded.warmUpExamId, seeded.warmUpTickets);
      console.log(
        `\n${kind}: warm-up, ${warmUp.checkedIn} check-ins at ${warmUp.perSecond.toFixed(0)}/s (not counted)`,
      );
      result = await fire(server.url, seeded.examinerToken, seeded.examId, scanOrder(seeded.tickets));
    } finally {
      await server.stop();
    }
    const checking = await database.open();
    const inDatabase = await checkedInCount(checking, seeded.examId);
    await checking.close();

    const expectedRepeats = Math.min(REPEATS, CANDIDATES);
    console.log(`\n${kind}: ${CANDIDATES} candidates, ${expectedRepeats} repeated scans, ${CONNECTIONS} connections`);
    console.log(`  scans answered per second         ${result.perSecond.toFixed(0)}`);
    console.log(
      `  checked in / repeats answered     ${result.checkedIn} / ${result.repeats} (failed: ${result.failed})`,
    );
    console.log(`  checked in, in the database       ${inDatabase}`);
    console.log(
      `  server time p50 / p99             ${result.serverP50.toFixed(1)} ms / ${result.serverP99.toFixed(1)} ms`,
    );
    console.log(
      `  round trip p50 / p99              ${result.roundTripP50.toFixed(1)} ms / ${result.roundTripP99.toFixed(1)} ms`,
    );
    console.log(`  wall time                         ${result.seconds.toFixed(2)} s`);
    return (
      result.failed === 0 &&
      result.checkedIn === CANDIDATES &&
      result.repeats === expectedRepeats &&
      inDatabase === CANDIDATES &&
      result.serverP99 < TARGET_MS
    );
  });
}

benchOnEachDatabase(
  runOn,
  `target: server time p99 < ${TARGET_MS} ms, every scan answered, each candidate checked in once`,
);
