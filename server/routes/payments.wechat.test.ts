import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { createTestApp, dataOf, envelope, type TestApp, withTestApp } from '../../tests/helpers/app';
import { book, followUpRefundsNow, nextPhone, readyCandidate } from '../../tests/helpers/booking';
import { type FakeWechatPay, startFakeWechatPay, strangerKey } from '../../tests/helpers/fakeWechatPay';
import { insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { addTestOperator, loginOperator } from '../../tests/helpers/ops';
import { orders, paymentEvents, refunds, registrations } from '../db/schema';
import { sweepExpiredOrders } from '../domain/booking';
import { uuidv7 } from '../ids';
import { type NotificationInput, wechatPayProvider } from '../providers/payment';
import { outTradeNoOf } from '../providers/payment/wechat';

const DAY = 86_400_000;
const MINUTE = 60_000;
const PUBLIC_URL = 'https://exam.example.cn';

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
  t = await createTestApp({ env: { ...fake.env, RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL } });
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

  test('an expired hold closes the order at WeChat', async () => {
    const { orderId } = await bookedOrder();
    app().clock.advance(16 * MINUTE);
    await sweepExpiredOrders({
      repos: app().app.repos,
      uow: app().app.uow,
      links: app().app.links,
      payment: wechatPayProvider(fake.config, { now: () => app().clock.now }),
      config: app().config,
      now: () => app().clock.now,
      log: { info() {}, warn() {}, error() {} },
      seats: app().app.seats,
      seatBatches: app().app.seatBatches,
      recentExams: app().app.recentExams,
    });
    assert.equal(await orderStatus(orderId), 'expired');
    assert.equal(fake.closed(orderId), true);
  });
});

describe('refunds at WeChat (asynchronous: PROCESSING first, the outcome later)', () => {
  /** A booking paid at WeChat and canceled by the candidate: its refund is asked for at once. */
  async function canceledAfterPaying(feeFen = 18_000) {
    const booked = await bookedOrder(feeFen);
    fake.pay(booked.orderId);
    await deliver(fake.notificationFor(booked.orderId));
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/front/registrations/${booked.registrationId}/cancel`,
      headers: booked.headers,
    });
    const refund = await refundOfOrder(booked.orderId);
    return {
      ...booked,
      total: booked.booked.order.breakdown.totalFen,
      canceled: dataOf('cancelRegistration', res),
      refund,
    };
  }

  async function refundOfOrder(orderId: string) {
    const [row] = await app().database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (!row) throw new Error(`order ${orderId} has no refund`);
    return row;
  }

  function deliverRefund(notification: NotificationInput) {
    return app().app.inject({
      method: 'POST',
      url: '/api/pay/wechat/refund-notify',
      headers: notification.headers as Record<string, string>,
      payload: notification.rawBody,
    });
  }

  /** The refund as the candidate sees it on the receipt, and the order's status and refunded amount. */
  async function receipt(headers: { authorization: string }, orderId: string) {
    const order = dataOf('order', await getOrder(headers, orderId, false));
    return { status: order.status, refundedFen: order.refundedFen, states: order.refunds.map((r) => r.state) };
  }

  const sweepRefunds = () => followUpRefundsNow(app(), wechatPayProvider(fake.config, { now: () => app().clock.now }));

  test('the refund goes to WeChat with our notify_url and a reason in words; PROCESSING is pending, not refunded', async () => {
    const { headers, orderId, total, canceled, refund } = await canceledAfterPaying();
    assert.equal(canceled.refundFen, total);
    const atWechat = fake.refund(refund.id);
    assert.deepEqual(
      {
        refundFen: atWechat.refundFen,
        totalFen: atWechat.totalFen,
        notifyUrl: atWechat.notifyUrl,
        reason: atWechat.reason,
      },
      {
        refundFen: total,
        totalFen: total,
        notifyUrl: `${PUBLIC_URL}/api/pay/wechat/refund-notify`,
        reason: '取消报名 / Registration canceled',
      },
    );
    assert.equal(refund.status, 'processing');
    assert.deepEqual(await receipt(headers, orderId), { status: 'paid', refundedFen: 0, states: ['requested'] });
    assert.deepEqual(canceled.registration.refund, { refundedFen: 0, refundPendingFen: total, refundFailedFen: 0 });
  });

  test('then REFUND.SUCCESS, delivered 10 times at once: refunded once, every delivery acknowledged', async () => {
    const { headers, orderId, total, refund } = await canceledAfterPaying();
    fake.settleRefund(refund.id, 'SUCCESS');
    const notification = fake.refundNotificationFor(refund.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverRefund(notification)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      Array(10).fill(204),
    );
    assert.deepEqual(await receipt(headers, orderId), {
      status: 'refunded',
      refundedFen: total,
      states: ['succeeded'],
    });
    assert.deepEqual(await outcomes(orderId), ['applied', ...Array(9).fill('refund_duplicate'), 'refund_succeeded']);
    const [order] = await app().database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.deepEqual(
      { refunded: order?.refundedFen, booked: order?.refundBookedFen },
      { refunded: total, booked: total },
    );
  });

  test('ABNORMAL is never counted: a first answer ABNORMAL, or a notification REFUND.ABNORMAL, is failed', async () => {
    fake.refundAnswers.firstStatus = 'ABNORMAL';
    let first: Awaited<ReturnType<typeof canceledAfterPaying>>;
    try {
      first = await canceledAfterPaying();
    } finally {
      fake.refundAnswers.firstStatus = 'PROCESSING';
    }
    assert.equal(first.refund.status, 'failed');
    assert.equal(first.refund.lastError, 'WeChat Pay refund ABNORMAL');
    assert.deepEqual(await receipt(first.headers, first.orderId), {
      status: 'paid',
      refundedFen: 0,
      states: ['failed'],
    });

    const second = await canceledAfterPaying();
    fake.settleRefund(second.refund.id, 'ABNORMAL');
    assert.equal((await deliverRefund(fake.refundNotificationFor(second.refund.id))).statusCode, 204);
    assert.deepEqual(await receipt(second.headers, second.orderId), {
      status: 'paid',
      refundedFen: 0,
      states: ['failed'],
    });
    const transactions = dataOf(
      'transactions',
      await app().app.inject({ url: '/api/front/transactions', headers: second.headers }),
    );
    const row = transactions.list.find((tx) => tx.orderId === second.orderId);
    assert.deepEqual(
      { refunded: row?.refundedFen, pending: row?.refundPendingFen, failed: row?.refundFailedFen },
      { refunded: 0, pending: 0, failed: second.total },
    );
    app().clock.advance(DAY);
    await sweepRefunds();
    assert.equal((await refundOfOrder(second.orderId)).status, 'failed', 'not asked again: an operator settles it');
  });

  test('without a notification, the sweeper asks WeChat about a processing refund when it is due', async () => {
    const { headers, orderId, total, refund } = await canceledAfterPaying();
    const queries = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(outTradeNoOf(refund.id))).length;
    await sweepRefunds();
    assert.equal(queries(), 0, 'not due yet');
    app().clock.advance(MINUTE);
    await sweepRefunds();
    assert.equal(queries(), 1);
    assert.equal((await refundOfOrder(orderId)).status, 'processing', 'still PROCESSING at WeChat');

    // Asked about again after as long as it has waited: 1 minute after it was made, then 2, then 4 ...
    fake.settleRefund(refund.id, 'SUCCESS');
    app().clock.advance(MINUTE / 2);
    await sweepRefunds();
    assert.equal(queries(), 1, 'not due yet');
    app().clock.advance(MINUTE / 2);
    await sweepRefunds();
    assert.equal(queries(), 2);
    assert.deepEqual(await receipt(headers, orderId), {
      status: 'refunded',
      refundedFen: total,
      states: ['succeeded'],
    });
    // WeChat's notification, arriving after all, is a duplicate.
    assert.equal((await deliverRefund(fake.refundNotificationFor(refund.id))).statusCode, 204);
    assert.deepEqual(await receipt(headers, orderId), {
      status: 'refunded',
      refundedFen: total,
      states: ['succeeded'],
    });
  });

  test('a refund WeChat refuses (balance too low) is asked again later and then proceeds', async () => {
    const booked = await bookedOrder();
    fake.pay(booked.orderId);
    await deliver(fake.notificationFor(booked.orderId));
    fake.refundAnswers.refusedOrders.add(booked.orderId);
    await app().app.inject({
      method: 'POST',
      url: `/api/front/registrations/${booked.registrationId}/cancel`,
      headers: booked.headers,
    });
    const refused = await refundOfOrder(booked.orderId);
    assert.deepEqual({ status: refused.status, attempts: refused.attempts }, { status: 'requested', attempts: 1 });
    assert.match(refused.lastError ?? '', /403 NOT_ENOUGH/);
    fake.refundAnswers.refusedOrders.delete(booked.orderId);
    app().clock.advance(MINUTE);
    await sweepRefunds();
    const accepted = await refundOfOrder(booked.orderId);
    assert.deepEqual({ status: accepted.status, attempts: accepted.attempts }, { status: 'processing', attempts: 1 });
  });

  test('refund notifications naming another amount, an unknown refund, or forged, change nothing and get FAIL', async () => {
    const { headers, orderId, refund } = await canceledAfterPaying();
    fake.settleRefund(refund.id, 'SUCCESS');
    for (const notification of [
      fake.refundNotificationFor(refund.id, { amountFen: 1 }),
      fake.refundNotificationFor(refund.id, { signWith: strangerKey() }),
      fake.notificationFor(orderId),
    ]) {
      const answer = await deliverRefund(notification);
      assert.deepEqual(
        { status: answer.statusCode, code: answer.json<{ code: string }>().code },
        { status: 400, code: 'FAIL' },
      );
    }
    assert.deepEqual(await receipt(headers, orderId), { status: 'paid', refundedFen: 0, states: ['requested'] });
  });
});

describe('notify callbacks and the per-IP API limit', () => {
  test("a client over its API limit gets 429; WeChat's payment and refund callbacks from that address are still answered", async () => {
    const { orderId, registrationId, headers } = await bookedOrder();
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

        const post = (path: 'notify' | 'refund-notify', body: NotificationInput) =>
          limited.app.inject({
            method: 'POST',
            url: `/api/pay/wechat/${path}`,
            headers: body.headers as Record<string, string>,
            payload: body.rawBody,
            ...wechat,
          });
        for (let n = 0; n < 5; n += 1) {
          assert.equal((await post('notify', notification)).statusCode, 204, `payment delivery ${n + 1}`);
        }
        const forged = await post('notify', fake.notificationFor(orderId, { signWith: strangerKey() }));
        assert.deepEqual(
          { status: forged.statusCode, code: forged.json<{ code: string }>().code },
          { status: 400, code: 'FAIL' },
        );

        await app().app.inject({ method: 'POST', url: `/api/front/registrations/${registrationId}/cancel`, headers });
        const [refund] = await app().database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        fake.settleRefund(refund?.id ?? '', 'SUCCESS');
        const refunded = fake.refundNotificationFor(refund?.id ?? '');
        for (let n = 0; n < 5; n += 1) {
          assert.equal((await post('refund-notify', refunded)).statusCode, 204, `refund delivery ${n + 1}`);
        }
      },
    );
    assert.equal(await orderStatus(orderId), 'refunded');
  });
});

describe("reconciliation against WeChat Pay's trade bill", () => {
  /** Beijing's date of the test clock. */
  const beijingDay = () => new Date(app().clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

  async function paidAtWechat(feeFen: number) {
    const booked = await bookedOrder(feeFen);
    fake.pay(booked.orderId);
    await deliver(fake.notificationFor(booked.orderId));
    return { ...booked, total: booked.booked.order.breakdown.totalFen };
  }

  test("compares the day's paid orders and refunds with the bill WeChat publishes, once it is published", async () => {
    app().clock.advance(3 * DAY);
    const date = beijingDay();
    const phone = nextPhone();
    await addTestOperator(app(), phone, ['finance']);
    const finance = await loginOperator(app(), phone);
    const reconcile = () => app().app.inject({ url: `/api/ops/reconciliation?date=${date}`, headers: finance });

    const one = await paidAtWechat(10_000);
    const two = await paidAtWechat(20_000);
    const refunded = await app().app.inject({
      method: 'POST',
      url: `/api/ops/orders/${two.orderId}/refund`,
      headers: finance,
      payload: { amountFen: 5_000, reason: 'Goodwill' },
    });
    assert.equal(refunded.statusCode, 200, refunded.body);
    const atWechat = fake.refunds.find((refund) => refund.orderId === two.orderId);
    assert.ok(atWechat, 'the manual refund went to WeChat');
    assert.equal(atWechat.status, 'PROCESSING');

    const early = await reconcile();
    assert.equal(early.statusCode, 502);
    assert.equal(envelope(early).errorCode, 'RECONCILIATION_UNAVAILABLE');

    fake.publishBill(date, { orders: [fake.order(one.orderId), fake.order(two.orderId)], refunds: [] });
    const agreed = dataOf('opsReconciliation', await reconcile());
    const paid = { paidCount: 2, paidFen: one.total + two.total, refundedCount: 0, refundedFen: 0 };
    assert.deepEqual(
      { provider: agreed.provider, platform: agreed.platform, providerTotals: agreed.providerTotals },
      { provider: 'wechat', platform: paid, providerTotals: paid },
    );
    assert.deepEqual(agreed.mismatches, []);

    // WeChat booked the first order for another amount, and paid out the refund we still hold as processing.
    fake.publishBill(date, {
      orders: [{ ...fake.order(one.orderId), totalFen: one.total - 1 }, fake.order(two.orderId)],
      refunds: [{ ...atWechat, status: 'SUCCESS' }],
    });
    const differs = dataOf('opsReconciliation', await reconcile());
    assert.deepEqual(
      differs.mismatches.map((m) => [m.kind, m.subject, m.orderId, m.platform, m.provider]),
      [
        [
          'amount_differs',
          'payment',
          one.orderId,
          { amountFen: one.total, status: 'paid' },
          { amountFen: one.total - 1, status: 'SUCCESS' },
        ],
        [
          'status_differs',
          'refund',
          two.orderId,
          { amountFen: 5_000, status: 'processing' },
          { amountFen: 5_000, status: 'SUCCESS' },
        ],
      ],
    );
    assert.equal(differs.providerTotals.refundedFen, 5_000);

    // WeChat took money for an order still unpaid here, and for one that is nobody's; a bill that does not match its
    // hash is no record at all.
    const unpaid = await bookedOrder(30_000);
    const stranger = { ...fake.order(one.orderId), orderId: uuidv7(), transactionId: '4200STRANGER' };
    fake.publishBill(date, {
      orders: [fake.order(one.orderId), fake.order(two.orderId), { ...fake.pay(unpaid.orderId) }, stranger],
      refunds: [],
    });
    fake.order(unpaid.orderId).tradeState = 'NOTPAY';
    const extra = dataOf('opsReconciliation', await reconcile());
    assert.deepEqual(
      extra.mismatches.map((m) => [m.kind, m.orderId, m.platform?.status ?? null, m.provider?.amountFen]),
      [
        ['status_differs', unpaid.orderId, 'pending', unpaid.booked.order.breakdown.totalFen],
        ['missing_here', null, null, one.total],
      ],
    );
    fake.billDownloads.tampered = true;
    const tampered = await reconcile();
    fake.billDownloads.tampered = false;
    assert.equal(envelope(tampered).errorCode, 'RECONCILIATION_UNAVAILABLE');
  });

  test('the sandbox ledger route does not exist while WeChat Pay is the provider', async () => {
    const { orderId } = await bookedOrder();
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/ledger/${orderId}`,
      payload: { amountFen: 1 },
    });
    assert.equal(res.statusCode, 404);
  });
});
