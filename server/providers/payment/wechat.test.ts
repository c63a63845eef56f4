import assert from 'node:assert/strict';
import { createSign, createVerify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  type FakeWechatPay,
  type RefundNotificationOverrides,
  startFakeWechatPay,
  strangerKey,
} from '../../../tests/helpers/fakeWechatPay';
import { ConfigError } from '../../config';
import { uuidv7 } from '../../ids';
import { NotificationRejected, type PaymentProvider, ProviderError } from './types';
import { chinaTime, loadPlatformKeys, orderIdOf, outTradeNoOf, wechatPayProvider } from './wechat';

const MINUTE = 60_000;

/** A self-signed RSA certificate and its key (test only), the form WeChat Pay platform certificates take. */
const CERTIFICATE_PEM = `-----BEGIN CERTIFICATE-----
MIICQDCCAamgAwIBAgIUM+S85pUuhX195n/7yxTMeXwv9NYwDQYJKoZIhvcNAQEL
BQAwMTEgMB4GA1UEAwwXVGVucGF5LmNvbSBSb290IENBIHRlc3QxDTALBgNVBAoM
BFRlc3QwIBcNMjYxMTIyMTYzNjA0WhgPMjEyNjEwMjkxNjM2MDRaMDExIDAeBgNV
BAMMF1RlbnBheS5jb20gUm9vdCBDQSB0ZXN0MQ0wCwYDVQQKDARUZXN0MIGfMA0G
CSqGSIb3DQEBAQUAA4GNADCBiQKBgQCvt3osE5R90Snzm5xDBjmFuXiOTnVW+MfL
YfKMW8/wI9VS4KYGFnbA2cSfoVGM8Kr0pDOMlraPazabqzKwJ2HZ6hMGTxCvyn+V
4+qVE6m7pg5l7UeuQxoA5L6n3nA+V+s7Pv9RcRmr3P0203aGEHEYnikzdYx4WN+X
I7Pedk9VHwIDAQABo1MwUTAdBgNVHQ4EFgQUVp/aCmtScpYrXu6aaiAy49AYaPQw
HwYDVR0jBBgwFoAUVp/aCmtScpYrXu6aaiAy49AYaPQwDwYDVR0TAQH/BAUwAwEB
/zANBgkqhkiG9w0BAQsFAAOBgQALHCQ3/h2lv8/qPRBQXP5sqlDIGHUZMb4cVAWD
E6L23kDfwRWbsW40QuGE8iCEQssviMep7uv3w7TnLy+qcFP5+RjyZsEDWWOEfsS5
KFBynpBMnz1ba1opJxd+CJJZxo26lf3IFUuLNcvSX2xu378C50eDdtBjHeXSso7G
ejbrVg==
-----END CERTIFICATE-----
`;
const CERTIFICATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIICdQIBADANBgkqhkiG9w0BAQEFAASCAl8wggJbAgEAAoGBAK+3eiwTlH3RKfOb
nEMGOYW5eI5OdVb4x8th8oxbz/Aj1VLgpgYWdsDZxJ+hUYzwqvSkM4yWto9rNpur
MrAnYdnqEwZPEK/Kf5Xj6pUTqbumDmXtR65DGgDkvqfecD5X6zs+/1FxGavc/TbT
doYQcRieKTN1jHhY35cjs952T1UfAgMBAAECgYALE3KlApryj1Oool9oLiVEE5vQ
xItK7yWQ4VyrkkH6LhgNQFHWwmW75D4rnbyJOMZd41fIfduGEMkBaPop9mGJgyVw
qyO+jiAoYLZzMPDd526zIy5gWB3ajqwh8xVGqMrhC4RrpGtawJSoOVehvZHdePlE
ftmX4gq5TahUcC9p4QJBANX4otb7Ou4qsNU6bl+VaCH6ktZ1oKCzKv6WF7qhR9JD
lMgO+HWD0lTjgowQyz4wc4kc0v1HMIerlBuPluSXiTECQQDSOz6Pi4d1ue/44pnh
3zomxkOiiDbAka1mVSSrcqSXx2OiyPyIYehomBL4RSDP7A1zUk/6dw8y5Js1J66Y
HC9PAkB+TWbp2aBeh8qcAwK13z55mCxm9UYctcXyQ2y8WIlJn2TKdrPIwkg8nZMo
1Jz0F6uLSv1sTkJiQzCI2EhspNpxAkBXUf5BNy4ziuCO2ugZtlN8CXvMRZGgWKHS
UGkjwUF2PX43/g1ORIR49Tlj36qqUhygGr9XhB5PAD8rS+ksCwDnAkBKIfK89RQd
d6q0WufaC7Md6Tx1XwBddKuUUe+rsQtj6dhydgVQESjneeFwynLCvoDmolDHPDgj
5jSigSSZFuhn
-----END PRIVATE KEY-----
`;
const clock = { now: new Date() };
let fake: FakeWechatPay;
let wechat: PaymentProvider;

before(async () => {
  fake = await startFakeWechatPay({ now: () => clock.now });
  wechat = wechatPayProvider(fake.config, { now: () => clock.now });
});
after(() => fake.close());

async function createdOrder(amountFen = 20_120) {
  const orderId = uuidv7();
  const answer = await wechat.createOrder({
    orderId,
    description: { zh: '体育考试 报名费', en: 'Sports exam fee' },
    amountFen,
    expiresAt: new Date(clock.now.getTime() + 15 * MINUTE),
    notifyUrl: 'https://exam.example.cn/api/pay/wechat/notify',
    publicUrl: 'https://exam.example.cn',
  });
  return { orderId, qrContent: answer.qrContent };
}

/** A refund request of `amountFen` against a 20 120 fen order, with a fresh refund id. */
function refundOf(orderId: string, amountFen: number) {
  return {
    orderId,
    refundId: uuidv7(),
    amountFen,
    totalFen: 20_120,
    reason: '取消报名 / Registration canceled',
    notifyUrl: 'https://exam.example.cn/api/pay/wechat/refund-notify',
  };
}

function rejectionOf(reason: NotificationRejected['reason']) {
  return (error: unknown) => error instanceof NotificationRejected && error.reason === reason;
}

describe('WeChat Pay orders', () => {
  test('createOrder sends a signed Native order and answers the code_url to show as QR', async () => {
    const { orderId, qrContent } = await createdOrder();
    assert.match(qrContent, /^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const order = fake.order(orderId);
    assert.equal(order.totalFen, 20_120);
    assert.equal(order.description, '体育考试 报名费');
    assert.equal(order.notifyUrl, 'https://exam.example.cn/api/pay/wechat/notify');
    assert.equal(order.timeExpire, chinaTime(new Date(clock.now.getTime() + 15 * MINUTE)));
    assert.match(order.timeExpire, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const sent = fake.requests.at(-1)?.body as { out_trade_no: string };
    assert.equal(sent.out_trade_no, orderId.replace(/-/g, ''));
  });

  test('a long Chinese description is cut to 127 bytes on a character boundary', async () => {
    const orderId = uuidv7();
    await wechat.createOrder({
      orderId,
      description: { zh: '考'.repeat(100), en: 'Long' },
      amountFen: 100,
      expiresAt: new Date(clock.now.getTime() + MINUTE),
      notifyUrl: 'https://exam.example.cn/api/pay/wechat/notify',
      publicUrl: 'https://exam.example.cn',
    });
    assert.equal(fake.order(orderId).description, '考'.repeat(42));
  });

  test('a request signed with another merchant key is refused by WeChat and becomes a ProviderError', async () => {
    const impostor = wechatPayProvider(
      { ...fake.config, mchPrivateKey: strangerKey().export({ format: 'pem', type: 'pkcs8' }).toString() },
      { now: () => clock.now },
    );
    await assert.rejects(impostor.queryOrder(uuidv7()), (e: unknown) => {
      return e instanceof ProviderError && /401 SIGN_ERROR/.test(e.message);
    });
  });

  test('unsigned or forged answers are refused, even when they look fine', async () => {
    for (const mode of ['unsigned', 'forged'] as const) {
      fake.responses.mode = mode;
      try {
        await assert.rejects(
          createdOrder(),
          (e: unknown) => e instanceof ProviderError && /answer refused/.test(e.message),
        );
      } finally {
        fake.responses.mode = 'signed';
      }
    }
  });

  test('queryOrder: pending until paid, then paid with the transaction; unknown and closed orders', async () => {
    const { orderId } = await createdOrder();
    assert.deepEqual(await wechat.queryOrder(orderId), { state: 'pending' });
    const paid = fake.pay(orderId);
    const state = await wechat.queryOrder(orderId);
    assert.deepEqual(state, {
      state: 'paid',
      payment: {
        orderId,
        transactionId: paid.transactionId,
        amountFen: 20_120,
        paidAt: new Date(Math.floor(clock.now.getTime() / 1000) * 1000),
      },
    });
    assert.deepEqual(await wechat.queryOrder(uuidv7()), { state: 'unknown' });

    const other = await createdOrder();
    await wechat.closeOrder(other.orderId);
    assert.equal(fake.closed(other.orderId), true);
    assert.deepEqual(await wechat.queryOrder(other.orderId), { state: 'closed' });
  });

  test('closing a paid order is refused by WeChat and reported', async () => {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    await assert.rejects(
      wechat.closeOrder(orderId),
      (e: unknown) => e instanceof ProviderError && /ORDERPAID/.test(e.message),
    );
  });

  test('refunds go out with our refund id, the total, the reason and notify_url; WeChat answers them processing', async () => {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    const refundId = uuidv7();
    const answer = await wechat.refund({ ...refundOf(orderId, 20_000), refundId });
    assert.equal(answer.state, 'processing', 'accepted is not refunded: the money is not back yet');
    assert.deepEqual(fake.refunds.at(-1), {
      orderId,
      outRefundNo: outTradeNoOf(refundId),
      refundId: answer.providerRefundId,
      refundFen: 20_000,
      totalFen: 20_120,
      reason: '取消报名 / Registration canceled',
      notifyUrl: 'https://exam.example.cn/api/pay/wechat/refund-notify',
      status: 'PROCESSING',
    });
    await assert.rejects(wechat.refund(refundOf(orderId, 121)), ProviderError);
  });

  test('only a SUCCESS answer is refunded; CLOSED and ABNORMAL are failed, whatever the HTTP 200', async () => {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    const states: Record<string, string> = {};
    try {
      for (const status of ['SUCCESS', 'CLOSED', 'ABNORMAL', 'PROCESSING'] as const) {
        fake.refundAnswers.firstStatus = status;
        const answer = await wechat.refund(refundOf(orderId, 100));
        states[status] = answer.state === 'failed' ? `failed: ${answer.detail}` : answer.state;
      }
    } finally {
      fake.refundAnswers.firstStatus = 'PROCESSING';
    }
    assert.deepEqual(states, {
      SUCCESS: 'succeeded',
      CLOSED: 'failed: WeChat Pay refund CLOSED',
      ABNORMAL: 'failed: WeChat Pay refund ABNORMAL',
      PROCESSING: 'processing',
    });
  });

  test('the same refund id asked again, or queried, answers that refund as it is now; an unknown one is undefined', async () => {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    const request = refundOf(orderId, 20_120);
    const first = await wechat.refund(request);
    assert.deepEqual(await wechat.queryRefund(request.refundId), first);
    fake.settleRefund(request.refundId, 'SUCCESS');
    const settled = { state: 'succeeded', providerRefundId: first.providerRefundId };
    assert.deepEqual(await wechat.queryRefund(request.refundId), settled);
    assert.deepEqual(await wechat.refund(request), settled, 'asked again: the same refund, not a second one');
    assert.equal(fake.refunds.filter((r) => r.orderId === orderId).length, 1);
    const sent = fake.requests.at(-1);
    assert.equal(sent?.path, '/v3/refund/domestic/refunds');
    assert.equal(await wechat.queryRefund(uuidv7()), undefined);
  });

  test("a refusal is a ProviderError with WeChat's code", async () => {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    fake.refundAnswers.refusedOrders.add(orderId);
    try {
      await assert.rejects(
        wechat.refund(refundOf(orderId, 100)),
        (e: unknown) => e instanceof ProviderError && /refund answered HTTP 403 NOT_ENOUGH/.test(e.message),
      );
    } finally {
      fake.refundAnswers.refusedOrders.delete(orderId);
    }
  });

  test('WeChat unreachable: every call is a ProviderError naming the call, never a key', async () => {
    const lost = await startFakeWechatPay({ now: () => clock.now });
    const provider = wechatPayProvider(lost.config, { now: () => clock.now });
    await lost.stop();
    try {
      await assert.rejects(provider.queryOrder(uuidv7()), (e: unknown) => {
        return (
          e instanceof ProviderError &&
          /WeChat Pay GET \/v3\/pay\/transactions\/out-trade-no\/[0-9a-f]{32}: unreachable/.test(e.message) &&
          !e.message.includes(lost.config.apiV3Key)
        );
      });
      await assert.rejects(
        provider.createOrder({
          orderId: uuidv7(),
          description: { zh: '体育考试', en: 'Sports exam' },
          amountFen: 100,
          expiresAt: new Date(clock.now.getTime() + MINUTE),
          notifyUrl: 'https://exam.example.cn/api/pay/wechat/notify',
          publicUrl: 'https://exam.example.cn',
        }),
        (e: unknown) =>
          e instanceof ProviderError && /POST \/v3\/pay\/transactions\/native: unreachable/.test(e.message),
      );
    } finally {
      await lost.close();
    }
  });

  test('a server that never answers times out as a ProviderError', async () => {
    const slow = wechatPayProvider(fake.config, {
      now: () => clock.now,
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await assert.rejects(
      slow.queryOrder(uuidv7()),
      (e: unknown) => e instanceof ProviderError && /no answer in 50 ms/.test(e.message),
    );
  });
});

describe('WeChat Pay notifications', () => {
  async function paidOrder() {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    return orderId;
  }

  test('a genuine notification verifies as the payment WeChat recorded', async () => {
    const orderId = await paidOrder();
    const payment = await wechat.verifyNotification(fake.notificationFor(orderId));
    const order = fake.order(orderId);
    assert.deepEqual(payment, {
      orderId,
      transactionId: order.transactionId,
      amountFen: 20_120,
      paidAt: new Date(order.successTime ?? ''),
    });
  });

  test('a notification with a different amount verifies: the domain, not the adapter, compares amounts', async () => {
    const orderId = await paidOrder();
    assert.equal((await wechat.verifyNotification(fake.notificationFor(orderId, { amountFen: 1 }))).amountFen, 1);
  });

  test('forged signature, unknown serial, changed body or missing headers are refused as signature', async () => {
    const orderId = await paidOrder();
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { signWith: strangerKey() })),
      rejectionOf('signature'),
    );
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { serial: 'FFFF0000' })),
      rejectionOf('signature'),
    );
    const genuine = fake.notificationFor(orderId);
    const rawBody = genuine.rawBody.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    assert.notEqual(rawBody, genuine.rawBody);
    await assert.rejects(wechat.verifyNotification({ ...genuine, rawBody }), rejectionOf('signature'));
    await assert.rejects(
      wechat.verifyNotification({ ...genuine, headers: { ...genuine.headers, 'wechatpay-signature': undefined } }),
      rejectionOf('signature'),
    );
  });

  test('a ciphertext changed after signing fails the signature; one encrypted with another key fails decryption', async () => {
    const orderId = await paidOrder();
    const genuine = fake.notificationFor(orderId);
    const body = JSON.parse(genuine.rawBody) as { resource: { ciphertext: string } };
    const bytes = Buffer.from(body.resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    body.resource.ciphertext = bytes.toString('base64');
    await assert.rejects(
      wechat.verifyNotification({ ...genuine, rawBody: JSON.stringify(body) }),
      rejectionOf('signature'),
    );
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { apiV3Key: 'k'.repeat(32) })),
      rejectionOf('decrypt'),
    );
  });

  test('a notification 6 minutes stale or early is refused; 4 minutes passes', async () => {
    const orderId = await paidOrder();
    const seconds = Math.floor(clock.now.getTime() / 1000);
    await wechat.verifyNotification(fake.notificationFor(orderId, { timestamp: seconds - 240 }));
    for (const offset of [-360, 360]) {
      await assert.rejects(
        wechat.verifyNotification(fake.notificationFor(orderId, { timestamp: seconds + offset })),
        rejectionOf('timestamp'),
      );
    }
  });

  test('a notification for another merchant or app is refused', async () => {
    const orderId = await paidOrder();
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { mchid: '1900000999' })),
      rejectionOf('merchant'),
    );
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { appid: 'wx0000000000000000' })),
      rejectionOf('merchant'),
    );
  });

  test('only TRANSACTION.SUCCESS with trade_state SUCCESS counts as paid', async () => {
    const orderId = await paidOrder();
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { eventType: 'REFUND.SUCCESS' })),
      rejectionOf('not_success'),
    );
    await assert.rejects(
      wechat.verifyNotification(fake.notificationFor(orderId, { tradeState: 'PAYERROR' })),
      rejectionOf('not_success'),
    );
  });

  test('acknowledgement: 204 without body, or FAIL with a message', () => {
    assert.deepEqual(wechat.acknowledge(true), { status: 204, body: undefined });
    const refused = wechat.acknowledge(false);
    assert.equal(refused.status, 400);
    assert.equal((refused.body as { code: string }).code, 'FAIL');
  });
});

describe('WeChat Pay refund notifications', () => {
  async function refundedOrder() {
    const { orderId } = await createdOrder();
    fake.pay(orderId);
    const request = refundOf(orderId, 20_000);
    await wechat.refund(request);
    return { orderId, refundId: request.refundId, providerRefundId: fake.refund(request.refundId).refundId };
  }

  test('REFUND.SUCCESS verifies as succeeded; REFUND.ABNORMAL and REFUND.CLOSED as failed', async () => {
    const { orderId, refundId, providerRefundId } = await refundedOrder();
    const notified = (status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') =>
      wechat.verifyRefundNotification(fake.refundNotificationFor(refundId, { status }));
    assert.deepEqual(await notified('SUCCESS'), {
      refundId,
      orderId,
      amountFen: 20_000,
      outcome: { state: 'succeeded', providerRefundId },
    });
    for (const status of ['ABNORMAL', 'CLOSED'] as const) {
      assert.deepEqual((await notified(status)).outcome, {
        state: 'failed',
        providerRefundId,
        detail: `WeChat Pay refund ${status}`,
      });
    }
  });

  test('forged, stale, undecryptable or other-merchant refund notifications are refused, like payment ones', async () => {
    const { refundId } = await refundedOrder();
    const refused = (overrides: RefundNotificationOverrides, reason: NotificationRejected['reason']) =>
      assert.rejects(
        wechat.verifyRefundNotification(fake.refundNotificationFor(refundId, { status: 'SUCCESS', ...overrides })),
        rejectionOf(reason),
      );
    await refused({ signWith: strangerKey() }, 'signature');
    await refused({ timestamp: Math.floor(clock.now.getTime() / 1000) - 360 }, 'timestamp');
    await refused({ mchid: '1900000999' }, 'merchant');
    await refused({ status: 'PROCESSING' }, 'format');
    await refused({ apiV3Key: 'k'.repeat(32) }, 'decrypt');
  });

  test('a payment notification is not a refund one, and a refund notification pays nothing', async () => {
    const { orderId, refundId } = await refundedOrder();
    await assert.rejects(wechat.verifyRefundNotification(fake.notificationFor(orderId)), rejectionOf('format'));
    await assert.rejects(
      wechat.verifyNotification(fake.refundNotificationFor(refundId, { status: 'SUCCESS' })),
      rejectionOf('not_success'),
    );
  });
});

describe('WeChat Pay keys and ids', () => {
  test('out_trade_no is the UUID without dashes and maps back', () => {
    const orderId = uuidv7();
    assert.equal(outTradeNoOf(orderId).length, 32);
    assert.equal(orderIdOf(outTradeNoOf(orderId)), orderId);
    assert.equal(orderIdOf('ORDER-123'), undefined);
  });

  test('the merchant key may be a file path; platform keys may be X.509 certificates, named by serial', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-key-'));
    try {
      const keyFile = path.join(dir, 'apiclient_key.pem');
      fs.writeFileSync(keyFile, fake.config.mchPrivateKey);
      assert.equal(
        wechatPayProvider({ ...fake.config, mchPrivateKey: keyFile }, { now: () => clock.now }).name,
        'wechat',
      );

      const certs = path.join(dir, 'certs');
      fs.mkdirSync(certs);
      fs.writeFileSync(path.join(certs, '5157F09EFDC096DE15EBE81A47057A7232F1B8E1.pem'), CERTIFICATE_PEM);
      const key = loadPlatformKeys(certs).get('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
      assert.ok(key, 'the certificate is loaded under its serial');
      const signature = createSign('RSA-SHA256').update('message').sign(CERTIFICATE_KEY_PEM, 'base64');
      assert.equal(createVerify('RSA-SHA256').update('message').verify(key, signature, 'base64'), true);
      assert.throws(
        () => wechatPayProvider({ ...fake.config, platformCertsDir: dir }, { now: () => clock.now }),
        (e: unknown) => {
          return (
            e instanceof ConfigError &&
            /apiclient_key\.pem holds a private key/.test(e.message) &&
            !e.message.includes('BEGIN')
          );
        },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a missing key file or empty certificate directory stops the start, naming the setting', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-certs-'));
    try {
      assert.throws(
        () => wechatPayProvider({ ...fake.config, mchPrivateKey: '/nonexistent/key.pem' }, { now: () => clock.now }),
        (e: unknown) => e instanceof ConfigError && /WECHATPAY_MCH_PRIVATE_KEY/.test(e.message),
      );
      assert.throws(
        () => wechatPayProvider({ ...fake.config, platformCertsDir: empty }, { now: () => clock.now }),
        (e: unknown) => e instanceof ConfigError && /WECHATPAY_PLATFORM_CERTS/.test(e.message),
      );
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
