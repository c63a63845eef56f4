import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { dataOf, envelope, loginAs, openFileApp, postAs, sendJsonText, type TestApp } from '../../tests/helpers/app';
import {
  book,
  type ExamFields,
  examInTenDays,
  nextPhone,
  payInWallet,
  readyCandidate,
  seatsTaken,
  sweepNow,
} from '../../tests/helpers/booking';
import { type CatalogBasics, idCardNumber, insertExam, insertResult } from '../../tests/helpers/fixtures';
import { orders, sandboxPayments } from '../db/schema';
import { createTicketSigner } from '../domain/tickets';
import { uuidv7 } from '../ids';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const newExam = (fields: ExamFields = {}) => examInTenDays(t, basics, fields);

async function ledgerRefunded(orderId: string) {
  const [row] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
  return row?.refundedFen;
}

/** A candidate holding a paid registration for `exam`. */
async function paidRegistration(exam: { id: string }, options: { name?: string } = {}) {
  const candidate = await readyCandidate(t, options);
  const booked = await book(t, candidate.headers, exam.id);
  await payInWallet(t, booked.order.id);
  return { ...candidate, booked };
}

function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ url, headers });
}

const post = (url: string, auth: Record<string, string>, payload?: unknown, headers?: Record<string, string>) =>
  postAs(t, url, auth, payload, headers);

describe('registrations list', () => {
  test('newest first, paged, filtered by status, with the lock instant and what may be done', async () => {
    const { headers } = await readyCandidate(t);
    const soon = await newExam({ startsAt: new Date(t.clock.now.getTime() + 2 * DAY) });
    const later = await newExam();
    const third = await newExam();
    const a = await book(t, headers, soon.id);
    await payInWallet(t, a.order.id);
    t.clock.advance(1000);
    const b = await book(t, headers, later.id);
    await payInWallet(t, b.order.id);
    t.clock.advance(1000);
    const c = await book(t, headers, third.id);

    const page1 = dataOf('registrations', await get('/api/front/registrations?pageSize=2', headers));
    assert.equal(page1.total, 3);
    assert.deepEqual(
      page1.list.map((r) => r.id),
      [c.registration.id, b.registration.id],
    );
    const page2 = dataOf('registrations', await get('/api/front/registrations?pageSize=2&current=2', headers));
    assert.deepEqual(
      page2.list.map((r) => r.id),
      [a.registration.id],
    );
    const [soonView] = page2.list;
    assert.equal(soonView?.lockedFrom, new Date(soon.startsAt.getTime() - 72 * HOUR).toISOString());
    assert.equal(soonView?.canChange, false);
    assert.equal(soonView?.canCancel, false);
    const laterView = page1.list[1];
    assert.equal(laterView?.canChange, true);
    assert.equal(laterView?.canCancel, true);
    assert.equal(laterView?.orderId, b.order.id);

    const pending = dataOf('registrations', await get('/api/front/registrations?status=pending', headers));
    assert.deepEqual(
      pending.list.map((r) => r.id),
      [c.registration.id],
    );
    assert.equal((await get('/api/front/registrations?status=lost', headers)).statusCode, 400);
    assert.equal((await get('/api/front/registrations?pageSize=1000', headers)).statusCode, 400);
    const other = await readyCandidate(t);
    assert.equal(dataOf('registrations', await get('/api/front/registrations', other.headers)).total, 0);
  });
});

describe('ticket', () => {
  test('a paid registration has a signed token naming it; the ID is masked', async () => {
    const exam = await newExam();
    const { headers, booked } = await paidRegistration(exam, { name: '李四' });
    const ticket = dataOf('ticket', await get(`/api/front/registrations/${booked.registration.id}/ticket`, headers));
    assert.equal(ticket.status, 'register');
    assert.equal(ticket.candidate.name, '李四');
    const id = idCardNumber();
    assert.equal(ticket.candidate.maskedIdNumber, `${id.slice(0, 6)}********${id.slice(-4)}`);
    assert.match(ticket.candidate.phone, /^\+86139/);
    assert.match(ticket.candidate.avatar_small ?? '', /^\/api\/front\/avatars\//);
    assert.ok(ticket.token);
    const claims = await createTicketSigner(t.config, () => t.clock.now).verifyTicket(ticket.token);
    assert.deepEqual(claims, { registrationId: booked.registration.id, examId: exam.id, version: 1 });
  });

  test("pending is not issued; someone else's or unknown ids are 404; canceled has no token", async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const pending = await get(`/api/front/registrations/${booked.registration.id}/ticket`, headers);
    assert.equal(pending.statusCode, 409);
    assert.equal(envelope(pending).errorCode, 'TICKET_NOT_ISSUED');
    const stranger = await readyCandidate(t);
    const theirs = await get(`/api/front/registrations/${booked.registration.id}/ticket`, stranger.headers);
    assert.equal(theirs.statusCode, 404);
    assert.equal(
      (await get('/api/front/registrations/0190a0f0-0000-7000-8000-000000000000/ticket', headers)).statusCode,
      404,
    );
    assert.equal((await get('/api/front/registrations/x/ticket', headers)).statusCode, 400);

    await payInWallet(t, booked.order.id);
    dataOf('cancelRegistration', await post(`/api/front/registrations/${booked.registration.id}/cancel`, headers));
    const canceled = dataOf('ticket', await get(`/api/front/registrations/${booked.registration.id}/ticket`, headers));
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.token, null);
  });
});

describe('change reservation', () => {
  /** A paid registration for a fresh `from` exam, changed by its candidate to a fresh `to` exam. */
  async function paidChange(fromFields: ExamFields = {}, toFields: ExamFields = {}) {
    const from = await newExam(fromFields);
    const to = await newExam(toFields);
    const { headers, booked } = await paidRegistration(from);
    const changed = dataOf(
      'changeRegistration',
      await post(`/api/front/registrations/${booked.registration.id}/change`, headers, { examId: to.id }),
    );
    return { from, to, headers, booked, changed };
  }

  test('options: same category or exam code, seats left, outside the lock, not the current exam', async () => {
    const current = await newExam({ code: 'SWIM-L1-20990301' });
    const sameCategory = await newExam({ startsAt: new Date(t.clock.now.getTime() + 12 * DAY) });
    const sameCode = await insertExam(t.database.db, basics.shenzhen, basics.otherCategory.id, {
      startsAt: new Date(t.clock.now.getTime() + 14 * DAY),
      code: 'SWIM-L1-20990315',
    });
    const otherKind = await insertExam(t.database.db, basics.shenzhen, basics.otherCategory.id, {
      startsAt: new Date(t.clock.now.getTime() + 14 * DAY),
    });
    const full = await newExam({ capacity: 1, seatsTaken: 1 });
    const tooSoon = await newExam({ startsAt: new Date(t.clock.now.getTime() + 2 * DAY) });
    const { headers, booked } = await paidRegistration(current);
    const options = dataOf(
      'changeOptions',
      await get(`/api/front/registrations/${booked.registration.id}/change-options`, headers),
    );
    const ids = options.map((e) => e.id);
    assert.ok(ids.includes(sameCategory.id));
    assert.ok(ids.includes(sameCode.id));
    for (const excluded of [current, otherKind, full, tooSoon]) assert.ok(!ids.includes(excluded.id));
    const stranger = await readyCandidate(t);
    const theirs = await get(`/api/front/registrations/${booked.registration.id}/change-options`, stranger.headers);
    assert.equal(theirs.statusCode, 404);
  });

  test('to a cheaper exam: moves at once and refunds the difference through the provider', async () => {
    const { from, to, headers, booked, changed } = await paidChange({ feeFen: 30000 }, { feeFen: 20000 });
    assert.equal(changed.registration.exam.id, to.id);
    assert.equal(changed.registration.status, 'register');
    assert.equal(changed.order, null);
    assert.equal(changed.refundFen, 10000);
    assert.equal(await seatsTaken(t, from.id), 0);
    assert.equal(await seatsTaken(t, to.id), 1);
    assert.equal(await ledgerRefunded(booked.order.id), 10000);
    const list = dataOf('transactions', await get('/api/front/transactions', headers));
    assert.equal(list.list[0]?.refundedFen, 10000);
    assert.equal(list.list[0]?.status, 'paid');
  });

  test('to an exam of the same price: moves at once, nothing refunded', async () => {
    const { to, booked, changed } = await paidChange();
    assert.equal(changed.registration.exam.id, to.id);
    assert.equal(changed.refundFen, 0);
    assert.equal(await ledgerRefunded(booked.order.id), 0);
  });

  test('to a dearer exam: holds the target seat, and paying the difference makes the move', async () => {
    const { from, to, headers, changed } = await paidChange({ feeFen: 10000 }, { feeFen: 15000 });
    assert.equal(changed.registration.exam.id, from.id);
    assert.equal(changed.order?.purpose, 'change');
    assert.equal(changed.order?.breakdown.totalFen, 5000);
    assert.match(changed.payment?.qrContent ?? '', /\/pay\/sandbox\//);
    assert.equal(await seatsTaken(t, from.id), 1);
    assert.equal(await seatsTaken(t, to.id), 1);

    await payInWallet(t, changed.order?.id ?? '');
    const [view] = dataOf('registrations', await get('/api/front/registrations', headers)).list;
    assert.equal(view?.exam.id, to.id);
    assert.equal(view?.orderId, changed.order?.id);
    assert.equal(await seatsTaken(t, from.id), 0);
    assert.equal(await seatsTaken(t, to.id), 1);
  });

  test('an unpaid change order expires and only its held seat is released', async () => {
    const { from, to, headers, changed } = await paidChange({ feeFen: 10000 }, { feeFen: 15000 });
    t.clock.advance(16 * 60_000);
    await sweepNow(t);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, changed.order?.id ?? ''));
    assert.equal(order?.status, 'expired');
    assert.equal(await seatsTaken(t, to.id), 0);
    assert.equal(await seatsTaken(t, from.id), 1);
    const [view] = dataOf('registrations', await get('/api/front/registrations', headers)).list;
    assert.equal(view?.status, 'register');
    assert.equal(view?.exam.id, from.id);
  });

  test('into an exam that needs an access code: the options say so, and the change needs the code', async () => {
    const from = await newExam();
    const invited = await newExam({ accessCode: 'CLUB2026' });
    const open = await newExam();
    const { headers, booked } = await paidRegistration(from);
    const base = `/api/front/registrations/${booked.registration.id}`;
    const options = dataOf('changeOptions', await get(`${base}/change-options`, headers));
    assert.equal(options.find((e) => e.id === invited.id)?.requiresAccessCode, true);
    assert.equal(options.find((e) => e.id === open.id)?.requiresAccessCode, false);

    for (const body of [{ examId: invited.id }, { examId: invited.id, accessCode: 'club2026' }]) {
      const refused = await post(`${base}/change`, headers, body);
      assert.equal(refused.statusCode, 400);
      assert.equal(envelope(refused).errorCode, 'ACCESS_CODE_INVALID');
    }
    assert.equal(await seatsTaken(t, invited.id), 0);
    assert.equal(await seatsTaken(t, from.id), 1);
    const [unmoved] = dataOf('registrations', await get('/api/front/registrations', headers)).list;
    assert.equal(unmoved?.exam.id, from.id);

    const changed = dataOf(
      'changeRegistration',
      await post(`${base}/change`, headers, { examId: invited.id, accessCode: ' CLUB2026 ' }),
    );
    assert.equal(changed.registration.exam.id, invited.id);
    assert.equal(await seatsTaken(t, invited.id), 1);
    assert.equal(await seatsTaken(t, from.id), 0);
  });

  test('within 72 hours of the test the change is refused; bad targets and states too', async () => {
    const soon = await newExam({ startsAt: new Date(t.clock.now.getTime() + 71 * HOUR) });
    const target = await newExam();
    const locked = await paidRegistration(soon);
    const refused = await post(`/api/front/registrations/${locked.booked.registration.id}/change`, locked.headers, {
      examId: target.id,
    });
    assert.equal(refused.statusCode, 409);
    assert.equal(envelope(refused).errorCode, 'RESERVATION_LOCKED');

    const from = await newExam();
    const { headers, booked } = await paidRegistration(from);
    const url = `/api/front/registrations/${booked.registration.id}/change`;
    const otherKind = await insertExam(t.database.db, basics.shenzhen, basics.otherCategory.id, {
      startsAt: new Date(t.clock.now.getTime() + 14 * DAY),
    });
    for (const examId of [otherKind.id, from.id, '0190a0f0-0000-7000-8000-000000000000']) {
      const res = await post(url, headers, { examId });
      assert.equal(res.statusCode, 409);
      assert.equal(envelope(res).errorCode, 'CHANGE_TARGET_INVALID');
    }
    const full = await newExam({ capacity: 1, seatsTaken: 1 });
    assert.equal(envelope(await post(url, headers, { examId: full.id })).errorCode, 'SOLD_OUT');
    assert.equal(envelope(await post(url, headers, { examId: 'x' })).errorCode, 'VALIDATION_FAILED');
    const stranger = await readyCandidate(t);
    assert.equal((await post(url, stranger.headers, { examId: target.id })).statusCode, 404);

    const pending = await book(t, headers, (await newExam()).id);
    const notPaid = await post(`/api/front/registrations/${pending.registration.id}/change`, headers, {
      examId: target.id,
    });
    assert.equal(envelope(notPaid).errorCode, 'STATUS_TRANSITION_INVALID');
    assert.equal(await seatsTaken(t, target.id), 0);
  });
});

describe('cancel', () => {
  test('a pending hold is let go: order canceled, seat released, closed at the provider', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const canceled = dataOf(
      'cancelRegistration',
      await post(`/api/front/registrations/${booked.registration.id}/cancel`, headers),
    );
    assert.equal(canceled.registration.status, 'canceled');
    assert.equal(canceled.refundFen, 0);
    assert.equal(await seatsTaken(t, exam.id), 0);
    const order = dataOf('order', await get(`/api/front/orders/${booked.order.id}`, headers));
    assert.equal(order.status, 'canceled');
    const wallet = dataOf('walletOrder', await t.app.inject({ url: `/api/pay/sandbox/orders/${booked.order.id}` }));
    assert.equal(wallet.state, 'closed');
  });

  test('a paid registration is refunded in full, once; a second cancel is refused', async () => {
    const exam = await newExam({ feeFen: 25000 });
    const { headers, booked } = await paidRegistration(exam);
    const url = `/api/front/registrations/${booked.registration.id}/cancel`;
    const [first, second] = await Promise.all([post(url, headers), post(url, headers)]);
    const answers = [first, second].map((res) => res?.statusCode).sort();
    assert.deepEqual(answers, [200, 409]);
    const ok = [first, second].find((res) => res?.statusCode === 200);
    const refused = [first, second].find((res) => res?.statusCode === 409);
    assert.ok(ok && refused);
    assert.equal(envelope(refused).errorCode, 'STATUS_TRANSITION_INVALID');
    assert.equal(dataOf('cancelRegistration', ok).refundFen, booked.order.breakdown.totalFen);
    assert.equal(await ledgerRefunded(booked.order.id), booked.order.breakdown.totalFen);
    assert.equal(await seatsTaken(t, exam.id), 0);
    const order = dataOf('order', await get(`/api/front/orders/${booked.order.id}`, headers));
    assert.equal(order.status, 'refunded');
    assert.equal(order.refundedFen, booked.order.breakdown.totalFen);
  });

  test('after a cheaper change, cancel refunds only what is left', async () => {
    const from = await newExam({ feeFen: 30000 });
    const to = await newExam({ feeFen: 20000 });
    const { headers, booked } = await paidRegistration(from);
    await post(`/api/front/registrations/${booked.registration.id}/change`, headers, { examId: to.id });
    const canceled = dataOf(
      'cancelRegistration',
      await post(`/api/front/registrations/${booked.registration.id}/cancel`, headers),
    );
    assert.equal(canceled.refundFen, booked.order.breakdown.totalFen - 10000);
    assert.equal(await ledgerRefunded(booked.order.id), booked.order.breakdown.totalFen);
    assert.equal(await seatsTaken(t, to.id), 0);
  });

  test('within 72 hours a paid registration cannot be canceled; others cannot cancel mine', async () => {
    const soon = await newExam({ startsAt: new Date(t.clock.now.getTime() + 71 * HOUR) });
    const { headers, booked } = await paidRegistration(soon);
    const url = `/api/front/registrations/${booked.registration.id}/cancel`;
    const locked = await post(url, headers);
    assert.equal(locked.statusCode, 409);
    assert.equal(envelope(locked).errorCode, 'RESERVATION_LOCKED');
    const stranger = await readyCandidate(t);
    assert.equal((await post(url, stranger.headers)).statusCode, 404);
    assert.equal(await seatsTaken(t, soon.id), 1);
    assert.equal(await ledgerRefunded(booked.order.id), 0);
  });
});

describe('bad input', () => {
  test('malformed JSON, wrong types, malformed and unknown ids, no token: refused, nothing changes', async () => {
    const exam = await newExam();
    const { headers, booked } = await paidRegistration(exam);
    const base = `/api/front/registrations/${booked.registration.id}`;
    const malformed = await sendJsonText(t, 'POST', `${base}/change`, headers, '{"examId":');
    assert.equal(envelope(malformed).errorCode, 'MALFORMED_JSON');
    assert.equal(envelope(await post(`${base}/change`, headers, { examId: 7 })).errorCode, 'VALIDATION_FAILED');
    assert.equal(envelope(await post(`${base}/change`, headers, {})).errorCode, 'VALIDATION_FAILED');
    assert.equal((await post('/api/front/registrations/nope/cancel', headers)).statusCode, 400);
    const unknown = await post('/api/front/registrations/0190a0f0-0000-7000-8000-000000000000/cancel', headers);
    assert.equal(unknown.statusCode, 404);
    assert.equal((await post(`${base}/cancel`, {})).statusCode, 401);
    assert.equal((await get('/api/front/registrations', {})).statusCode, 401);
    assert.equal((await get('/api/front/transactions?pageSize=abc', headers)).statusCode, 400);
    assert.equal(await seatsTaken(t, exam.id), 1);
    const [view] = dataOf('registrations', await get('/api/front/registrations', headers)).list;
    assert.equal(view?.status, 'register');
  });
});

describe('transactions and results', () => {
  test('transactions: my orders newest first, paged, with exam, unit price, payment date and transaction id', async () => {
    const { headers } = await readyCandidate(t);
    const first = await book(t, headers, (await newExam({ feeFen: 12000 })).id);
    await payInWallet(t, first.order.id);
    t.clock.advance(1000);
    const second = await book(t, headers, (await newExam({ feeFen: 8000 })).id);
    const page = dataOf('transactions', await get('/api/front/transactions?pageSize=1', headers));
    assert.equal(page.total, 2);
    assert.equal(page.list[0]?.orderId, second.order.id);
    assert.equal(page.list[0]?.status, 'pending');
    assert.equal(page.list[0]?.paymentDate, null);
    const older = dataOf('transactions', await get('/api/front/transactions?pageSize=1&current=2', headers));
    const paid = older.list[0];
    assert.equal(paid?.orderId, first.order.id);
    assert.equal(paid?.unitPriceFen, 12000);
    assert.equal(paid?.quantity, 1);
    assert.equal(paid?.totalFen, first.order.breakdown.totalFen);
    assert.equal(paid?.examName.en, 'Test exam');
    assert.ok(paid?.paymentDate);
    assert.match(paid?.transactionId ?? '', /^SBX/);
    assert.equal((await get('/api/front/transactions?current=0', headers)).statusCode, 400);
  });

  test('results: outcome and certificate once published, null before', async () => {
    const a = await newExam();
    const b = await newExam({ startsAt: new Date(t.clock.now.getTime() + 11 * DAY) });
    const { headers } = await readyCandidate(t);
    const passed = await book(t, headers, a.id);
    await payInWallet(t, passed.order.id);
    const waiting = await book(t, headers, b.id);
    await payInWallet(t, waiting.order.id);
    await insertResult(t.database.db, passed.registration.id, {
      outcome: 'pass',
      certificateNumber: 'CERT-0001',
      publishedAt: t.clock.now,
    });
    await insertResult(t.database.db, waiting.registration.id, { outcome: 'fail', publishedAt: null });
    const results = dataOf('results', await get('/api/front/results', headers));
    const byId = new Map(results.map((r) => [r.registrationId, r]));
    assert.equal(byId.get(passed.registration.id)?.outcome, 'pass');
    assert.equal(byId.get(passed.registration.id)?.certificateNumber, 'CERT-0001');
    assert.equal(byId.get(waiting.registration.id)?.outcome, null);
    assert.equal(byId.get(waiting.registration.id)?.certificateNumber, null);
    const center = await loginAs(t, nextPhone(), 'testCenter');
    assert.deepEqual(dataOf('results', await get('/api/front/results', center)), []);
  });
});

describe('one registration by id', () => {
  test('answers one of mine as the list shows it; anyone else gets 404, a malformed id 400', async () => {
    const { headers } = await readyCandidate(t);
    const paid = await book(t, headers, (await newExam()).id);
    await payInWallet(t, paid.order.id);
    t.clock.advance(1000);
    const pending = await book(t, headers, (await newExam()).id);

    const list = dataOf('registrations', await get('/api/front/registrations', headers)).list;
    assert.equal(list.length, 2);
    for (const listed of list) {
      const one = dataOf('registration', await get(`/api/front/registrations/${listed.id}`, headers));
      assert.deepEqual(one, listed);
    }
    const read = dataOf('registration', await get(`/api/front/registrations/${pending.registration.id}`, headers));
    assert.equal(read.status, 'pending');
    assert.equal(read.orderId, pending.order.id);

    const other = await readyCandidate(t);
    for (const id of [paid.registration.id, uuidv7()]) {
      const res = await get(`/api/front/registrations/${id}`, other.headers);
      assert.equal(res.statusCode, 404);
      assert.equal(envelope(res).errorCode, 'NOT_FOUND');
    }
    const malformed = await get('/api/front/registrations/not-an-id', headers);
    assert.equal(malformed.statusCode, 400);
    assert.equal(envelope(malformed).details?.[0]?.path, 'id');
    assert.equal((await t.app.inject({ url: `/api/front/registrations/${paid.registration.id}` })).statusCode, 401);
  });
});
