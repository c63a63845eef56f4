import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { dataOf, envelope, postAs, type TestApp } from '../../tests/helpers/app';
import {
  book,
  examInTenDays,
  followUpRefundsNow,
  nextPhone,
  payInWallet,
  readyCandidate,
  sweepNow,
} from '../../tests/helpers/booking';
import { readyCenter } from '../../tests/helpers/center';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { addTestOperator, loginOperator, openConsoleApp, QUICK_REFUND_FAILURE } from '../../tests/helpers/ops';
import { refunds, registrations, sandboxPayments } from '../db/schema';

/** Issue 13, item 6: the dashboard a person opens first, its figures checked against what happened. */

const DAY = 86_400_000;
let t: TestApp;
let basics: CatalogBasics;
/** When the file's bookings were made: the days the figures are checked on. */
let start: Date;
let financePhone: string;
let supportPhone: string;
let finance: { authorization: string };
let support: { authorization: string };

/** Logs both operators in again (a test that moves the clock by days outlives their sessions). */
async function logInOperators() {
  finance = await loginOperator(t, financePhone);
  support = await loginOperator(t, supportPhone);
}

before(async () => {
  ({ t, basics } = await openConsoleApp(['audit'], { env: QUICK_REFUND_FAILURE }));
  financePhone = nextPhone();
  await addTestOperator(t, financePhone, ['finance']);
  supportPhone = nextPhone();
  await addTestOperator(t, supportPhone, ['support']);
  await logInOperators();
  start = t.clock.now;
});
after(() => t.close());

/** The Beijing day `days` after `from` (the test clock's time unless given). */
const beijingDay = (days = 0, from = t.clock.now) =>
  new Date(from.getTime() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

const dashboard = async (auth: { authorization: string }, from: string, to: string) =>
  dataOf('opsDashboard', await t.app.inject({ url: `/api/ops/dashboard?from=${from}&to=${to}`, headers: auth }));

async function paidBooking(examId: string) {
  const candidate = await readyCandidate(t);
  const booked = await book(t, candidate.headers, examId);
  await payInWallet(t, booked.order.id);
  return { ...candidate, booked };
}

describe('the dashboard', () => {
  test('counts what was booked and paid today, the seats filled, the pending centers and the failed refunds', async () => {
    const today = beijingDay(0, start);
    const emptyToday = await dashboard(finance, today, today);
    const exam = await examInTenDays(t, basics, { feeFen: 15_000, capacity: 10 });
    const first = await paidBooking(exam.id);
    const second = await paidBooking(exam.id);
    const unpaid = await readyCandidate(t);
    await book(t, unpaid.headers, exam.id);
    await readyCenter(t, {}, { pending: true });

    const paidFen = first.booked.order.breakdown.totalFen + second.booked.order.breakdown.totalFen;
    const range = { from: today, to: beijingDay(10, start) };
    const seen = await dashboard(finance, range.from, range.to);
    assert.equal(seen.days.length, 11, 'every day of the range, none left out');
    assert.deepEqual(
      seen.days.map((day) => day.date),
      Array.from({ length: 11 }, (_, n) => beijingDay(n, start)),
    );
    assert.deepEqual(seen.days[0], { date: today, registrations: 2, revenueFen: paidFen, refundedFen: 0 });
    assert.ok(seen.days.slice(1).every((day) => day.registrations === 0 && day.revenueFen === 0));
    assert.deepEqual(seen.exams, [
      {
        id: exam.id,
        code: exam.code,
        name: { zh: exam.nameZh, en: exam.nameEn },
        startsAt: exam.startsAt.toISOString(),
        capacity: 10,
        seatsTaken: 3,
        admitted: 2,
        checkedIn: 0,
      },
    ]);
    assert.deepEqual(seen.checkin, { admitted: 0, checkedIn: 0 }, 'the exam has not started');
    assert.equal(seen.pendingCenters, emptyToday.pendingCenters + 1);
    assert.deepEqual(seen.failedRefunds, { count: 0, amountFen: 0 });

    // The second candidate cancels; the provider refuses the refund until it is given up.
    await t.database.db
      .update(sandboxPayments)
      .set({ refundedFen: sql`${sandboxPayments.amountFen}` })
      .where(eq(sandboxPayments.orderId, second.booked.order.id));
    await postAs(t, `/api/front/registrations/${second.booked.registration.id}/cancel`, second.headers);
    for (let round = 0; round < 5; round += 1) {
      t.clock.advance(4 * 60_000);
      await followUpRefundsNow(t);
    }
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, second.booked.order.id));
    assert.equal(refund?.status, 'failed');

    const afterCancel = await dashboard(finance, today, today);
    assert.deepEqual(afterCancel.failedRefunds, { count: 1, amountFen: second.booked.order.breakdown.totalFen });
    assert.deepEqual(afterCancel.days[0]?.refundedFen, 0, 'a failed refund paid nothing back');
    assert.equal(afterCancel.days[0]?.revenueFen, paidFen, 'the money came in that day all the same');

    // The exam takes place: the first candidate comes, the unpaid hold does not count as admitted.
    t.clock.advance(10 * DAY);
    await sweepNow(t);
    await logInOperators();
    await t.database.db
      .update(registrations)
      .set({ status: 'checkin', checkedInAt: t.clock.now })
      .where(eq(registrations.id, first.booked.registration.id));
    const held = await dashboard(finance, range.from, range.to);
    assert.deepEqual(
      held.exams.map((e) => ({ seatsTaken: e.seatsTaken, admitted: e.admitted, checkedIn: e.checkedIn })),
      [{ seatsTaken: 1, admitted: 1, checkedIn: 1 }],
    );
    assert.deepEqual(held.checkin, { admitted: 1, checkedIn: 1 });
    assert.deepEqual(
      (await dashboard(finance, beijingDay(1, start), beijingDay(2, start))).exams,
      [],
      'an exam outside the range is not listed',
    );
  });

  test('shows no money to an operator without finance, and the same counts', async () => {
    const [from, to] = [beijingDay(0, start), beijingDay(10, start)];
    const withMoney = await dashboard(finance, from, to);
    const withoutMoney = await dashboard(support, from, to);
    assert.equal(withMoney.days[0]?.registrations, 2);
    assert.deepEqual(
      withoutMoney.days.map((d) => ({
        registrations: d.registrations,
        revenueFen: d.revenueFen,
        refundedFen: d.refundedFen,
      })),
      withMoney.days.map((d) => ({ registrations: d.registrations, revenueFen: null, refundedFen: null })),
    );
    assert.deepEqual(withoutMoney.failedRefunds, { count: withMoney.failedRefunds.count, amountFen: null });
    assert.deepEqual(withoutMoney.exams, withMoney.exams);
    assert.deepEqual(withoutMoney.checkin, withMoney.checkin);
  });

  test('refuses a range that ends before it starts or spans more than 366 days', async () => {
    for (const [from, to] of [
      [beijingDay(1), beijingDay()],
      [beijingDay(), beijingDay(366)],
    ]) {
      const res = await t.app.inject({ url: `/api/ops/dashboard?from=${from}&to=${to}`, headers: finance });
      assert.equal(res.statusCode, 400, `${from}..${to}`);
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
    }
    assert.equal((await dashboard(finance, beijingDay(), beijingDay(365))).days.length, 366);
  });
});
