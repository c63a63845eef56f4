/**
 * `npm run bench:rush`: registration day. BENCH_CANDIDATES (100,000) candidates join one exam's waiting room within
 * BENCH_JOIN_SPREAD_S (10) seconds around its opening (half before it, half after), for BENCH_SEATS (5,000) seats,
 * against the production server on PostgreSQL and Redis (BENCH_INSTANCES server processes, by default as many as
 * `npm start` runs on this machine when WORKERS is unset: one on 2 cores, where two measured a status p99 of 198 ms
 * against one's 107 ms, the second process competing with PostgreSQL, Redis and the load generator; on one
 * PostgreSQL and one Redis). Each simulated candidate polls its status when told (nextCheckSeconds) and, once
 * admitted, books as the checkout page does: a quote, then the booking with its total, the admission token and an
 * Idempotency-Key. Nobody pays. The candidates (accounts, complete profiles, sessions) are written to the database
 * before the servers start.
 *
 * Reports: join and status latency (p50/p99, round trip from the moment a connection took the request, and the
 * server's own time), admissions per second (the shared admitted count in Redis), the time from the opening until sold
 * out, bookings per second, the servers' peak memory (RSS sampled every 250 ms), oversold seats, 5xx answers, fairness
 * (among those who joined after the opening: the share placed ahead of someone whose join had been answered before
 * theirs was sent; early joiners are shuffled on purpose) and what the load generator itself achieved.
 * Bounded: it stops BENCH_AFTER_SOLD_OUT_S (3) seconds after sold out, or BENCH_DEADLINE_S (120) seconds after the
 * opening, whichever comes first.
 *
 * Other settings: BENCH_CONNECTIONS (at most 256 keep-alive connections per server, shared by joins, status checks and
 * bookings, all opened before the opening; 4,000 left 258 joins unanswered and tripled the status p99 on 2 cores,
 * where each connection's socket costs both sides), BENCH_ADMIT_PER_SECOND (the servers' WAITING_ROOM_ADMIT_PER_SECOND, 250), BENCH_DATABASE_URL, BENCH_REDIS_URL (redis://127.0.0.1:6379).
 * Targets on a 2-core machine: status p99 < 100 ms while 100,000 wait, sold out < 60 s after the opening, peak memory
 * < 1 GB per server process, 0 oversold, 0 5xx.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import Redis from 'ioredis';
import { defaultWorkers } from '../server/config';
import type { Database } from '../server/db/client';
import { avatars, exams, profiles, sessions, users } from '../server/db/schema';
import { hashToken } from '../server/domain/auth';
import { uuidv7 } from '../server/ids';
import { examSeats, seedBenchExams, withBenchDatabase } from './lib/bench-database';
import { LeanHttp } from './lib/bench-http';
import { benchProfile, percentile } from './lib/bench-load';
import { freePort, type RunningServer, startServerProcess } from './lib/server-process';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const SEATS = Number(process.env.BENCH_SEATS ?? 5_000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? defaultWorkers());
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 256);
const ADMIT_PER_SECOND = Number(process.env.BENCH_ADMIT_PER_SECOND ?? 250);
const JOIN_SPREAD_S = Number(process.env.BENCH_JOIN_SPREAD_S ?? 10);
const DEADLINE_S = Number(process.env.BENCH_DEADLINE_S ?? 120);
const AFTER_SOLD_OUT_S = Number(process.env.BENCH_AFTER_SOLD_OUT_S ?? 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Seconds between the servers being ready and the opening: the first half of the joins come before it. */
const LEAD_S = JOIN_SPREAD_S / 2 + 2;

async function seed(database: Database) {
  const examId = (await seedBenchExams(database, { 'RUSH-1': SEATS })).get('RUSH-1') ?? '';
  await database.db.update(exams).set({ waitingRoom: true }).where(eq(exams.id, examId));
  const tokens: string[] = [];
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tinyImage = Buffer.from('benchmark');
  for (let start = 0; start < CANDIDATES; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, CANDIDATES - start) }, (_, i) => {
      const n = start + i;
      const token = randomBytes(24).toString('base64url');
      tokens.push(token);
      const userId = uuidv7();
      const avatarId = uuidv7();
      const phone = `+86138${String(n).padStart(8, '0')}`;
      return {
        user: { id: userId, phone, kind: 'individual' as const, name: `考生${n}` },
        session: { id: uuidv7(), userId, tokenHash: hashToken(token), expiresAt },
        avatar: { id: avatarId, userId, contentType: 'image/webp', image: tinyImage, small: tinyImage },
        profile: { ...benchProfile(userId, n, phone), avatarId },
      };
    });
    await database.db.insert(users).values(batch.map((b) => b.user));
    await database.db.insert(sessions).values(batch.map((b) => b.session));
    await database.db.insert(avatars).values(batch.map((b) => b.avatar));
    await database.db.insert(profiles).values(batch.map((b) => b.profile));
  }
  return { examId, tokens };
}

/** RSS in bytes of `pid` and every process under it, each on its own (the server is tsx's child). */
function treeRss(rootPid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  const rss: number[] = [];
  for (const pid of tree) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // gone meanwhile
    }
  }
  return rss;
}

interface Timing {
  roundTripMs: number;
  serverMs: number;
}

interface Answer<T> extends Timing {
  status: number;
  /** When the request was written (performance.now()). */
  writtenAt: number;
  data: T | undefined;
  errorCode: string | undefined;
}

interface QueueAnswer {
  state: 'not_open' | 'waiting' | 'admitted' | 'sold_out' | 'closed';
  position: number | null;
  nextCheckSeconds: number;
  admission: { token: string } | null;
}

/** One request over `client`'s keep-alive connections, its envelope read from the JSON answer. */
async function call<T>(client: LeanHttp, request: string): Promise<Answer<T>> {
  const answer = await client.send(request);
  let envelope: { data?: T; errorCode?: string } = {};
  try {
    envelope = JSON.parse(answer.body.toString());
  } catch {
    // not JSON: counted by its status
  }
  return { ...answer, data: envelope.data, errorCode: envelope.errorCode };
}

interface Candidate {
  token: string;
  server: number;
  joinAt: number;
  joinSentAt: number;
  joinAnsweredAt: number;
  early: boolean;
  position: number | null;
  admittedAt: number | null;
  done: boolean;
}

/**
 * What the report keeps of an answer: its two times, not the answer (a body and its parsed JSON for each of some
 * 150,000 answers grew this process's heap until its own collections paused it for 150 ms, which every request in
 * flight then counted as the server's latency).
 */
const timing = ({ roundTripMs, serverMs }: Timing): Timing => ({ roundTripMs, serverMs });

const latencyLine = (label: string, timings: Timing[]) => {
  const trips = timings.map((t) => t.roundTripMs).sort((a, b) => a - b);
  const own = timings
    .map((t) => t.serverMs)
    .filter((ms) => !Number.isNaN(ms))
    .sort((a, b) => a - b);
  return `  ${label.padEnd(38)}${String(timings.length).padStart(7)} answers, p50 ${percentile(trips, 50).toFixed(1)} ms, p99 ${percentile(trips, 99).toFixed(1)} ms (server's own p99 ${percentile(own, 99).toFixed(1)} ms)`;
};

async function rush(
  servers: RunningServer[],
  examId: string,
  tokens: string[],
  database: Database,
  redis: { client: Redis; prefix: string },
) {
  // A request that finds every connection busy opens another, as a crowd's browsers each have their own, so joins,
  // status checks and bookings never queue behind one another inside this process.
  const clients = servers.map((s) => new LeanHttp(new URL(s.url), CONNECTIONS));
  await Promise.all(clients.map((client) => client.open(CONNECTIONS)));
  const opensAtMs = Date.now() + LEAD_S * 1000;
  const opensAt = new Date(opensAtMs);
  await database.db.update(exams).set({ registrationOpensAt: opensAt }).where(eq(exams.id, examId));
  const started = performance.now();
  const clock = () => Date.now();

  const joins: Timing[] = [];
  const statuses: Timing[] = [];
  const statusesWhileWaiting: Timing[] = [];
  const bookingsTimed: Timing[] = [];
  const errors = new Map<string, number>();
  let serverErrors = 0;
  let requests = 0;
  let booked = 0;
  let soldOutAnswers = 0;
  let inFlightBookings = 0;
  let joinLatenessMs = 0;
  const bookedAt: number[] = [];
  let cuttingOff = false;
  let sent = 0;
  const send = <T>(c: Candidate, request: string) => {
    sent += 1;
    return call<T>(clients[c.server] as LeanHttp, request);
  };
  const note = (answer: Answer<unknown>, what: string) => {
    if (cuttingOff) return;
    requests += 1;
    if (answer.status >= 500 || answer.status === 0) serverErrors += 1;
    if (answer.status !== 200) {
      const key = `${what} ${answer.status} ${answer.errorCode ?? ''}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  };

  const joinStartMs = opensAtMs - (JOIN_SPREAD_S / 2) * 1000;
  const candidates: Candidate[] = tokens.map((token, i) => ({
    token,
    server: i % servers.length,
    joinAt: joinStartMs + (i / tokens.length) * JOIN_SPREAD_S * 1000,
    joinSentAt: 0,
    joinAnsweredAt: 0,
    early: false,
    position: null,
    admittedAt: null,
    done: false,
  }));
  // Shuffle who joins when, so a candidate's index says nothing.
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    const a = candidates[i] as Candidate;
    const b = candidates[j] as Candidate;
    [a.joinAt, b.joinAt] = [b.joinAt, a.joinAt];
  }

  let stopping = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    if (stopping) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) work();
    }, ms);
    timers.add(timer);
  };
  const queuePath = `/api/front/exams/${examId}/queue`;
  const auth = (c: Candidate) => ({ Authorization: `Bearer ${c.token}` });

  const book = async (c: Candidate, admissionToken: string) => {
    inFlightBookings += 1;
    const quote = await send<{ totalFen: number }>(
      c,
      LeanHttp.request('POST', '/api/front/checkout/quote', auth(c), { examId }),
    );
    note(quote, 'quote');
    if (quote.data) {
      const answer = await send(
        c,
        LeanHttp.request(
          'POST',
          '/api/front/student-registration',
          { ...auth(c), 'Idempotency-Key': randomBytes(12).toString('hex') },
          { examId, expectedTotalFen: quote.data.totalFen, admissionToken },
        ),
      );
      note(answer, 'booking');
      bookingsTimed.push(timing(answer));
      if (answer.status === 200) {
        booked += 1;
        bookedAt.push(clock());
      }
    }
    inFlightBookings -= 1;
    c.done = true;
  };

  const handle = (c: Candidate, answer: Answer<QueueAnswer>) => {
    const status = answer.data;
    if (!status) {
      later(2000, () => poll(c));
      return;
    }
    if (status.position !== null) c.position = status.position;
    if (status.state === 'admitted' && status.admission) {
      c.admittedAt = clock();
      void book(c, status.admission.token);
    } else if (status.state === 'sold_out' || status.state === 'closed') {
      soldOutAnswers += 1;
      c.done = true;
    } else {
      later(status.nextCheckSeconds * 1000, () => poll(c));
    }
  };
  const poll = async (c: Candidate) => {
    const answer = await send<QueueAnswer>(c, LeanHttp.request('GET', queuePath, auth(c)));
    note(answer, 'status');
    statuses.push(timing(answer));
    if (answer.data?.state === 'waiting') statusesWhileWaiting.push(timing(answer));
    handle(c, answer);
  };
  const join = async (c: Candidate) => {
    const answer = await send<QueueAnswer>(c, LeanHttp.request('POST', queuePath, auth(c)));
    c.joinAnsweredAt = clock();
    // When it was written, not when it was due: a join waiting for a free connection here would be late too.
    c.joinSentAt = performance.timeOrigin + answer.writtenAt;
    joinLatenessMs = Math.max(joinLatenessMs, c.joinSentAt - c.joinAt);
    c.early = answer.data?.state === 'not_open';
    note(answer, 'join');
    joins.push(timing(answer));
    handle(c, answer);
  };

  // Joins are released in 10 ms slices rather than by 100,000 timers of their own.
  const byJoin = [...candidates].sort((a, b) => a.joinAt - b.joinAt);
  let nextJoin = 0;
  const releaser = setInterval(() => {
    const now = clock();
    while (nextJoin < byJoin.length && (byJoin[nextJoin] as Candidate).joinAt <= now) {
      void join(byJoin[nextJoin] as Candidate);
      nextJoin += 1;
    }
    if (nextJoin >= byJoin.length) clearInterval(releaser);
  }, 10);

  const peakRss = servers.map(() => 0);
  let soldOutAtMs: number | null = null;
  const admittedSamples: { at: number; admitted: number }[] = [];
  const admittedKey = `${redis.prefix}queue:{${examId}}:admitted`;
  const sampler = setInterval(() => {
    servers.forEach((server, i) => {
      if (server.pid) peakRss[i] = Math.max(peakRss[i] ?? 0, ...treeRss(server.pid));
    });
  }, 250);
  const watchSeats = async () => {
    while (!stopping) {
      const [exam] = await database.db.select({ taken: exams.seatsTaken }).from(exams).where(eq(exams.id, examId));
      const admitted = Number((await redis.client.hget(admittedKey, 'admitted')) ?? 0);
      admittedSamples.push({ at: clock(), admitted });
      if (soldOutAtMs === null && (exam?.taken ?? 0) >= SEATS) soldOutAtMs = clock();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const watching = watchSeats();

  const deadline = opensAtMs + DEADLINE_S * 1000;
  while (clock() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (soldOutAtMs !== null && clock() > soldOutAtMs + AFTER_SOLD_OUT_S * 1000 && inFlightBookings === 0) break;
  }
  stopping = true;
  clearInterval(releaser);
  clearInterval(sampler);
  for (const timer of timers) clearTimeout(timer);
  await watching;
  // Bookings under way get a few seconds to finish; whatever is still unanswered then is cut off, not waited for.
  const graceUntil = clock() + 5_000;
  while (inFlightBookings > 0 && clock() < graceUntil) await new Promise((resolve) => setTimeout(resolve, 50));
  const unanswered = sent - requests;
  cuttingOff = true;
  for (const client of clients) client.close();
  const wallS = (performance.now() - started) / 1000;

  // Fairness: a late joiner (after the opening) placed ahead of anyone whose join was answered before theirs was sent.
  const placed = candidates.filter((c) => c.position !== null && c.joinAnsweredAt > 0);
  const byAnswered = [...placed].sort((a, b) => a.joinAnsweredAt - b.joinAnsweredAt);
  const late = placed.filter((c) => !c.early).sort((a, b) => a.joinSentAt - b.joinSentAt);
  let unfair = 0;
  let highest = 0;
  let k = 0;
  for (const c of late) {
    while (k < byAnswered.length && (byAnswered[k] as Candidate).joinAnsweredAt < c.joinSentAt) {
      highest = Math.max(highest, (byAnswered[k] as Candidate).position ?? 0);
      k += 1;
    }
    if ((c.position ?? 0) < highest) unfair += 1;
  }
  const admittedBySoldOut = soldOutAtMs === null ? undefined : admittedSamples.find((s) => s.at >= (soldOutAtMs ?? 0));
  const firstAdmission = admittedSamples.find((s) => s.admitted >= 1);
  const lastSample = admittedSamples.at(-1);
  const admissionEnd = admittedBySoldOut ?? lastSample;
  const admissionRate =
    firstAdmission && admissionEnd && admissionEnd.at > opensAtMs
      ? admissionEnd.admitted / ((admissionEnd.at - opensAtMs) / 1000)
      : 0;
  const bookingSpanS = bookedAt.length > 1 ? ((bookedAt.at(-1) ?? 0) - (bookedAt[0] ?? 0)) / 1000 : 0;
  return {
    wallS,
    joins,
    statuses,
    statusesWhileWaiting,
    bookingsTimed,
    booked,
    soldOutAfterS: soldOutAtMs === null ? null : (soldOutAtMs - opensAtMs) / 1000,
    admissionRate,
    admittedAtSoldOut: admittedBySoldOut?.admitted ?? lastSample?.admitted ?? 0,
    bookingsPerSecond: bookingSpanS > 0 ? booked / bookingSpanS : 0,
    peakRss,
    serverErrors,
    errors,
    requests,
    joinLatenessMs,
    unfair,
    lateJoiners: late.length,
    earlyJoiners: placed.filter((c) => c.early).length,
    sawSoldOut: soldOutAnswers,
    waitingAtEnd: candidates.filter((c) => !c.done).length,
    unanswered,
  };
}

async function main() {
  const prefix = `exam-rush:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const good = await withBenchDatabase('postgres', async (bench) => {
    const database = await bench.open();
    const seeding = performance.now();
    const { examId, tokens } = await seed(database);
    console.log(`seeded ${tokens.length} candidates in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const servers: RunningServer[] = [];
    try {
      for (let i = 0; i < INSTANCES; i += 1) {
        servers.push(
          await startServerProcess(await freePort(), {
            ...bench.env,
            DEMO_DATA: 'false',
            REDIS_URL,
            REDIS_PREFIX: prefix,
            RATE_LIMIT_PER_MINUTE: String(CANDIDATES * 100),
            WAITING_ROOM_ADMIT_PER_SECOND: String(ADMIT_PER_SECOND),
            LOG_LEVEL: 'warn',
          }),
        );
      }
      const loadBefore = loadavg()[0] ?? 0;
      const r = await rush(servers, examId, tokens, database, { client: redis, prefix });
      await redis.del(...['line', 'seq', 'admitted'].map((key) => `${prefix}queue:{${examId}}:${key}`));
      const seats = await examSeats(database, examId);
      const oversold = Math.max(0, r.booked - SEATS, seats.taken - seats.capacity, seats.live - seats.capacity);
      const maxRss = Math.max(...r.peakRss);
      console.log(
        `\nrush: ${CANDIDATES} candidates joining over ${JOIN_SPREAD_S} s around the opening, ${SEATS} seats, ` +
          `${INSTANCES} server process(es) on PostgreSQL + Redis, admitting ${ADMIT_PER_SECOND}/s`,
      );
      console.log(latencyLine('join', r.joins));
      console.log(latencyLine('status (all)', r.statuses));
      console.log(latencyLine('status while waiting in line', r.statusesWhileWaiting));
      console.log(latencyLine('booking', r.bookingsTimed));
      console.log(
        `  admissions per second                 ${r.admissionRate.toFixed(0)} (admitted by sold out: ${r.admittedAtSoldOut.toFixed(0)})`,
      );
      console.log(
        `  sold out after the opening            ${r.soldOutAfterS === null ? 'NOT SOLD OUT' : `${r.soldOutAfterS.toFixed(1)} s`}`,
      );
      console.log(`  bookings                              ${r.booked} at ${r.bookingsPerSecond.toFixed(0)}/s`);
      console.log(
        `  server peak RSS                       ${r.peakRss.map((b) => `${(b / 1048576).toFixed(0)} MB`).join(', ')}`,
      );
      console.log(
        `  oversold seats                        ${oversold} (seats taken ${seats.taken}, live ${seats.live})`,
      );
      console.log(`  5xx or failed answers                 ${r.serverErrors}`);
      console.log(
        `  fairness: placed ahead of an earlier joiner  ${r.unfair} of ${r.lateJoiners} who joined after the opening (${((100 * r.unfair) / Math.max(1, r.lateJoiners)).toFixed(2)} %); ${r.earlyJoiners} early joiners shuffled`,
      );
      console.log(
        `  told sold out / still waiting at stop ${r.sawSoldOut} / ${r.waitingAtEnd} (the rest learn it at their next check)`,
      );
      console.log(
        `  other answers                         ${[...r.errors].map(([k, n]) => `${k.trim()}: ${n}`).join(', ') || 'none'}`,
      );
      console.log(
        `  load generator                        ${r.requests} answers in ${r.wallS.toFixed(1)} s (${(r.requests / r.wallS).toFixed(0)}/s), ${r.unanswered} unanswered at the stop (cut off), joins sent at most ${r.joinLatenessMs.toFixed(0)} ms late; one process sharing the 2 cores`,
      );
      console.log(
        `  machine load average (1 min)          ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after (2 cores; other work on the machine counts)`,
      );
      const statusP99 = percentile(
        r.statusesWhileWaiting.map((t) => t.roundTripMs).sort((a, b) => a - b),
        99,
      );
      return (
        oversold === 0 &&
        r.serverErrors === 0 &&
        r.soldOutAfterS !== null &&
        r.soldOutAfterS < 60 &&
        statusP99 < 100 &&
        maxRss < 1024 ** 3
      );
    } finally {
      for (const server of servers) await server.stop();
      await database.close();
    }
  });
  redis.disconnect();
  console.log(
    '\ntarget (2 cores, PostgreSQL + Redis): status p99 < 100 ms while 100,000 wait, sold out < 60 s, peak RSS < 1 GB per process, 0 oversold, 0 5xx',
  );
  process.exit(good ? 0 : 1);
}

void main();
