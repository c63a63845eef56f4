import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { dataOf, envelope, loginAs, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import { examDraft, readyCenter } from '../../tests/helpers/center';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { outboxOf, placesOf, seatLedger, sweepWaitlistsNow } from '../../tests/helpers/waitlist';
import { registrations } from '../db/schema';
import { renderNotice } from '../documents/notices';
import { noticeExamOf } from '../domain/notify';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Auth = Record<string, string>;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const join = (auth: Auth, examId: string) => postAs(t, `/api/front/exams/${examId}/waitlist`, auth);
const leave = (auth: Auth, examId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/front/exams/${examId}/waitlist`, headers: auth });
const mine = (auth: Auth) => t.app.inject({ method: 'GET', url: '/api/front/waitlist', headers: auth });

function assertError(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(envelope(res as never).errorCode, code, res.body);
}

/** A sold-out exam (capacity `seats`, each seat booked and paid by its own candidate). */
async function soldOutExam(seats = 1, fields: Parameters<typeof examInTenDays>[2] = {}) {
  const exam = await examInTenDays(t, basics, { capacity: seats, ...fields });
  const holders = [];
  for (let n = 0; n < seats; n += 1) {
    const candidate = await readyCandidate(t);
    const booked = await book(t, candidate.headers, exam.id);
    await payInWallet(t, booked.order.id);
    holders.push({ ...candidate, booked });
  }
  return { exam, holders };
}

async function waiting(examId: string) {
  const candidate = await readyCandidate(t);
  const place = dataOf('waitlistJoin', await join(candidate.headers, examId));
  return { ...candidate, place };
}

const cancelBooking = (auth: Auth, registrationId: string) =>
  postAs(t, `/api/front/registrations/${registrationId}/cancel`, auth);

describe('who may use the waiting list', () => {
  test('without a token every path answers 401', async () => {
    const { exam } = await soldOutExam();
    for (const res of [await join({}, exam.id), await leave({}, exam.id), await mine({})]) {
      assertError(res, 401, 'UNAUTHORIZED');
    }
  });

  test('test centers and examiners are refused with 403; candidates are served', async () => {
    const { exam } = await soldOutExam();
    for (const kind of ['testCenter', 'examiner'] as const) {
      const auth = await loginAs(t, nextPhone(), kind);
      for (const res of [await join(auth, exam.id), await leave(auth, exam.id), await mine(auth)]) {
        assert.equal(res.statusCode, 403, res.body);
      }
    }
    const candidate = await readyCandidate(t);
    assert.equal((await join(candidate.headers, exam.id)).statusCode, 200);
    assert.equal((await mine(candidate.headers)).statusCode, 200);
    assert.equal((await leave(candidate.headers, exam.id)).statusCode, 200);
  });

  test('an unknown exam or one not published answers 404', async () => {
    const candidate = await readyCandidate(t);
    const draft = await examInTenDays(t, basics, { capacity: 1, status: 'inactive' });
    for (const id of ['0190aaaa-0000-7000-8000-000000000000', draft.id]) {
      assertError(await join(candidate.headers, id), 404, 'NOT_FOUND');
      assertError(await leave(candidate.headers, id), 404, 'NOT_FOUND');
    }
  });

  test('leaving a list one is not on answers 404 and changes nothing', async () => {
    const { exam } = await soldOutExam();
    const other = await waiting(exam.id);
    const stranger = await readyCandidate(t);
    assertError(await leave(stranger.headers, exam.id), 404, 'NOT_FOUND');
    assert.deepEqual(
      (await placesOf(t, exam.id)).map((p) => [p.userId, p.status]),
      [[other.userId, 'waiting']],
    );
  });
});

describe('joining', () => {
  test('is refused while seats are left: book instead', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 2 });
    const candidate = await readyCandidate(t);
    assertError(await join(candidate.headers, exam.id), 409, 'WAITLIST_NOT_SOLD_OUT');
    assert.equal((await placesOf(t, exam.id)).length, 0);
  });

  test('is refused once registration has ended, and to a candidate already booked', async () => {
    const { exam, holders } = await soldOutExam(1, {
      registrationEndsAt: new Date(t.clock.now.getTime() + HOUR),
    });
    const [holder] = holders;
    assert.ok(holder);
    assertError(await join(holder.headers, exam.id), 409, 'ALREADY_REGISTERED');
    t.clock.advance(2 * HOUR);
    try {
      const late = await readyCandidate(t);
      assertError(await join(late.headers, exam.id), 409, 'WAITLIST_CLOSED');
    } finally {
      t.clock.advance(-2 * HOUR);
    }
    assert.equal((await placesOf(t, exam.id)).length, 0);
  });

  test('gives places in arrival order; joining again answers the same place', async () => {
    const { exam } = await soldOutExam();
    const first = await waiting(exam.id);
    const second = await waiting(exam.id);
    assert.equal(first.place.status, 'waiting');
    assert.equal(first.place.position, 1);
    assert.equal(second.place.position, 2);
    assert.equal(second.place.exam.id, exam.id);
    const again = dataOf('waitlistJoin', await join(second.headers, exam.id));
    assert.equal(again.id, second.place.id);
    assert.equal(again.position, 2);
    assert.equal((await placesOf(t, exam.id)).length, 2);

    // The first leaves: the second moves up.
    assert.equal(dataOf('waitlistLeave', await leave(first.headers, exam.id)).status, 'left');
    const list = dataOf('waitlist', await mine(second.headers)).list;
    assert.deepEqual(
      list.map((p) => [p.exam.id, p.status, p.position]),
      [[exam.id, 'waiting', 1]],
    );
  });
});

describe('a freed seat goes to the line first', () => {
  test('a cancellation offers the seat to the first in line, who books it at the usual price and pays', async () => {
    const { exam, holders } = await soldOutExam();
    const [holder] = holders;
    assert.ok(holder);
    const first = await waiting(exam.id);
    const second = await waiting(exam.id);
    const cancel = await cancelBooking(holder.headers, holder.booked.registration.id);
    assert.equal(cancel.statusCode, 200, cancel.body);

    const offered = dataOf('waitlist', await mine(first.headers)).list[0];
    assert.equal(offered?.status, 'offered');
    assert.equal(offered?.position, null);
    assert.equal(offered?.offerExpiresAt, new Date(t.clock.now.getTime() + 120 * MINUTE).toISOString());
    assert.equal(dataOf('waitlist', await mine(second.headers)).list[0]?.position, 1);
    // The seat is held: still counted taken, and the public cannot have it.
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 0, offered: 1, waiting: 1 });
    const outsider = await readyCandidate(t);
    await assert.rejects(book(t, outsider.headers, exam.id), /SOLD_OUT/);
    const offerRows = await outboxOf(t, first.userId, 'waitlist.offer');
    assert.ok(offerRows.some((r) => r.channel === 'inapp'));
    const examTold = noticeExamOf({ ...exam, arrivalLeadMinutes: 30, timeZone: 'Asia/Shanghai' });
    assert.deepEqual(offerRows[0]?.params, { exam: examTold, offerExpiresAt: offered?.offerExpiresAt });
    const told = renderNotice('waitlist.offer', offerRows[0]?.params ?? {}, 'en-US');
    assert.match(told.body, new RegExp(exam.nameEn), 'the offer names the exam in the candidate’s language');

    // Accepting is a normal booking: it takes the held seat, not another, at the exam's fee.
    const booked = await book(t, first.headers, exam.id);
    assert.deepEqual(booked.order.breakdown, holder.booked.order.breakdown);
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 1, offered: 0, waiting: 1 });
    const [accepted] = (await placesOf(t, exam.id)).filter((p) => p.userId === first.userId);
    assert.equal(accepted?.status, 'accepted');
    assert.equal(accepted?.registrationId, booked.registration.id);
    await payInWallet(t, booked.order.id);
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, booked.registration.id));
    assert.equal(row?.status, 'register');
  });

  test('declining (leaving while offered) passes the seat to the next; with nobody left it goes to the public', async () => {
    const { exam, holders } = await soldOutExam();
    const [holder] = holders;
    assert.ok(holder);
    const first = await waiting(exam.id);
    const second = await waiting(exam.id);
    await cancelBooking(holder.headers, holder.booked.registration.id);
    assert.equal(dataOf('waitlistLeave', await leave(first.headers, exam.id)).status, 'declined');
    assert.equal(dataOf('waitlist', await mine(second.headers)).list[0]?.status, 'offered');
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 0, offered: 1, waiting: 0 });
    assert.equal(dataOf('waitlistLeave', await leave(second.headers, exam.id)).status, 'declined');
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 0, capacity: 1, live: 0, offered: 0, waiting: 0 });
    const outsider = await readyCandidate(t);
    assert.equal((await book(t, outsider.headers, exam.id)).order.status, 'pending');
  });

  test('an offer not taken in time lapses: the candidate is told and the seat passes on', async () => {
    const { exam, holders } = await soldOutExam();
    const [holder] = holders;
    assert.ok(holder);
    const first = await waiting(exam.id);
    const second = await waiting(exam.id);
    await cancelBooking(holder.headers, holder.booked.registration.id);
    t.clock.advance(121 * MINUTE);
    try {
      await assert.rejects(book(t, first.headers, exam.id), /SOLD_OUT/);
      assert.ok((await sweepWaitlistsNow(t)).lapsed >= 1);
      assert.equal(dataOf('waitlist', await mine(first.headers)).list[0]?.status, 'lapsed');
      assert.ok((await outboxOf(t, first.userId, 'waitlist.offer_expired')).length > 0);
      assert.equal(dataOf('waitlist', await mine(second.headers)).list[0]?.status, 'offered');
      assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 0, offered: 1, waiting: 0 });
    } finally {
      t.clock.advance(-121 * MINUTE);
    }
  });

  test('an offer close to registration end holds its seat only until then', async () => {
    const endsAt = new Date(t.clock.now.getTime() + 30 * MINUTE);
    const { exam, holders } = await soldOutExam(1, { registrationEndsAt: endsAt });
    const [holder] = holders;
    assert.ok(holder);
    const first = await waiting(exam.id);
    await cancelBooking(holder.headers, holder.booked.registration.id);
    assert.equal(dataOf('waitlist', await mine(first.headers)).list[0]?.offerExpiresAt, endsAt.toISOString());
  });

  test('registration end closes the list: everyone still on it is told and held seats are released', async () => {
    const { exam, holders } = await soldOutExam(2, { registrationEndsAt: new Date(t.clock.now.getTime() + 3 * HOUR) });
    const [holder] = holders;
    assert.ok(holder);
    const first = await waiting(exam.id);
    const second = await waiting(exam.id);
    await cancelBooking(holder.headers, holder.booked.registration.id);
    t.clock.advance(4 * HOUR);
    try {
      assert.ok((await sweepWaitlistsNow(t)).closed >= 2);
      assert.deepEqual(
        (await placesOf(t, exam.id)).map((p) => p.status),
        ['closed', 'closed'],
      );
      for (const who of [first, second]) {
        assert.ok((await outboxOf(t, who.userId, 'waitlist.closed')).length > 0);
      }
      assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 2, live: 1, offered: 0, waiting: 0 });
    } finally {
      t.clock.advance(-4 * HOUR);
    }
  });

  test("a center's capacity raise goes to the line first; its cancellation of the exam closes the list", async () => {
    const center = await readyCenter(t);
    const draft = examDraft(t, basics.category.id, { capacity: 1 });
    const created = await postAs(t, '/api/center/exams', center.auth, draft);
    const exam = dataOf('createExam', created);
    const holder = await readyCandidate(t);
    await payInWallet(t, (await book(t, holder.headers, exam.id)).order.id);
    const line = [await waiting(exam.id), await waiting(exam.id), await waiting(exam.id)];

    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/center/exams/${exam.id}`,
      headers: center.auth,
      payload: { ...draft, capacity: 3 },
    });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.deepEqual(
      (await placesOf(t, exam.id)).map((p) => p.status),
      ['offered', 'offered', 'waiting'],
    );
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 3, capacity: 3, live: 1, offered: 2, waiting: 1 });

    const canceled = await postAs(t, `/api/center/exams/${exam.id}/cancel`, center.auth);
    assert.equal(canceled.statusCode, 200, canceled.body);
    assert.deepEqual(
      (await placesOf(t, exam.id)).map((p) => p.status),
      ['closed', 'closed', 'closed'],
    );
    for (const who of line) assert.ok((await outboxOf(t, who.userId, 'waitlist.closed')).length > 0);
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 0, capacity: 3, live: 0, offered: 0, waiting: 0 });
  });

  test('a seat freed with nobody waiting goes to the public as before', async () => {
    const { exam, holders } = await soldOutExam();
    const [holder] = holders;
    assert.ok(holder);
    await cancelBooking(holder.headers, holder.booked.registration.id);
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 0, capacity: 1, live: 0, offered: 0, waiting: 0 });
    const outsider = await readyCandidate(t);
    assert.equal((await book(t, outsider.headers, exam.id)).order.status, 'pending');
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 1, offered: 0, waiting: 0 });
  });
});
