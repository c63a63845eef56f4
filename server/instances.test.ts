import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { examSeats } from '../scripts/lib/bench-database';
import { freePort, type RunningServer, startServerProcess } from '../scripts/lib/server-process';
import { testConfig } from '../tests/helpers/app';
import { bookOverHttp, callProcess, type ProcessAnswer, seedBookableExams } from '../tests/helpers/processes';
import { buildApp } from './app';
import { type Database, openPostgres } from './db/client';
import { orderItems, orders, registrations } from './db/schema';
import { sweepExpiredOrders } from './domain/booking';
import { bookingDeps } from './plugins/domainDeps';

/**
 * Two server processes on one PostgreSQL and one Redis, as a deployment runs them behind a load balancer. Runs only
 * where both exist (CI sets TEST_DB=postgres, TEST_DATABASE_URL and TEST_REDIS_URL); elsewhere it is reported as
 * skipped, with the reason, never as passed.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skip =
  process.env.TEST_DB !== 'postgres' || !adminUrl || !redisUrl
    ? 'two instances need TEST_DB=postgres with TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets them)'
    : false;
if (skip) console.log(`server/instances.test.ts skipped: ${skip}`);

const HOLD_MINUTES = 15;
/** Requests per client address per minute, counted across both instances (TRUST_PROXY names the test as a proxy). */
const RATE_LIMIT = 100;

const scratch = `exam_instances_${process.pid}_${randomBytes(3).toString('hex')}`;
let database: Database;
let servers: RunningServer[] = [];
let crowd: { examId: string; tokens: string[] };
let burst: { examId: string; tokens: string[] };
let clientCount = 0;

/** Each candidate calls from an address of their own, so the per-address limit only bites where a test means it. */
const fromNewAddress = () => {
  clientCount += 1;
  return { 'x-forwarded-for': `10.9.${clientCount >> 8}.${clientCount & 255}` };
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A booking and, when it is taken, its payment in the sandbox wallet, both through `server`. */
async function bookAndPay(server: RunningServer, token: string, examId: string): Promise<ProcessAnswer[]> {
  const booked = await bookOverHttp(server.url, token, examId, fromNewAddress());
  if (booked.status !== 200) return [booked];
  const { order } = booked.body.data as { order: { id: string } };
  const paid = await callProcess(server.url, `/api/pay/sandbox/orders/${order.id}/confirm`, {
    method: 'POST',
    headers: fromNewAddress(),
  });
  return [booked, paid];
}

describe('two server instances on one PostgreSQL and one Redis', { timeout: 120_000 }, () => {
  before(async () => {
    if (skip) return;
    await admin(`create database ${scratch}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${scratch}`;
    database = openPostgres(url.toString());
    ({ CROWD: crowd, BURST: burst } = await seedBookableExams(database, {
      CROWD: { seats: 40, candidates: 120 },
      BURST: { seats: 80, candidates: 80 },
    }));
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${scratch}:`,
      DEMO_DATA: 'false',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      HOLD_MINUTES: String(HOLD_MINUTES),
      // Shedding has its own tests; here two processes and PostgreSQL share two cores, and every answer is counted.
      SHED_EVENT_LOOP_DELAY_MS: '0',
    };
    servers = await Promise.all([startServerProcess(await freePort(), env), startServerProcess(await freePort(), env)]);
  });

  after(async () => {
    if (skip) return;
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await admin(`drop database if exists ${scratch} with (force)`);
  });

  test('120 candidates book 40 seats through both at once: 40 booked, nothing oversold', { skip }, async () => {
    const answers = await Promise.all(
      crowd.tokens.map((token, n) =>
        bookOverHttp((servers[n % 2] as RunningServer).url, token, crowd.examId, fromNewAddress()),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((s) => s === 200).length, 40, `statuses: ${statuses.join(',')}`);
    assert.equal(statuses.filter((s) => s === 409).length, 80);
    assert.ok(answers.filter((a) => a.status === 409).every((a) => a.body.errorCode === 'SOLD_OUT'));
    assert.deepEqual(await examSeats(database, crowd.examId), { taken: 40, capacity: 40, live: 40 });
  });

  test('a limit reached through one instance is felt through the other (Redis)', { skip }, async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    // One phone's code pacing (OTP_SEND_INTERVAL_S), kept by the counter store.
    const phone = '13700009999';
    const first = await callProcess(a.url, '/api/front/otp', {
      body: { phone, kind: 'individual' },
      headers: fromNewAddress(),
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const again = await callProcess(b.url, '/api/front/otp', {
      body: { phone, kind: 'individual' },
      headers: fromNewAddress(),
    });
    assert.equal(again.status, 429);
    assert.equal(again.body.errorCode, 'OTP_TOO_SOON');

    // One address's requests per minute, kept by the rate limit: 60 through each, RATE_LIMIT answered in all.
    const address = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (const server of [a, b]) {
      for (let i = 0; i < 60; i++)
        statuses.push((await callProcess(server.url, '/api/health', { headers: address })).status);
    }
    assert.equal(statuses.filter((s) => s === 200).length, RATE_LIMIT);
    assert.equal(statuses.filter((s) => s === 429).length, 120 - RATE_LIMIT);
    assert.equal(statuses.at(-1), 429, 'the second instance refuses once the first has used the allowance');
  });

  test('SIGKILL of one instance mid-burst: no paid order without its registration, no seat lost past its hold', {
    skip,
  }, async () => {
    const [killed, survivor] = servers as [RunningServer, RunningServer];
    let answered = 0;
    const running = Promise.all(
      burst.tokens.map(async (token, n) => {
        const answers = await bookAndPay(n % 2 === 0 ? killed : survivor, token, burst.examId);
        answered += 1;
        return answers;
      }),
    );
    while (answered < 10) await sleep(5);
    killed.kill('SIGKILL');
    const outcomes = await running;
    const lost = outcomes.filter((answers) => answers.some((answer) => answer.status === 0)).length;
    assert.ok(lost > 0, 'the kill cut some candidates off mid-way');
    assert.ok(
      outcomes.every((answers, n) => n % 2 === 0 || answers.every((answer) => answer.status === 200)),
      'the survivor booked and took payment for every candidate it served',
    );

    const paidWithout = await database.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
      .where(and(eq(orders.status, 'paid'), sql`${registrations.status} not in ('register', 'checkin')`));
    assert.deepEqual(paidWithout, [], 'every paid order has its registrations booked');
    const before = await examSeats(database, burst.examId);
    assert.equal(before.taken, before.live, 'seats taken are the live registrations, right after the kill');

    // The holds the killed instance took and never saw paid run out: the sweeper (here at HOLD_MINUTES later)
    // releases them, and the seats taken are exactly the paid registrations.
    const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    const sweeper = await buildApp({
      config: testConfig({ HOLD_MINUTES: String(HOLD_MINUTES) }),
      database,
      now: () => later,
    });
    try {
      await sweepExpiredOrders(bookingDeps(sweeper));
    } finally {
      await sweeper.close();
    }
    const [paid] = await database.db
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.examId, burst.examId), eq(registrations.status, 'register')));
    const afterSweep = await examSeats(database, burst.examId);
    assert.equal(afterSweep.taken, afterSweep.live);
    assert.equal(afterSweep.taken, paid?.n, 'only paid registrations hold seats once the holds have expired');
  });
});
