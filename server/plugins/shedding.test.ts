import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { createTestApp, dataOf, envelope, type TestApp, withTestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, readyCandidate, sandboxOf, seatsTaken } from '../../tests/helpers/booking';
import { examinerFor, paidCandidate } from '../../tests/helpers/door';
import { type CatalogBasics, insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { orders } from '../db/schema';
import { type LoadMonitor, type Pressure, processLoadMonitor } from '../loadMonitor';

/** A monitor the test steers: overloaded or not, as it says. */
function steeredMonitor() {
  let pressure: Pressure | undefined;
  const monitor: LoadMonitor = { pressure: () => pressure, close() {} };
  return {
    monitor,
    overload() {
      pressure = { measure: 'event loop delay', value: 480, limit: 250, unit: 'ms' };
    },
    relieve() {
      pressure = undefined;
    },
  };
}

const load = steeredMonitor();
const logLines: Record<string, unknown>[] = [];
let t: TestApp;
let basics: CatalogBasics;

before(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn', SHED_RETRY_AFTER_S: '7', RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000' },
    loadMonitor: load.monitor,
    logStream: { write: (line) => logLines.push(JSON.parse(line)) },
  });
  basics = await insertCatalogBasics(t.database.db);
});
after(() => t.close());

const sheddingLines = () => logLines.filter((line) => /shedding/.test(String(line.msg)));

function assertRefused(res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) {
  assert.equal(res.statusCode, 503, what);
  assert.equal(res.headers['retry-after'], '7', what);
  assert.equal(res.headers['cache-control'], 'no-store', what);
  const answer = envelope(res);
  assert.equal(answer.errorCode, 'OVERLOADED', what);
  assert.equal(answer.showType, 1, what);
}

function assertAnswered(res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) {
  assert.notEqual(res.statusCode, 503, `${what}: ${res.body}`);
}

describe('under load, what can wait is refused (injected monitor)', () => {
  test('overloaded: a catalog request answers 503 OVERLOADED with Retry-After, in either language', async () => {
    load.relieve();
    assert.equal((await t.app.inject({ url: '/api/front/exams' })).statusCode, 200);
    load.overload();
    try {
      for (const language of ['zh-CN', 'en-US']) {
        const res = await t.app.inject({ url: '/api/front/exams', headers: { 'accept-language': language } });
        assertRefused(res, language);
        // The server names the code; the page words it in the reader's language (src/locales/*/errors.ts).
        assert.equal(envelope(res).errorMessage, 'The service is very busy right now. Try again in a few seconds.');
      }
    } finally {
      load.relieve();
    }
    assert.equal((await t.app.inject({ url: '/api/front/exams' })).statusCode, 200);
  });

  test('a booking is refused before anything is read or written, and its session is not questioned', async () => {
    const exam = await examInTenDays(t, basics);
    const candidate = await readyCandidate(t);
    load.overload();
    try {
      const booking = await t.app.inject({
        method: 'POST',
        url: '/api/front/student-registration',
        headers: candidate.headers,
        payload: { examId: exam.id, expectedTotalFen: 1 },
      });
      assertRefused(booking, 'booking');
      // Shed before authentication: a stale token learns nothing either, and nobody is logged out by a 503.
      assertRefused(
        await t.app.inject({ url: '/api/front/profile', headers: { authorization: 'Bearer stale' } }),
        'profile',
      );
    } finally {
      load.relieve();
    }
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('the waiting room, logging in, payment notifications, check-in and health keep answering', async () => {
    const exam = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const ticketHolder = await paidCandidate(t, exam.id);
    const payer = await readyCandidate(t);
    const booked = await book(t, payer.headers, exam.id);
    const notification = await sandboxOf(t).confirmPayment(booked.order.id);
    load.overload();
    try {
      assert.equal((await t.app.inject({ url: '/api/health' })).statusCode, 200);
      assert.equal((await t.app.inject({ url: '/api/ready' })).statusCode, 200);

      const phone = nextPhone();
      const otp = await t.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone, kind: 'individual' } });
      assert.equal(otp.statusCode, 200, otp.body);
      const code = t.sms.lastCodeFor(`+86${phone}`);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/front/login',
        payload: { phone, code, kind: 'individual' },
      });
      assert.equal(login.statusCode, 200, login.body);
      const me = await t.app.inject({
        url: '/api/front/currentUser',
        headers: { authorization: `Bearer ${dataOf('login', login).access_token}` },
      });
      assert.equal(me.statusCode, 200);

      for (const method of ['POST', 'GET'] as const) {
        assertAnswered(
          await t.app.inject({ method, url: `/api/front/exams/${exam.id}/queue`, headers: payer.headers }),
          `${method} queue`,
        );
      }

      const notified = await t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/notify',
        headers: notification.headers as Record<string, string>,
        payload: notification.rawBody,
      });
      assert.equal(notified.statusCode, 200, notified.body);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
      assert.equal(order?.status, 'paid');

      const checkin = await t.app.inject({
        method: 'POST',
        url: `/api/examiner/exams/${exam.id}/checkin`,
        headers: examiner.headers,
        payload: { token: ticketHolder.token },
      });
      assert.equal(checkin.statusCode, 200, checkin.body);
      const lookup = await t.app.inject({
        url: `/api/examiner/exams/${exam.id}/registrations/${ticketHolder.registrationId}`,
        headers: examiner.headers,
      });
      assert.equal(lookup.statusCode, 200, lookup.body);
    } finally {
      load.relieve();
    }
  });

  test('while shedding, the waiting room answers but admits nobody; admission resumes once it has caught up', async () => {
    const exam = await insertExam(t.database.db, basics.beijing, basics.category.id, {
      startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
      waitingRoom: true,
    });
    const candidate = await readyCandidate(t);
    const queue = async (method: 'POST' | 'GET') => {
      const res = await t.app.inject({ method, url: `/api/front/exams/${exam.id}/queue`, headers: candidate.headers });
      return dataOf(method === 'POST' ? 'queueJoin' : 'queueStatus', res);
    };
    load.overload();
    try {
      assert.equal((await queue('POST')).state, 'waiting');
      t.clock.advance(30_000);
      const paused = await queue('GET');
      assert.equal(paused.state, 'waiting', 'thirty seconds of shedding admitted nobody');
      assert.equal(paused.position, 1);
    } finally {
      load.relieve();
    }
    assert.equal((await queue('GET')).state, 'waiting', 'the time spent shedding is not made up at once');
    t.clock.advance(1000);
    assert.equal((await queue('GET')).state, 'admitted', 'caught up: the line moves again');
  });

  test('operators read one warning per ten seconds with the counts, and one when it ends', async () => {
    // A calm answer closes what earlier tests began, so this episode is counted from its start.
    await t.app.inject({ url: '/api/front/exams' });
    logLines.length = 0;
    load.overload();
    try {
      for (let i = 0; i < 30; i++) await t.app.inject({ url: '/api/front/exams' });
      await t.app.inject({ url: '/api/health' });
      assert.equal(sheddingLines().length, 1, 'one line for the burst');
      const [first] = sheddingLines();
      assert.equal(first?.level, 40);
      assert.match(String(first?.msg), /event loop delay 480 ms over the limit of 250 ms/);

      t.clock.advance(10_000);
      await t.app.inject({ url: '/api/front/exams' });
      const [, second] = sheddingLines();
      assert.deepEqual(
        { refused: second?.refused, essentialServed: second?.essentialServed },
        { refused: 30, essentialServed: 1 },
        'the counts since the last line, the request that logs it included',
      );
    } finally {
      load.relieve();
    }
    await t.app.inject({ url: '/api/front/exams' });
    const ended = logLines.find((line) => /load shedding ended/.test(String(line.msg)));
    assert.equal(ended?.refused, 31);
    assert.match(String(ended?.msg), /31 requests refused in 10 s/);
  });
});

/** Keeps the event loop busy for `ms`, as a long synchronous computation would. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

test('a blocked event loop in this very process makes it shed, and it recovers', async () => {
  const monitor = processLoadMonitor({ eventLoopDelayMs: 150, heapPercent: 0, rssMb: 0, retryAfterS: 3 });
  try {
    await withTestApp({ env: { SHED_RETRY_AFTER_S: '3' }, loadMonitor: monitor }, async (app) => {
      let refused: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
      // Long turns of a loop that still turns, as under more work than it can do: the monitor reads between them.
      for (let attempt = 0; attempt < 10 && !refused; attempt++) {
        blockEventLoop(400);
        await sleep(10);
        const res = await app.app.inject({ url: '/api/front/exams' });
        if (res.statusCode === 503) refused = res;
      }
      assert.ok(refused, 'a catalog request was refused while the loop was blocked');
      assert.equal(envelope(refused).errorCode, 'OVERLOADED');
      assert.equal(refused.headers['retry-after'], '3');
      blockEventLoop(400);
      assert.equal((await app.app.inject({ url: '/api/health' })).statusCode, 200, 'health answers meanwhile');

      let recovered = false;
      for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
        await sleep(100);
        recovered = (await app.app.inject({ url: '/api/front/exams' })).statusCode === 200;
      }
      assert.ok(recovered, 'the catalog answers again once the loop is free');
    });
  } finally {
    monitor.close();
  }
});
