/**
 * `npm run bench:seating`: one allocation of a 5,000-candidate exam into 170 rooms through the production server's
 * allocate endpoint (issue 15). A fifth of the candidates came in groups of ten, whose members are spread apart. The
 * allocation runs once to warm the server up, then BENCH_RUNS times; each answer's server time comes from its
 * Server-Timing header. After the last run the database is checked: every candidate seated once, no seat twice, no
 * seat beyond its room. Runs on PostgreSQL and on PGlite.
 *
 * Settings (environment): BENCH_CANDIDATES (5000), BENCH_ROOMS (170), BENCH_RUNS (5), BENCH_DATABASES
 * (postgres,pglite), BENCH_DATABASE_URL (see scripts/lib/bench-database.ts).
 * Target (issue 15): every allocation under 1 s of server time.
 */
import http from 'node:http';
import { and, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import {
  examRooms,
  exams,
  groupRegistrations,
  orderItems,
  orders,
  registrations,
  rooms,
  testCenters,
  users,
} from '../server/db/schema';
import { uuidv7 } from '../server/ids';
import { type BenchDatabaseKind, seedBenchExams, withBenchDatabase } from './lib/bench-database';
import { benchOnEachDatabase, benchSession, postJson } from './lib/bench-load';
import { freePort, startServerProcess } from './lib/server-process';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 5000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 170);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GROUP_SIZE = 10;
/** A fifth of the candidates were booked by group coordinators. */
const GROUPS = Math.floor(CANDIDATES / 5 / GROUP_SIZE);
const TARGET_MS = 1000;
const BATCH = 500;

const NO_DISCOUNTS = {
  unitPriceFen: 0,
  quantity: GROUP_SIZE,
  subtotalFen: 0,
  referralDiscountFen: 0,
  promotionDiscountFen: 0,
  groupDiscountFen: 0,
  handlingFen: 0,
  totalFen: 0,
};

/** `CANDIDATES` paid registrations, the first GROUPS × GROUP_SIZE of them bought by group coordinators. */
async function seedCandidates(database: Database, examId: string): Promise<void> {
  const { db } = database;
  const registrationIds: string[] = [];
  for (let start = 0; start < CANDIDATES; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, CANDIDATES - start) }, (_, i) => ({
      user: { id: uuidv7(), phone: `+86${13900000000 + start + i}`, kind: 'individual' as const },
      registrationId: uuidv7(),
    }));
    await db.insert(users).values(batch.map((b) => b.user));
    await db
      .insert(registrations)
      .values(batch.map((b) => ({ id: b.registrationId, userId: b.user.id, examId, status: 'register' as const })));
    registrationIds.push(...batch.map((b) => b.registrationId));
  }
  await db.update(exams).set({ seatsTaken: CANDIDATES }).where(eq(exams.id, examId));
  for (let g = 0; g < GROUPS; g++) {
    const coordinatorId = uuidv7();
    const orderId = uuidv7();
    await db.insert(users).values({ id: coordinatorId, phone: `+86${13800000000 + g}`, kind: 'individual' });
    await db.insert(orders).values({
      id: orderId,
      userId: coordinatorId,
      purpose: 'booking',
      status: 'paid',
      examId,
      breakdown: NO_DISCOUNTS,
      totalFen: 0,
      provider: 'sandbox',
      expiresAt: new Date(),
      paidAt: new Date(),
    });
    const members = registrationIds.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE);
    await db.insert(orderItems).values(members.map((registrationId) => ({ orderId, registrationId })));
    await db.insert(groupRegistrations).values({
      id: uuidv7(),
      coordinatorId,
      examId,
      coordinatorName: `协调人${g}`,
      coordinatorPhone: `+86${13800000000 + g}`,
      organization: '压测单位',
      orderId,
    });
  }
}

/** The center's rooms (seats enough for everyone, a few to spare), all chosen for the exam. */
async function seedRooms(database: Database, centerId: string, examId: string): Promise<void> {
  const seats = Math.ceil((CANDIDATES * 1.02) / ROOMS);
  const rows = Array.from({ length: ROOMS }, (_, i) => ({
    id: uuidv7(),
    centerId,
    name: `${Math.floor(i / 20) + 1}${String((i % 20) + 1).padStart(2, '0')}`,
    building: `${String.fromCharCode(65 + (i % 3))}`,
    floor: String(Math.floor(i / 20) + 1),
    seats,
  }));
  await database.db.insert(rooms).values(rows);
  await database.db.insert(examRooms).values(rows.map((room) => ({ examId, roomId: room.id })));
}

/** The exam, its candidates and rooms, and the session of the center running it. */
async function seed(database: Database) {
  const examIds = await seedBenchExams(database, { 'SEATING-1': CANDIDATES });
  const examId = examIds.get('SEATING-1') ?? '';
  const [exam] = await database.db.select({ centerId: exams.centerId }).from(exams).where(eq(exams.id, examId));
  const centerId = exam?.centerId ?? '';
  const center = await benchSession(database, { phone: '+8613700000000', kind: 'testCenter', name: '考点' });
  await database.db.update(testCenters).set({ ownerId: center.userId }).where(eq(testCenters.id, centerId));
  await seedCandidates(database, examId);
  await seedRooms(database, centerId, examId);
  return { examId, token: center.token };
}

/** Seated candidates, distinct seats, and seats beyond their room, as the database holds them. */
async function audit(database: Database, examId: string) {
  const { db } = database;
  const seatedOf = and(eq(registrations.examId, examId), isNotNull(registrations.roomId));
  const [row] = await db
    .select({
      seated: sql<number>`count(*)::int`,
      distinctSeats: countDistinct(sql`(${registrations.roomId}, ${registrations.seat})`),
      beyondRoom: sql<number>`count(*) FILTER (WHERE ${registrations.seat} > ${rooms.seats})::int`,
    })
    .from(registrations)
    .innerJoin(rooms, eq(rooms.id, registrations.roomId))
    .where(seatedOf);
  return { seated: Number(row?.seated ?? 0), distinct: Number(row?.distinctSeats ?? 0), beyond: row?.beyondRoom ?? 0 };
}

async function runOn(kind: BenchDatabaseKind) {
  return withBenchDatabase(kind, async (database) => {
    const seeding = await database.open();
    const seeded = await seed(seeding);
    await seeding.close();

    const server = await startServerProcess(await freePort(), {
      ...database.env,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(server.url);
    const allocate = () =>
      postJson(
        agent,
        url,
        `/api/center/exams/${seeded.examId}/seating/allocate`,
        { authorization: `Bearer ${seeded.token}` },
        {},
      );
    const times: number[] = [];
    let failed = 0;
    try {
      const warmUp = await allocate();
      console.log(
        `\n${kind}: warm-up allocation ${warmUp.serverMs.toFixed(0)} ms (status ${warmUp.status}, not counted)`,
      );
      for (let run = 0; run < RUNS; run++) {
        const answer = await allocate();
        if (answer.status !== 200) failed += 1;
        times.push(answer.serverMs);
      }
    } finally {
      agent.destroy();
      await server.stop();
    }
    const checking = await database.open();
    const found = await audit(checking, seeded.examId);
    await checking.close();

    const slowest = Math.max(...times);
    console.log(`\n${kind}: ${CANDIDATES} candidates (${GROUPS} groups of ${GROUP_SIZE}) into ${ROOMS} rooms`);
    console.log(`  server time per allocation        ${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(`  slowest                           ${slowest.toFixed(0)} ms (failed: ${failed})`);
    console.log(`  seated / distinct seats / beyond  ${found.seated} / ${found.distinct} / ${found.beyond}`);
    return (
      failed === 0 &&
      found.seated === CANDIDATES &&
      found.distinct === CANDIDATES &&
      found.beyond === 0 &&
      slowest < TARGET_MS
    );
  });
}

benchOnEachDatabase(runOn, `target: every allocation of ${CANDIDATES} candidates under ${TARGET_MS} ms of server time`);
