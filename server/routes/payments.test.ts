import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { createTestApp, dataOf, envelope, type TestApp } from '../../tests/helpers/app';
import {
  book,
  type ExamFields,
  examInTenDays,
  payInWallet,
  readyCandidate,
  sandboxOf,
  seatsTaken,
  sweepNow,
} from '../../tests/helpers/booking';
import { insertCatalogBasics } from '../../tests/helpers/fixtures';
import { orders, paymentEvents, refunds, registrations, sandboxPayments } from '../db/schema';
import { uuidv7 } from '../ids';
import type { NotificationInput } from '../providers/payment';

const MINUTE = 60_000;

let t: TestApp;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

before(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  basics = await insertCatalogBasics(t.database.db);
});

after(() => t.close());

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

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
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
