import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { createTestApp, dataOf, envelope, type TestApp, withTestApp } from '../../tests/helpers/app';
import { book, readyCandidate } from '../../tests/helpers/booking';
import { type FakeWechatPay, startFakeWechatPay, strangerKey } from '../../tests/helpers/fakeWechatPay';
import { insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { bookingRepository } from '../db/repositories/booking';
import { orders, paymentEvents, registrations } from '../db/schema';
import { sweepExpiredOrders } from '../domain/booking';
import { type NotificationInput, wechatPayProvider } from '../providers/payment';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp | undefined;
let fake: FakeWechatPay;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

/** The app under test; the fake WeChat Pay signs with the same clock, so moving it keeps signatures fresh. */
function app(): TestApp {
  if (!t) throw new Error('the app is not started');
  return t;
}

before(async () => {
  fake = await startFakeWechatPay({ now: () => t?.clock.now ?? new Date() });
  t = await createTestApp({ env: { ...fake.env, RATE_LIMIT_PER_MINUTE: '100000' } });
  basics = await insertCatalogBasics(app().database.db);
});

after(async () => {
  await app().close();
  await fake.close();
});

async function bookedOrder(feeFen = 15_000) {
  const exam = await insertExam(app().database.db, basics.beijing, basics.category.id, {
    startsAt: new Date(app().clock.now.getTime() + 10 * DAY),
    feeFen,
  });
  const { headers } = await readyCandidate(app());
  const booked = await book(app(), headers, exam.id);
  return { headers, booked, orderId: booked.order.id, registrationId: booked.registration.id };
}

/** Posts a notification to the WeChat callback exactly as WeChat would. */
function deliver(notification: NotificationInput, provider: 'wechat' | 'sandbox' = 'wechat') {
  return app().app.inject({
    method: 'POST',
    url: `/api/pay/${provider}/notify`,
    headers: notification.headers as Record<string, string>,
    payload: notification.rawBody,
  });
}

async function orderStatus(orderId: string) {
  const [row] = await app().database.db.select().from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

async function registrationStatus(registrationId: string) {
  const [row] = await app().database.db.select().from(registrations).where(eq(registrations.id, registrationId));
  return row?.status;
}

async function outcomes(orderId: string) {
  const rows = await app().database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
  return rows.map((r) => r.outcome).sort();
}

function getOrder(headers: { authorization: string }, orderId: string, refresh: boolean) {
  return app().app.inject({ url: `/api/front/orders/${orderId}${refresh ? '?refresh=1' : ''}`, headers });
}

describe('booking paid with WeChat Pay (against a fake WeChat Pay server)', () => {
  test('booking creates a Native order at WeChat for the total; its QR is the code_url', async () => {
    const { booked, orderId } = await bookedOrder();
    assert.match(booked.payment.qrContent, /^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const order = fake.order(orderId);
    assert.equal(order.totalFen, booked.order.breakdown.totalFen);
    assert.match(order.notifyUrl, /\/api\/pay\/wechat\/notify$/);
    assert.equal(order.tradeState, 'NOTPAY');
  });

  test('the notification marks the order paid exactly once, over 10 replays at once', async () => {
    const { orderId, registrationId } = await bookedOrder();
    fake.pay(orderId);
    const notification = fake.notificationFor(orderId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(notification)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      Array(10).fill(204),
      'WeChat is told every time that we have it, so it stops resending',
    );
    assert.equal(answers[0]?.body, '');
    assert.equal(await orderStatus(orderId), 'paid');
    assert.equal(await registrationStatus(registrationId), 'register');
    assert.deepEqual(await outcomes(orderId), ['applied', ...Array(9).fill('duplicate')]);
  });

  test('forged, wrong-amount or other-merchant notifications change nothing and get FAIL', async () => {
    const { orderId, registrationId } = await bookedOrder();
    fake.pay(orderId);
    for (const overrides of [{ signWith: strangerKey() }, { amountFen: 1 }, { mchid: '1900000999' }]) {
      const answer = await deliver(fake.notificationFor(orderId, overrides));
      assert.equal(answer.statusCode, 400);
      assert.equal(answer.json<{ code: string }>().code, 'FAIL');
    }
    const stale = fake.notificationFor(orderId, { timestamp: Math.floor(app().clock.now.getTime() / 1000) - 600 });
    assert.equal((await deliver(stale)).statusCode, 400);
    assert.equal(await orderStatus(orderId), 'pending');
    assert.equal(await registrationStatus(registrationId), 'pending');

    assert.equal((await deliver(fake.notificationFor(orderId))).statusCode, 204, 'the genuine one still pays it');
    assert.equal(await orderStatus(orderId), 'paid');
  });

  test('a WeChat notification posted to the sandbox callback is refused', async () => {
    const { orderId } = await bookedOrder();
    fake.pay(orderId);
    const answer = await deliver(fake.notificationFor(orderId), 'sandbox');
    assert.equal(answer.statusCode, 404);
    assert.equal(await orderStatus(orderId), 'pending');
  });

  test('without a notification, ?refresh=1 asks WeChat and applies the payment it reports', async () => {
    const { headers, orderId } = await bookedOrder();
    assert.equal(dataOf('order', await getOrder(headers, orderId, true)).status, 'pending', 'not paid yet');
    const paid = fake.pay(orderId);
    assert.equal(dataOf('order', await getOrder(headers, orderId, false)).status, 'pending', 'no refresh, no query');
    const view = dataOf('order', await getOrder(headers, orderId, true));
    assert.equal(view.status, 'paid');
    assert.equal(view.transactionId, paid.transactionId);
    assert.deepEqual(await outcomes(orderId), ['applied']);
    assert.equal(
      (await deliver(fake.notificationFor(orderId))).statusCode,
      204,
      'the late notification is a duplicate',
    );
    assert.deepEqual(await outcomes(orderId), ['applied', 'duplicate']);
  });

  test('cancelling a paid booking refunds it at WeChat', async () => {
    const { headers, orderId, registrationId, booked } = await bookedOrder(18_000);
    fake.pay(orderId);
    await deliver(fake.notificationFor(orderId));
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/front/registrations/${registrationId}/cancel`,
      headers,
    });
    assert.equal(dataOf('cancelRegistration', res).refundFen, booked.order.breakdown.totalFen);
    const refund = fake.refunds.find((r) => r.orderId === orderId);
    assert.equal(refund?.refundFen, booked.order.breakdown.totalFen);
    assert.equal(refund?.totalFen, booked.order.breakdown.totalFen);
  });

  test('an expired hold closes the order at WeChat', async () => {
    const { orderId } = await bookedOrder();
    app().clock.advance(16 * MINUTE);
    await sweepExpiredOrders({
      repo: bookingRepository(app().database.db),
      payment: wechatPayProvider(fake.config, { now: () => app().clock.now }),
      config: app().config,
      now: () => app().clock.now,
      log: { info() {}, warn() {}, error() {} },
    });
    assert.equal(await orderStatus(orderId), 'expired');
    assert.equal(fake.closed(orderId), true);
  });
});

describe('notify callbacks and the per-IP API limit', () => {
  test("a client over its API limit gets 429; WeChat's callbacks from the same address are still answered", async () => {
    const { orderId } = await bookedOrder();
    fake.pay(orderId);
    const notification = fake.notificationFor(orderId);
    const wechat = { remoteAddress: '203.0.113.9' };
    // A second server on the same database, with a limit of 3 API requests a minute per address.
    await withTestApp(
      { env: { ...fake.env, RATE_LIMIT_PER_MINUTE: '3' }, database: app().database },
      async (limited) => {
        // The fake signs with the shared clock, which earlier tests moved.
        limited.clock.now = app().clock.now;
        const answers = [];
        for (let n = 0; n < 4; n += 1)
          answers.push(await limited.app.inject({ url: '/api/front/categories', ...wechat }));
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [200, 200, 200, 429],
        );
        assert.equal(envelope(answers[3] ?? answers[0]).errorCode, 'RATE_LIMITED');

        const post = (body: NotificationInput) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/pay/wechat/notify',
            headers: body.headers as Record<string, string>,
            payload: body.rawBody,
            ...wechat,
          });
        for (let n = 0; n < 5; n += 1) assert.equal((await post(notification)).statusCode, 204, `delivery ${n + 1}`);
        const forged = await post(fake.notificationFor(orderId, { signWith: strangerKey() }));
        assert.deepEqual(
          { status: forged.statusCode, code: forged.json<{ code: string }>().code },
          { status: 400, code: 'FAIL' },
        );
      },
    );
    assert.equal(await orderStatus(orderId), 'paid');
  });
});
