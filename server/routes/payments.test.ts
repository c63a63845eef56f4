import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { dataOf, envelope, openFileApp, postAs, type TestApp, withTestApp } from '../../tests/helpers/app';
import {
  book,
  type ExamFields,
  examInTenDays,
  followUpRefundsNow,
  payInWallet,
  readyCandidate,
  sandboxOf,
  seatsTaken,
  sweepNow,
} from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { orders, paymentEvents, refunds, registrations, sandboxPayments } from '../db/schema';
import { uuidv7 } from '../ids';
import type { NotificationInput } from '../providers/payment';

const MINUTE = 60_000;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const newExam = (fields: ExamFields = {}) => examInTenDays(t, basics, fields);

/** Posts a notification to the provider-facing route exactly as a provider would. */
function deliver(notification: NotificationInput, provider: 'sandbox' | 'wechat' = 'sandbox') {
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/${provider}/notify`,
    headers: notification.headers as Record<string, string>,
    payload: notification.rawBody,
  });
}

async function orderRow(id: string, app = t) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function registrationRow(id: string) {
  const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

async function events(orderId: string | null) {
  const rows = await t.database.db
    .select()
    .from(paymentEvents)
    .where(orderId ? eq(paymentEvents.orderId, orderId) : eq(paymentEvents.outcome, 'rejected'));
  return rows.map((r) => r.outcome).sort();
}

async function ledger(orderId: string) {
  const [row] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
  return row;
}

describe('sandbox wallet', () => {
  test('the wallet shows the order; Confirm pays it through the notification path', async () => {
    const exam = await newExam({ feeFen: 12000 });
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const wallet = dataOf('walletOrder', await t.app.inject({ url: `/api/pay/sandbox/orders/${booked.order.id}` }));
    assert.equal(wallet.amountFen, booked.order.breakdown.totalFen);
    assert.equal(wallet.state, 'open');
    assert.equal(wallet.description.en, exam.nameEn);

    const paid = await payInWallet(t, booked.order.id);
    assert.equal(paid.state, 'paid');
    const order = dataOf('order', await t.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers }));
    assert.equal(order.status, 'paid');
    assert.ok(order.paidAt);
    assert.match(order.transactionId ?? '', /^SBX/);
    assert.equal(order.qrContent, null);
    assert.equal((await registrationRow(booked.registration.id))?.status, 'register');
    assert.equal(await seatsTaken(t, exam.id), 1);

    // A second Confirm re-sends the same payment: acknowledged, changes nothing.
    await payInWallet(t, booked.order.id);
    assert.deepEqual(await events(booked.order.id), ['applied', 'duplicate']);
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('unknown orders are 404 in the wallet', async () => {
    const unknown = uuidv7();
    assert.equal((await t.app.inject({ url: `/api/pay/sandbox/orders/${unknown}` })).statusCode, 404);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/orders/${unknown}/confirm` });
    assert.equal(confirm.statusCode, 404);
    assert.equal((await t.app.inject({ url: '/api/pay/sandbox/orders/nope' })).statusCode, 400);
  });
});

describe('notifications over HTTP', () => {
  test('replayed ten times at once, a notification is applied once', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const notification = await sandboxOf(t).confirmPayment(booked.order.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(notification)));
    assert.ok(answers.every((res) => res.statusCode === 200));
    assert.deepEqual(await events(booked.order.id), ['applied', ...Array(9).fill('duplicate')]);
    assert.equal((await orderRow(booked.order.id))?.status, 'paid');
    assert.equal((await registrationRow(booked.registration.id))?.status, 'register');
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('a forged signature or a tampered body is refused and changes nothing', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const genuine = await sandboxOf(t).confirmPayment(booked.order.id);
    const rejectedBefore = (await events(null)).length;

    const forged = await deliver({
      ...genuine,
      headers: { ...genuine.headers, 'x-sandbox-signature': Buffer.alloc(32, 7).toString('base64') },
    });
    assert.equal(forged.statusCode, 400);
    const tampered = await deliver({
      ...genuine,
      rawBody: genuine.rawBody.replace(/"amountFen":\d+/, '"amountFen":1'),
    });
    assert.equal(tampered.statusCode, 400);
    // Re-serializing changes the bytes the signature covers, so even equal JSON is refused.
    const reformatted = await deliver({ ...genuine, rawBody: JSON.stringify(JSON.parse(genuine.rawBody), null, 1) });
    assert.equal(reformatted.statusCode, 400);
    const unsigned = await deliver({ headers: { 'content-type': 'application/json' }, rawBody: genuine.rawBody });
    assert.equal(unsigned.statusCode, 400);

    assert.equal((await events(null)).length, rejectedBefore + 4);
    assert.equal((await orderRow(booked.order.id))?.status, 'pending');
    assert.equal((await registrationRow(booked.registration.id))?.status, 'pending');

    // The genuine one still works afterwards.
    assert.equal((await deliver(genuine)).statusCode, 200);
    assert.equal((await orderRow(booked.order.id))?.status, 'paid');
  });

  test('a signed notification with the wrong amount is rejected and logged; the order stays pending', async () => {
    const exam = await newExam({ feeFen: 12000 });
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    // The provider collected less than the order's total.
    await t.database.db
      .update(sandboxPayments)
      .set({ amountFen: 100 })
      .where(eq(sandboxPayments.orderId, booked.order.id));
    const res = await deliver(await sandboxOf(t).confirmPayment(booked.order.id));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(await events(booked.order.id), ['rejected']);
    assert.equal((await orderRow(booked.order.id))?.status, 'pending');
    assert.equal((await registrationRow(booked.registration.id))?.status, 'pending');
  });

  test('a notification for an order we never made is rejected', async () => {
    const orderId = uuidv7();
    await t.database.db.insert(sandboxPayments).values({
      orderId,
      amountFen: 100,
      descriptionZh: '无',
      descriptionEn: 'none',
      expiresAt: new Date(t.clock.now.getTime() + MINUTE),
      notifyUrl: 'http://localhost/api/pay/sandbox/notify',
    });
    const res = await deliver(await sandboxOf(t).confirmPayment(orderId));
    assert.equal(res.statusCode, 400);
  });

  test('out of order: the first order paid after the second still lands', async () => {
    const first = await newExam();
    const second = await newExam();
    const { headers } = await readyCandidate(t);
    const a = await book(t, headers, first.id);
    const b = await book(t, headers, second.id);
    const sandbox = sandboxOf(t);
    const forA = await sandbox.confirmPayment(a.order.id);
    const forB = await sandbox.confirmPayment(b.order.id);
    assert.equal((await deliver(forB)).statusCode, 200);
    assert.equal((await deliver(forA)).statusCode, 200);
    assert.equal((await orderRow(a.order.id))?.status, 'paid');
    assert.equal((await orderRow(b.order.id))?.status, 'paid');
  });

  test('a payment arriving after the candidate canceled is refunded in full; the seat stays free', async () => {
    const exam = await newExam({ feeFen: 15000 });
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    const notification = await sandboxOf(t).confirmPayment(booked.order.id);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/front/registrations/${booked.registration.id}/cancel`,
      headers,
    });
    assert.equal(dataOf('cancelRegistration', canceled).registration.status, 'canceled');
    assert.equal(await seatsTaken(t, exam.id), 0);

    assert.equal((await deliver(notification)).statusCode, 200);
    const order = await orderRow(booked.order.id);
    assert.equal(order?.status, 'refunded');
    assert.equal(order?.refundedFen, booked.order.breakdown.totalFen);
    assert.deepEqual(await events(booked.order.id), ['late_refunded']);
    assert.equal((await ledger(booked.order.id))?.refundedFen, booked.order.breakdown.totalFen);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, booked.order.id));
    assert.equal(refund?.status, 'succeeded');
    assert.equal(refund?.reason, 'late_payment');
    assert.equal(await seatsTaken(t, exam.id), 0);
    assert.equal((await registrationRow(booked.registration.id))?.status, 'canceled');

    const list = dataOf('transactions', await t.app.inject({ url: '/api/front/transactions', headers }));
    const row = list.list.find((tx) => tx.orderId === booked.order.id);
    assert.equal(row?.status, 'refunded');
    assert.equal(row?.refundedFen, booked.order.breakdown.totalFen);

    // The same late payment notified again is a duplicate: no second refund.
    assert.equal((await deliver(await sandboxOf(t).confirmPayment(booked.order.id))).statusCode, 200);
    assert.deepEqual(await events(booked.order.id), ['duplicate', 'late_refunded']);
    assert.equal((await t.database.db.select().from(refunds).where(eq(refunds.orderId, booked.order.id))).length, 1);
  });

  test('a payment arriving after the hold expired is refunded automatically; the seat is not taken again', async () => {
    const exam = await newExam({ capacity: 1 });
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    t.clock.advance(15 * MINUTE - 10_000);
    const notification = await sandboxOf(t).confirmPayment(booked.order.id);
    t.clock.advance(20_000);
    await sweepNow(t);
    assert.equal((await orderRow(booked.order.id))?.status, 'expired');
    assert.equal(await seatsTaken(t, exam.id), 0);

    assert.equal((await deliver(notification)).statusCode, 200);
    const order = await orderRow(booked.order.id);
    assert.equal(order?.status, 'refunded');
    assert.equal(order?.refundedFen, order?.totalFen);
    assert.equal((await ledger(booked.order.id))?.refundedFen, order?.totalFen);
    assert.equal(await seatsTaken(t, exam.id), 0);
    assert.equal((await registrationRow(booked.registration.id))?.status, 'canceled');
  });

  test('a pending order a little past its hold, not yet swept, is still accepted', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    t.clock.advance(15 * MINUTE - 5_000);
    const notification = await sandboxOf(t).confirmPayment(booked.order.id);
    t.clock.advance(10_000);
    assert.equal((await deliver(notification)).statusCode, 200);
    assert.equal((await orderRow(booked.order.id))?.status, 'paid');
    await sweepNow(t);
    assert.equal((await orderRow(booked.order.id))?.status, 'paid');
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('a WeChat notification while the sandbox is configured is 404', async () => {
    const res = await deliver({ headers: { 'content-type': 'application/json' }, rawBody: '{}' }, 'wechat');
    assert.equal(res.statusCode, 404);
  });
});

describe('order refresh', () => {
  test('refresh=1 asks the provider and applies a payment whose notification never came', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    await sandboxOf(t).confirmPayment(booked.order.id);
    const stale = dataOf('order', await t.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers }));
    assert.equal(stale.status, 'pending');
    const fresh = dataOf(
      'order',
      await t.app.inject({ url: `/api/front/orders/${booked.order.id}?refresh=1`, headers }),
    );
    assert.equal(fresh.status, 'paid');
    assert.equal((await registrationRow(booked.registration.id))?.status, 'register');
    const [applied] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, booked.order.id), eq(paymentEvents.outcome, 'applied')));
    assert.ok(applied);
    assert.equal(
      envelope(await t.app.inject({ url: `/api/front/orders/${booked.order.id}` })).errorCode,
      'UNAUTHORIZED',
    );
  });
});

describe('refunds the provider refuses', () => {
  /** A paid booking whose money the sandbox will refuse to give back (its ledger says it already went back). */
  async function paidBookingTheSandboxRefuses(app: TestApp, feeFen = 15_000) {
    const exam = await examInTenDays(app, basics, { feeFen });
    const { headers } = await readyCandidate(app);
    const booked = await book(app, headers, exam.id);
    await payInWallet(app, booked.order.id);
    await refuseRefundsOf(app, booked.order.id);
    return { headers, booked };
  }

  function refuseRefundsOf(app: TestApp, orderId: string) {
    return app.database.db
      .update(sandboxPayments)
      .set({ refundedFen: sql`${sandboxPayments.amountFen}` })
      .where(eq(sandboxPayments.orderId, orderId));
  }

  function acceptRefundsOf(app: TestApp, orderId: string) {
    return app.database.db.update(sandboxPayments).set({ refundedFen: 0 }).where(eq(sandboxPayments.orderId, orderId));
  }

  async function refundOf(app: TestApp, orderId: string) {
    const [row] = await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (!row) throw new Error(`order ${orderId} has no refund`);
    return row;
  }

  /** What the candidate is shown: the order (receipt), its transaction row and the registration. */
  async function shown(
    app: TestApp,
    headers: { authorization: string },
    booked: { order: { id: string }; registration: { id: string } },
  ) {
    const order = dataOf('order', await app.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers }));
    const transactions = dataOf('transactions', await app.app.inject({ url: '/api/front/transactions', headers }));
    const registrations = dataOf('registrations', await app.app.inject({ url: '/api/front/registrations', headers }));
    return {
      order,
      transaction: transactions.list.find((row) => row.orderId === booked.order.id),
      registration: registrations.list.find((row) => row.id === booked.registration.id),
    };
  }

  test('stays requested, is tried again after 1, 2 then 3 minutes (the maximum), and is failed after the 4th try; never shown refunded', async () => {
    const env = { REFUND_RETRY_BASE_S: '60', REFUND_RETRY_MAX_S: '180', REFUND_MAX_ATTEMPTS: '4' };
    await withTestApp({ env: { ...env, RATE_LIMIT_PER_MINUTE: '100000' }, database: t.database }, async (app) => {
      app.clock.now = t.clock.now;
      const { headers, booked } = await paidBookingTheSandboxRefuses(app);
      const total = booked.order.breakdown.totalFen;
      const canceled = dataOf(
        'cancelRegistration',
        await postAs(app, `/api/front/registrations/${booked.registration.id}/cancel`, headers),
      );
      assert.equal(canceled.refundFen, total, 'the refund is booked in full');
      assert.deepEqual(canceled.registration.refund, { refundedFen: 0, refundPendingFen: total, refundFailedFen: 0 });

      const tries: { attempts: number; status: string; waitS: number }[] = [];
      const record = async () => {
        const row = await refundOf(app, booked.order.id);
        const waitS = (row.nextAttemptAt.getTime() - app.clock.now.getTime()) / 1000;
        tries.push({ attempts: row.attempts, status: row.status, waitS: row.status === 'failed' ? 0 : waitS });
        return row;
      };
      const first = await record();
      assert.match(first.lastError ?? '', /sandbox refund of \d+ fen refused/);

      let view = await shown(app, headers, booked);
      assert.equal(view.order.status, 'paid', 'not refunded while the money is not back');
      assert.equal(view.order.refundedFen, 0);
      assert.deepEqual(
        view.order.refunds.map((r) => ({ amountFen: r.amountFen, reason: r.reason, state: r.state })),
        [{ amountFen: total, reason: 'canceled', state: 'requested' }],
      );
      assert.deepEqual(
        { refunded: view.transaction?.refundedFen, pending: view.transaction?.refundPendingFen },
        { refunded: 0, pending: total },
      );

      app.clock.advance(59_000);
      assert.equal(await followUpRefundsNow(app), 0, 'not due before its wait is over');
      for (const wait of [1_000, 120_000, 180_000]) {
        app.clock.advance(wait);
        assert.equal(await followUpRefundsNow(app), 1);
        await record();
      }
      assert.deepEqual(tries, [
        { attempts: 1, status: 'requested', waitS: 60 },
        { attempts: 2, status: 'requested', waitS: 120 },
        { attempts: 3, status: 'requested', waitS: 180 },
        { attempts: 4, status: 'failed', waitS: 0 },
      ]);
      app.clock.advance(3_600_000);
      assert.equal(await followUpRefundsNow(app), 0, 'a failed refund is not tried again by itself');

      view = await shown(app, headers, booked);
      assert.equal(view.order.status, 'paid');
      assert.equal(view.order.refundedFen, 0);
      assert.equal(view.order.refunds[0]?.state, 'failed');
      assert.deepEqual(view.registration?.refund, { refundedFen: 0, refundPendingFen: 0, refundFailedFen: total });
      assert.equal(view.transaction?.refundFailedFen, total);

      const failed = await app.app.repos.refunds.failedRefunds(0, 10);
      assert.deepEqual(
        failed.rows
          .filter((f) => f.order.id === booked.order.id)
          .map((f) => ({ amountFen: f.refund.amountFen, attempts: f.refund.attempts, lastError: f.refund.lastError })),
        [{ amountFen: total, attempts: 4, lastError: first.lastError }],
        'listed for the operators',
      );
      assert.equal((await orderRow(booked.order.id, app))?.refundBookedFen, total, 'still owed: not booked twice');
    });
  });

  test('one that keeps failing does not hold up one that can be paid, even one refund at a time', async () => {
    const failing = await paidBookingTheSandboxRefuses(t);
    await postAs(t, `/api/front/registrations/${failing.booked.registration.id}/cancel`, failing.headers);
    t.clock.advance(10_000);
    const good = await paidBookingTheSandboxRefuses(t);
    await postAs(t, `/api/front/registrations/${good.booked.registration.id}/cancel`, good.headers);
    await acceptRefundsOf(t, good.booked.order.id);

    t.clock.advance(5 * MINUTE);
    // Both are due, the failing one first; the follow-up takes one per claim.
    await followUpRefundsNow(t, sandboxOf(t), 1);
    assert.equal((await refundOf(t, good.booked.order.id)).status, 'succeeded');
    assert.equal((await orderRow(good.booked.order.id))?.status, 'refunded');
    const stuck = await refundOf(t, failing.booked.order.id);
    assert.deepEqual({ status: stuck.status, attempts: stuck.attempts }, { status: 'requested', attempts: 2 });
    assert.equal((await orderRow(failing.booked.order.id))?.refundedFen, 0);
  });

  test('a refund refused once is paid on its next try and then counts', async () => {
    const { headers, booked } = await paidBookingTheSandboxRefuses(t);
    await postAs(t, `/api/front/registrations/${booked.registration.id}/cancel`, headers);
    await acceptRefundsOf(t, booked.order.id);
    t.clock.advance(MINUTE);
    await followUpRefundsNow(t);
    const row = await refundOf(t, booked.order.id);
    assert.deepEqual({ status: row.status, attempts: row.attempts }, { status: 'succeeded', attempts: 1 });
    const view = await shown(t, headers, booked);
    assert.equal(view.order.status, 'refunded');
    assert.equal(view.order.refundedFen, booked.order.breakdown.totalFen);
    assert.equal(view.order.refunds[0]?.state, 'succeeded');
    assert.equal((await ledger(booked.order.id))?.refundedFen, booked.order.breakdown.totalFen);
  });
});
