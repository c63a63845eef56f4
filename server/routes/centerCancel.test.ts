import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderView } from '../../contract';
import {
  createTestApp,
  dataOf,
  envelope,
  loginAs,
  multipart,
  openFileApp,
  postAs,
  type TestApp,
} from '../../tests/helpers/app';
import { book, nextPhone, payInWallet, quoteFor, readyCandidate, seatsTaken } from '../../tests/helpers/booking';
import { createCenterExam, readyCenter } from '../../tests/helpers/center';
import { type CatalogBasics, idCardNumber, insertCatalogBasics } from '../../tests/helpers/fixtures';
import { deliverOutbox, outboxOf } from '../../tests/helpers/notifications';
import { GROUP_HEADER, xlsxOf } from '../../tests/helpers/spreadsheets';
import { exams, orders, refunds, registrations, sandboxPayments } from '../db/schema';

const DAY = 86_400_000;

type Auth = Record<string, string>;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file), { discountCodes: true });

/** The SMS of exam cancellations sent since the `from`-th notice (bookings and refunds are told too). */
const canceledNotices = (from: number) => t.sms.notices.slice(from).filter((n) => /已被考点取消/.test(n.text));

const get = (url: string, auth: Auth = {}) => t.app.inject({ method: 'GET', url, headers: auth });
const post = (url: string, auth: Auth, payload?: unknown) => postAs(t, url, auth, payload);
const cancel = (auth: Auth, examId: string) => post(`/api/center/exams/${examId}/cancel`, auth);

function assertError(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(envelope(res as never).errorCode, code, res.body);
}

/** An exam of a fresh center, starting `days` after the test clock. */
async function centerWithExam(days = 10, fields: Record<string, unknown> = {}) {
  const center = await readyCenter(t);
  const startsAt = new Date(t.clock.now.getTime() + days * DAY);
  const exam = await createCenterExam(t, center.auth, basics.category.id, {
    startsAt: startsAt.toISOString(),
    registrationEndsAt: new Date(startsAt.getTime() - DAY / 2).toISOString(),
    ...fields,
  });
  return { ...center, exam };
}

async function paidCandidate(examId: string, promoCode?: string) {
  const candidate = await readyCandidate(t);
  const booked = await book(t, candidate.headers, examId, promoCode ? { promoCode } : {});
  if (booked.order.status === 'pending') await payInWallet(t, booked.order.id);
  return { ...candidate, booked };
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function ledger(orderId: string) {
  const [row] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
  return row;
}

async function refundsOf(orderIds: string[]) {
  return t.database.db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
}

async function registrationRow(id: string) {
  const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** The order, as the database holds it, was refunded in full through the sandbox: its ledger agrees. */
async function assertRefundedInFull(order: Pick<OrderView, 'id'>) {
  const row = await orderRow(order.id);
  assert.ok(row && row.totalFen > 0);
  assert.equal(row.status, 'refunded');
  assert.equal(row.refundedFen, row.totalFen);
  assert.equal((await ledger(order.id))?.refundedFen, row.totalFen, 'the sandbox paid it all back');
  const rows = await refundsOf([order.id]);
  assert.ok(rows.every((r) => r.status === 'succeeded' && r.providerRefundId));
  assert.equal(
    rows.reduce((sum, r) => sum + r.amountFen, 0),
    row.totalFen,
  );
}

describe('cancelling an exam', () => {
  test('every paid candidate refunded in full (even inside the 72-hour lock), holds released, one SMS each', async () => {
    const { auth, exam } = await centerWithExam(2, { name: { zh: '春季游泳考试', en: 'Spring swimming test' } });
    const a = await paidCandidate(exam.id);
    const b = await paidCandidate(exam.id, 'SPRING10');
    const free = await paidCandidate(exam.id, 'FREE100');
    const holder = await readyCandidate(t);
    const hold = await book(t, holder.headers, exam.id);
    assert.equal(hold.order.status, 'pending');
    // The candidates themselves could not cancel now: the exam starts within 72 hours.
    assertError(
      await post(`/api/front/registrations/${a.booked.registration.id}/cancel`, a.headers),
      409,
      'RESERVATION_LOCKED',
    );
    const noticesBefore = t.sms.notices.length;

    const answer = dataOf('cancelExam', await cancel(auth, exam.id));
    assert.equal(answer.refunded, 3);
    assert.equal(answer.released, 1);
    assert.equal(answer.notified, 3);
    assert.equal(answer.exam.status, 'canceled');
    assert.deepEqual(answer.exam.counts, { pending: 0, register: 0, checkin: 0, completed: 0, canceled: 4 });
    assert.equal(answer.exam.seatsTaken, 0);
    assert.equal(await seatsTaken(t, exam.id), 0);

    for (const { booked } of [a, b]) await assertRefundedInFull(booked.order);
    assert.notEqual((await orderRow(a.booked.order.id))?.totalFen, (await orderRow(b.booked.order.id))?.totalFen);
    for (const r of await refundsOf([a.booked.order.id, b.booked.order.id])) assert.equal(r.reason, 'exam_canceled');
    assert.deepEqual(await refundsOf([free.booked.order.id]), [], 'nothing was paid, nothing to refund');

    for (const { booked } of [a, b, free]) {
      const row = await registrationRow(booked.registration.id);
      assert.equal(row?.status, 'canceled');
      assert.equal(row?.cancelReason, 'exam_canceled');
    }
    const released = await registrationRow(hold.registration.id);
    assert.equal(released?.status, 'canceled');
    assert.equal((await orderRow(hold.order.id))?.status, 'canceled');
    assert.equal((await ledger(hold.order.id))?.state, 'closed', 'the provider was told to close the unpaid order');

    // Told through the outbox, in their language (Chinese unless the app said otherwise).
    await deliverOutbox(t);
    const notices = canceledNotices(noticesBefore);
    assert.deepEqual(notices.map((n) => n.phone).sort(), [a, b, free].map((c) => `+86${c.phone}`).sort());
    for (const { text } of notices) {
      assert.match(text, new RegExp(exam.code));
      assert.match(text, /春季游泳考试/);
      assert.match(text, /全额退还/);
    }

    // The candidate sees it canceled; the exam takes no more bookings.
    const mine = dataOf('registrations', await get('/api/front/registrations', a.headers));
    assert.equal(mine.list[0]?.status, 'canceled');
    const late = await readyCandidate(t);
    assertError(
      await post('/api/front/student-registration', late.headers, {
        examId: exam.id,
        expectedTotalFen: (await quoteFor(t, late.headers, exam.id)).totalFen,
      }),
      409,
      'REGISTRATION_CLOSED',
    );

    // A second cancel changes nothing: no refund, no SMS.
    const refundCount = (await refundsOf([a.booked.order.id, b.booked.order.id])).length;
    assertError(await cancel(auth, exam.id), 409, 'EXAM_NOT_EDITABLE');
    assert.equal((await refundsOf([a.booked.order.id, b.booked.order.id])).length, refundCount);
    await deliverOutbox(t);
    assert.equal(canceledNotices(noticesBefore).length, 3);
    const exam2 = dataOf('centerExam', await get(`/api/center/exams/${exam.id}`, auth));
    assert.equal(exam2.status, 'canceled');
  });

  test("a group order is refunded to the last fen, after the coordinator already took one member's share back", async () => {
    const { auth, exam } = await centerWithExam(10, { feeFen: 10056 });
    const coordinator = await loginAs(t, nextPhone());
    // An odd ID serial is a man's, an even one a woman's.
    const rows = [701, 702, 703].map((serial) => [
      `Member ${serial}`,
      nextPhone(),
      idCardNumber(String(serial)),
      serial % 2 === 1 ? '男' : '女',
      '1990-03-07',
    ]);
    const group = dataOf(
      'createGroup',
      await post('/api/front/groups', coordinator, {
        examId: exam.id,
        coordinator: { name: '李老师', phone: nextPhone(), organization: '实验中学' },
      }),
    );
    const file = multipart(await xlsxOf([GROUP_HEADER, ...rows]), 'class.xlsx', 'application/octet-stream');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/front/groups/${group.id}/upload`,
      headers: { ...coordinator, ...file.headers },
      payload: file.payload,
    });
    assert.equal(dataOf('uploadGroupFile', uploaded).upload?.accepted.length, 3);
    const { totalFen } = dataOf('groupQuote', await post(`/api/front/groups/${group.id}/quote`, coordinator, {}));
    const checkedOut = dataOf(
      'groupCheckout',
      await post(`/api/front/groups/${group.id}/checkout`, coordinator, { expectedTotalFen: totalFen }),
    );
    const order = checkedOut.order as OrderView;
    await payInWallet(t, order.id);
    const total = order.breakdown.totalFen;
    assert.notEqual(total % 3, 0, 'the shares leave a remainder, so "in full" is more than three shares');

    const first = checkedOut.upload?.accepted[0]?.registrationId;
    const seat = dataOf(
      'cancelGroupMember',
      await post(`/api/front/groups/${group.id}/members/${first}/cancel`, coordinator),
    );
    assert.equal(seat.refundFen, Math.floor(total / 3));
    const noticesBefore = t.sms.notices.length;

    const answer = dataOf('cancelExam', await cancel(auth, exam.id));
    assert.equal(answer.refunded, 2);
    assert.equal(answer.notified, 2);
    await assertRefundedInFull(order);
    await deliverOutbox(t);
    assert.deepEqual(
      canceledNotices(noticesBefore)
        .map((n) => n.phone)
        .sort(),
      [`+86${rows[1]?.[1]}`, `+86${rows[2]?.[1]}`].sort(),
    );
  });

  test('a registration changed into the exam gets back both what it first paid and the change it paid', async () => {
    const { auth, exam } = await centerWithExam(10, { feeFen: 15000 });
    const first = await centerWithExam(12, { feeFen: 10000 });
    const candidate = await paidCandidate(first.exam.id);
    const change = dataOf(
      'changeRegistration',
      await post(`/api/front/registrations/${candidate.booked.registration.id}/change`, candidate.headers, {
        examId: exam.id,
      }),
    );
    const changeOrder = change.order as OrderView;
    await payInWallet(t, changeOrder.id);
    assert.equal((await registrationRow(candidate.booked.registration.id))?.examId, exam.id);

    // Someone else asks to move here but never pays: their held seat goes, their own booking stays.
    const mover = await paidCandidate(first.exam.id);
    const pendingChange = dataOf(
      'changeRegistration',
      await post(`/api/front/registrations/${mover.booked.registration.id}/change`, mover.headers, { examId: exam.id }),
    );
    assert.equal(await seatsTaken(t, exam.id), 2);

    const answer = dataOf('cancelExam', await cancel(auth, exam.id));
    assert.equal(answer.refunded, 1);
    assert.equal(answer.released, 1);
    await assertRefundedInFull(candidate.booked.order);
    await assertRefundedInFull(changeOrder);
    assert.equal((await orderRow(pendingChange.order?.id ?? ''))?.status, 'canceled');
    const moverRow = await registrationRow(mover.booked.registration.id);
    assert.equal(moverRow?.status, 'register');
    assert.equal(moverRow?.examId, first.exam.id);
    assert.equal(await seatsTaken(t, exam.id), 0);
    assert.equal(await seatsTaken(t, first.exam.id), 1);
  });

  test('refused once the exam started, with a candidate checked in, or completed; nothing changes', async () => {
    const checkedIn = await centerWithExam();
    const present = await paidCandidate(checkedIn.exam.id);
    const waiting = await paidCandidate(checkedIn.exam.id);
    await t.database.db
      .update(registrations)
      .set({ status: 'checkin', checkedInAt: t.clock.now })
      .where(eq(registrations.id, present.booked.registration.id));
    assertError(await cancel(checkedIn.auth, checkedIn.exam.id), 409, 'EXAM_NOT_EDITABLE');
    assert.equal((await registrationRow(waiting.booked.registration.id))?.status, 'register');
    assert.deepEqual(await refundsOf([waiting.booked.order.id]), []);
    assert.equal(
      dataOf('centerExam', await get(`/api/center/exams/${checkedIn.exam.id}`, checkedIn.auth)).status,
      'active',
    );

    const soon = await centerWithExam(1);
    const booked = await paidCandidate(soon.exam.id);
    t.clock.advance(DAY + 1000);
    try {
      assertError(await cancel(soon.auth, soon.exam.id), 409, 'EXAM_NOT_EDITABLE');
      assert.equal((await registrationRow(booked.booked.registration.id))?.status, 'register');
    } finally {
      t.clock.advance(-(DAY + 1000));
    }

    const done = await centerWithExam();
    await t.database.db.update(exams).set({ status: 'completed' }).where(eq(exams.id, done.exam.id));
    assertError(await cancel(done.auth, done.exam.id), 409, 'EXAM_NOT_EDITABLE');
  });

  test('an SMS that fails does not hold the cancellation up: the refunds happen, the SMS is tried again later', async () => {
    const failing: TestApp = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000' },
      sms: {
        name: 'http',
        async sendOtp(message) {
          failing.sms.sent.push(message);
        },
        async sendNotice() {
          throw new Error('gateway down');
        },
      },
    });
    try {
      const own = await insertCatalogBasics(failing.database.db);
      const center = await readyCenter(failing);
      const exam = await createCenterExam(failing, center.auth, own.category.id);
      const candidate = await readyCandidate(failing);
      const booked = await book(failing, candidate.headers, exam.id);
      await payInWallet(failing, booked.order.id);

      const answer = dataOf('cancelExam', await postAs(failing, `/api/center/exams/${exam.id}/cancel`, center.auth));
      assert.equal(answer.refunded, 1);
      assert.equal(answer.notified, 1);
      const [row] = await failing.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
      assert.equal(row?.refundedFen, row?.totalFen);
      await deliverOutbox(failing);
      const sms = (await outboxOf(failing, candidate.userId)).find(
        (n) => n.event === 'exam.canceled' && n.channel === 'sms',
      );
      assert.equal(sms?.status, 'pending');
      assert.equal(sms?.lastError, 'gateway down');
    } finally {
      await failing.close();
    }
  });

  test('racing bookings and a candidate cancelling: refunded once, nothing left booked at the canceled exam', async () => {
    const { auth, exam } = await centerWithExam();
    const leaving = await paidCandidate(exam.id);
    const staying = await paidCandidate(exam.id);
    const latecomers = await Promise.all([1, 2, 3].map(() => readyCandidate(t)));
    const { totalFen } = await quoteFor(t, latecomers[0]?.headers ?? {}, exam.id);
    const [centerAnswer, ownAnswer, ...bookings] = await Promise.all([
      cancel(auth, exam.id),
      post(`/api/front/registrations/${leaving.booked.registration.id}/cancel`, leaving.headers),
      ...latecomers.map((c) =>
        post('/api/front/student-registration', c.headers, { examId: exam.id, expectedTotalFen: totalFen }),
      ),
    ]);
    assert.equal(centerAnswer.statusCode, 200, centerAnswer.body);
    assert.ok([200, 409].includes(ownAnswer.statusCode), ownAnswer.body);
    for (const { booked } of [leaving, staying]) await assertRefundedInFull(booked.order);
    // A booking that got in before the cancel was released with it; one after it was refused.
    for (const res of bookings) {
      if (res.statusCode === 200) {
        const registrationId = dataOf('register', res).registration.id;
        assert.equal((await registrationRow(registrationId))?.status, 'canceled');
      } else {
        assert.ok(['REGISTRATION_CLOSED', 'SOLD_OUT'].includes(envelope(res).errorCode ?? ''), res.body);
      }
    }
    const live = await t.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.examId, exam.id), inArray(registrations.status, ['pending', 'register'])));
    assert.deepEqual(live, []);
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('only the paid and held registrations of this exam are touched', async () => {
    const { auth, exam } = await centerWithExam();
    const other = await centerWithExam();
    const elsewhere = await paidCandidate(other.exam.id);
    const here = await paidCandidate(exam.id);
    dataOf('cancelExam', await cancel(auth, exam.id));
    assert.equal((await registrationRow(here.booked.registration.id))?.status, 'canceled');
    assert.equal((await registrationRow(elsewhere.booked.registration.id))?.status, 'register');
    assert.equal((await orderRow(elsewhere.booked.order.id))?.refundedFen, 0);
    const stillOpen = await t.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.examId, other.exam.id), eq(registrations.status, 'register')));
    assert.equal(stillOpen.length, 1);
  });
});
