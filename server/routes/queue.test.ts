import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { QueueStatus } from '../../contract';
import { createTestApp, dataOf, envelope, type TestApp, withTestApp } from '../../tests/helpers/app';
import { nextPhone, quoteFor, readyCandidate } from '../../tests/helpers/booking';
import { createCenterExam, examDraft, readyCenter } from '../../tests/helpers/center';
import { centerAccount } from '../../tests/helpers/door';
import { type CatalogBasics, insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { addTestOperator, loginOperator } from '../../tests/helpers/ops';
import { auditLog, exams, sessions, users } from '../db/schema';
import { hashToken } from '../domain/auth';
import { GLIMPSE_STALE_MS } from '../domain/waitingRoom';
import { uuidv7 } from '../ids';

/**
 * Issue 14, item 2: an exam's waiting room. Early joiners are shuffled, later ones queue in arrival order, one place
 * per account kept across visits; the line is admitted at WAITING_ROOM_ADMIT_PER_SECOND with a signed token booking
 * requires; sold out ends the line for everyone; nobody books before the opening. With TEST_REDIS_URL the line lives
 * in Redis, and two app instances on one database and one Redis share it.
 */

const redisUrl = process.env.TEST_REDIS_URL;
/** Admit one candidate per second: the clock decides who is in. */
const ENV = { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000', WAITING_ROOM_ADMIT_PER_SECOND: '1' };
const sharedEnv = (prefix: string) => (redisUrl ? { ...ENV, REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : ENV);

let t: TestApp;
let basics: CatalogBasics;

before(async () => {
  t = await createTestApp({ env: sharedEnv(`exam-test:${randomBytes(4).toString('hex')}:`) });
  basics = await insertCatalogBasics(t.database.db);
});
after(() => t.close());

type Auth = { authorization: string };

/** Logged-in individuals, written straight to the database (a line needs many). */
async function candidates(n: number): Promise<{ userId: string; headers: Auth }[]> {
  const made = Array.from({ length: n }, () => {
    const token = randomBytes(24).toString('base64url');
    return { userId: uuidv7(), token, phone: `+86${nextPhone()}` };
  });
  await t.database.db
    .insert(users)
    .values(made.map((c) => ({ id: c.userId, phone: c.phone, kind: 'individual' as const, name: '考生' })));
  await t.database.db.insert(sessions).values(
    made.map((c) => ({
      id: uuidv7(),
      userId: c.userId,
      tokenHash: hashToken(c.token),
      expiresAt: new Date(t.clock.now.getTime() + 30 * 86_400_000),
    })),
  );
  return made.map((c) => ({ userId: c.userId, headers: { authorization: `Bearer ${c.token}` } }));
}

/** An exam whose waiting room is on, opening `opensInMs` after the test clock (null: no opening time). */
function roomExam(opensInMs: number | null, capacity = 30) {
  return insertExam(t.database.db, basics.beijing, basics.category.id, {
    startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    registrationOpensAt: opensInMs === null ? null : new Date(t.clock.now.getTime() + opensInMs),
    waitingRoom: true,
    capacity,
  });
}

async function queue(app: TestApp, headers: Auth, examId: string, method: 'POST' | 'GET' = 'POST') {
  const response = await app.app.inject({ method, url: `/api/front/exams/${examId}/queue`, headers });
  const status = dataOf(method === 'POST' ? 'queueJoin' : 'queueStatus', response) as QueueStatus;
  assert.equal(response.headers['retry-after'], String(status.nextCheckSeconds), 'Retry-After says nextCheckSeconds');
  return status;
}

/** Books one seat as the checkout page does, with `admissionToken` when given; answers the raw response. */
async function bookWith(headers: Auth, examId: string, admissionToken?: string) {
  const { totalFen } = await quoteFor(t, headers, examId);
  return t.app.inject({
    method: 'POST',
    url: '/api/front/student-registration',
    headers: { ...headers, 'idempotency-key': uuidv7() },
    payload: { examId, expectedTotalFen: totalFen, ...(admissionToken ? { admissionToken } : {}) },
  });
}

function assertRefused(response: Awaited<ReturnType<typeof bookWith>>, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(envelope(response).errorCode, code);
}

/** Moves the clock (admissions follow it). */
const wait = (ms: number) => t.clock.advance(ms);
/** Past the age at which the status path reads an exam again before answering (after a change in the database). */
const untilExamReread = () => wait(GLIMPSE_STALE_MS + 1);

describe('a waiting room', () => {
  test('early joiners get shuffled places from the opening, later ones queue behind in arrival order', async () => {
    const exam = await roomExam(60_000);
    const early = await candidates(40);
    for (const c of early) {
      const status = await queue(t, c.headers, exam.id);
      assert.equal(status.state, 'not_open');
      assert.equal(status.position, null, 'no place is shown before the draw');
      assert.equal(status.opensAt, exam.registrationOpensAt?.toISOString());
      assert.ok(status.nextCheckSeconds >= 2 && status.nextCheckSeconds <= 30, `${status.nextCheckSeconds}`);
    }
    wait(60_000);
    const late = await candidates(10);
    const latePlaces = [];
    for (const c of late) latePlaces.push((await queue(t, c.headers, exam.id)).position);
    assert.deepEqual(latePlaces, [41, 42, 43, 44, 45, 46, 47, 48, 49, 50], 'behind everyone, in arrival order');

    const earlyPlaces = [];
    for (const c of early) earlyPlaces.push((await queue(t, c.headers, exam.id, 'GET')).position ?? 0);
    assert.deepEqual(
      [...earlyPlaces].sort((a, b) => a - b),
      Array.from({ length: 40 }, (_, i) => i + 1),
      'the early joiners hold places 1 to 40',
    );
    // Arrival order must not predict the place: with 40 random places, fewer than 30 inversions (of 780 pairs) or a
    // place within one of its arrival for most joiners would be absurdly unlikely.
    let inversions = 0;
    for (let i = 0; i < 40; i += 1) {
      for (let j = i + 1; j < 40; j += 1) if ((earlyPlaces[i] ?? 0) > (earlyPlaces[j] ?? 0)) inversions += 1;
    }
    assert.ok(inversions > 100, `inversions ${inversions}: the draw must shuffle arrival order`);
  });

  test('early joiners are told to come back spread by their place: the front just after the opening, the back later', async () => {
    const exam = await roomExam(10_000);
    const early = await candidates(40);
    for (const c of early) await queue(t, c.headers, exam.id);
    const comeBackAfterOpening: number[] = [];
    for (const c of early) comeBackAfterOpening.push((await queue(t, c.headers, exam.id, 'GET')).nextCheckSeconds - 10);
    wait(10_000);
    const places: number[] = [];
    for (const c of early) places.push((await queue(t, c.headers, exam.id, 'GET')).position ?? 0);
    places.forEach((place, i) => {
      // One admission a second: place p is reached about p - 1 seconds after the opening; come back halfway there.
      const halfway = Math.floor((place - 1) / 2);
      const after = comeBackAfterOpening[i] ?? 0;
      assert.ok(after >= Math.max(1, halfway) && after <= Math.max(5, halfway), `place ${place} told ${after} s`);
    });
  });

  test('one place per account: joining again (the tab closed and reopened) keeps it, the line does not grow', async () => {
    const exam = await roomExam(null);
    const [first, second, third] = await candidates(3);
    assert.ok(first && second && third);
    const a = await queue(t, first.headers, exam.id);
    const b = await queue(t, second.headers, exam.id);
    assert.equal(a.state, 'waiting');
    assert.deepEqual([a.position, b.position], [1, 2]);
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await queue(t, second.headers, exam.id)).position, 2, 'joining again answers the same place');
      assert.equal((await queue(t, second.headers, exam.id, 'GET')).position, 2);
    }
    assert.equal((await queue(t, third.headers, exam.id)).position, 3, 'repeated joins took no extra place');
    const looking = await candidates(1);
    const notJoined = await queue(t, looking[0]?.headers ?? first.headers, exam.id, 'GET');
    assert.equal(notJoined.state, 'waiting');
    assert.equal(notJoined.position, null, 'looking is not joining');
  });

  test('admission at the configured rate, with a token booking requires: missing, forged, another account’s or exam’s, expired', async () => {
    const exam = await roomExam(null);
    const other = await roomExam(null);
    const first = await readyCandidate(t);
    const second = await readyCandidate(t);
    assertRefused(await bookWith(first.headers, exam.id), 403, 'ADMISSION_REQUIRED');

    const waiting = await queue(t, first.headers, exam.id);
    assert.equal(waiting.state, 'waiting');
    assert.equal(waiting.ahead, 0);
    assert.equal(waiting.estimatedWaitSeconds, 1);
    await queue(t, second.headers, exam.id);
    await queue(t, first.headers, other.id);
    wait(1_000);
    const admitted = await queue(t, first.headers, exam.id, 'GET');
    assert.equal(admitted.state, 'admitted');
    const token = admitted.admission?.token ?? '';
    assert.equal(Date.parse(admitted.admission?.expiresAt ?? ''), t.clock.now.getTime() + 10 * 60_000);
    const behind = await queue(t, second.headers, exam.id, 'GET');
    assert.deepEqual([behind.state, behind.ahead, behind.admission], ['waiting', 0, null], 'one a second');

    assertRefused(await bookWith(second.headers, exam.id, token), 403, 'ADMISSION_REQUIRED');
    const otherExamToken = (await queue(t, first.headers, other.id, 'GET')).admission?.token ?? '';
    assert.ok(otherExamToken);
    assertRefused(await bookWith(first.headers, exam.id, otherExamToken), 403, 'ADMISSION_REQUIRED');
    const [expiry] = token.split('.');
    assertRefused(await bookWith(first.headers, exam.id, `${expiry}.${'A'.repeat(43)}`), 403, 'ADMISSION_REQUIRED');
    const later = `${(Date.parse(admitted.admission?.expiresAt ?? '') + 3_600_000).toString(36)}.${token.split('.')[1]}`;
    assertRefused(await bookWith(first.headers, exam.id, later), 403, 'ADMISSION_REQUIRED');

    wait(10 * 60_000 + 1);
    assertRefused(await bookWith(first.headers, exam.id, token), 403, 'ADMISSION_EXPIRED');
    const renewed = await queue(t, first.headers, exam.id, 'GET');
    assert.equal(renewed.state, 'admitted', 'an admission is kept; only its token is short-lived');
    const booked = await bookWith(first.headers, exam.id, renewed.admission?.token);
    assert.equal(booked.statusCode, 200, booked.body);
  });

  test('before the opening nobody books (REGISTRATION_NOT_OPEN), with or without a waiting room', async () => {
    const room = await roomExam(3_600_000);
    const plain = await insertExam(t.database.db, basics.beijing, basics.category.id, {
      startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
      registrationOpensAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    const candidate = await readyCandidate(t);
    assertRefused(await bookWith(candidate.headers, room.id), 409, 'REGISTRATION_NOT_OPEN');
    assertRefused(await bookWith(candidate.headers, plain.id), 409, 'REGISTRATION_NOT_OPEN');
    const status = await queue(t, candidate.headers, plain.id, 'GET');
    assert.deepEqual([status.state, status.nextCheckSeconds], ['not_open', 30]);
  });

  test('sold out ends the line for everyone at once', async () => {
    const exam = await roomExam(null, 2);
    const line = await candidates(5);
    for (const c of line) assert.equal((await queue(t, c.headers, exam.id)).state, 'waiting');
    wait(1_000);
    assert.equal((await queue(t, line[0]?.headers ?? { authorization: '' }, exam.id, 'GET')).state, 'admitted');
    await t.database.db.update(exams).set({ seatsTaken: 2 }).where(eq(exams.id, exam.id));
    untilExamReread();
    for (const c of line) {
      const status = await queue(t, c.headers, exam.id, 'GET');
      assert.deepEqual([status.state, status.position, status.admission], ['sold_out', null, null]);
    }
  });

  test('the exam’s end closes the line; someone else’s or an unknown exam is 404', async () => {
    const exam = await roomExam(null);
    const [c] = await candidates(1);
    assert.ok(c);
    await t.database.db.update(exams).set({ status: 'canceled' }).where(eq(exams.id, exam.id));
    untilExamReread();
    assert.equal((await queue(t, c.headers, exam.id)).state, 'closed');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/front/exams/${uuidv7()}/queue`,
      headers: c.headers,
    });
    assert.equal(unknown.statusCode, 404);
  });
});

describe('the per-address limit', () => {
  test('counts joins but not looks, which are answered from memory and paced by Retry-After', async () => {
    const env = { ...sharedEnv(`exam-test:${randomBytes(4).toString('hex')}:`), RATE_LIMIT_PER_MINUTE: '4' };
    await withTestApp({ env }, async (small) => {
      const own = await insertCatalogBasics(small.database.db);
      const exam = await insertExam(small.database.db, own.beijing, own.category.id, {
        startsAt: new Date(small.clock.now.getTime() + 10 * 86_400_000),
        waitingRoom: true,
      });
      const { headers } = await readyCandidate(small);
      assert.equal((await queue(small, headers, exam.id)).state, 'waiting');
      for (let i = 0; i < 6; i += 1) assert.equal((await queue(small, headers, exam.id, 'GET')).position, 1);
      const joins = [];
      for (let i = 0; i < 4; i += 1) {
        joins.push(await small.app.inject({ method: 'POST', url: `/api/front/exams/${exam.id}/queue`, headers }));
      }
      const codes = joins.map((r) => r.statusCode);
      assert.equal(codes[0], 200, `six looks used none of the 4 a minute: ${codes}`);
      assert.equal(codes.at(-1), 429, `joins are counted: ${codes}`);
    });
  });
});

describe('switching a waiting room', () => {
  test('a center switches its own exam; an operator with the catalog permission any exam, audited', async () => {
    const center = await centerAccount(t);
    const exam = await insertExam(t.database.db, center.center, basics.category.id, {
      startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    });
    const put = (headers: Auth, url: string, enabled: boolean) =>
      t.app.inject({ method: 'PUT', url, headers, payload: { enabled } });
    const centerUrl = `/api/center/exams/${exam.id}/waiting-room`;
    const opsUrl = `/api/ops/exams/${exam.id}/waiting-room`;
    assert.equal(dataOf('centerWaitingRoom', await put(center.headers, centerUrl, true)).waitingRoom, true);

    const catalogPhone = nextPhone();
    await addTestOperator(t, catalogPhone, ['catalog']);
    const catalog = await loginOperator(t, catalogPhone);
    const financePhone = nextPhone();
    await addTestOperator(t, financePhone, ['finance']);
    const finance = await loginOperator(t, financePhone);
    const refused = await put(finance, opsUrl, false);
    assert.equal(refused.statusCode, 403);
    assert.equal(envelope(refused).errorCode, 'PERMISSION_DENIED');
    assert.equal((await put((await readyCandidate(t)).headers, opsUrl, false)).statusCode, 403);

    assert.equal(dataOf('opsWaitingRoom', await put(catalog, opsUrl, false)).waitingRoom, false);
    assert.equal(dataOf('opsWaitingRoom', await put(catalog, opsUrl, false)).waitingRoom, false);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam.waitingRoom'), eq(auditLog.targetId, exam.id)));
    assert.equal(rows.length, 1, 'one row for the change, none for switching off what was off');
    assert.deepEqual([rows[0]?.before, rows[0]?.after], [{ waitingRoom: true }, { waitingRoom: false }]);
    assert.equal(rows[0]?.targetLabel, exam.code);

    const unknown = await put(catalog, `/api/ops/exams/${uuidv7()}/waiting-room`, true);
    assert.equal(unknown.statusCode, 404);
  });

  test('a center sets the opening time and the room on its draft; an edit without the room keeps it', async () => {
    const center = await readyCenter(t);
    const opensAt = new Date(t.clock.now.getTime() + 86_400_000).toISOString();
    const created = await createCenterExam(t, center.auth, basics.category.id, {
      registrationOpensAt: opensAt,
      waitingRoom: true,
    });
    assert.deepEqual([created.registrationOpensAt, created.waitingRoom], [opensAt, true]);
    const edit = { ...examDraft(t, basics.category.id), code: created.code, registrationOpensAt: null, capacity: 12 };
    const edited = dataOf(
      'updateExam',
      await t.app.inject({
        method: 'PUT',
        url: `/api/center/exams/${created.id}`,
        headers: center.auth,
        payload: edit,
      }),
    );
    assert.deepEqual([edited.registrationOpensAt, edited.waitingRoom, edited.capacity], [null, true, 12]);
  });
});

if (redisUrl) {
  describe('two instances on one database and one Redis', () => {
    test('share one line: places, rejoining on the other instance, admissions', async () => {
      const prefix = t.config.redisPrefix;
      const b = await createTestApp({ env: sharedEnv(prefix), database: t.database });
      try {
        b.clock.now = t.clock.now;
        const exam = await roomExam(null);
        const line = await candidates(6);
        const places = [];
        for (const [i, c] of line.entries()) places.push((await queue(i % 2 ? b : t, c.headers, exam.id)).position);
        assert.deepEqual(places, [1, 2, 3, 4, 5, 6], 'one sequence across both');
        for (const [i, c] of line.entries()) {
          assert.equal((await queue(i % 2 ? t : b, c.headers, exam.id)).position, i + 1, 'the same place on the other');
        }
        t.clock.advance(2_000);
        b.clock.now = t.clock.now;
        const states = [];
        for (const [i, c] of line.entries()) states.push((await queue(i % 2 ? t : b, c.headers, exam.id, 'GET')).state);
        assert.deepEqual(states.slice(0, 3), ['admitted', 'admitted', 'waiting'], 'two seconds, two admissions');
      } finally {
        await b.close();
      }
    });
  });
}
