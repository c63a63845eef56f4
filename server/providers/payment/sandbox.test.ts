import assert from 'node:assert/strict';
import { createHmac, hkdfSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { openTestDatabase } from '../../../tests/helpers/db';
import type { Database } from '../../db/client';
import { uuidv7 } from '../../ids';
import { type SandboxPaymentProvider, sandboxProvider, WalletConfirmRefused } from './sandbox';
import { type NotificationInput, NotificationRejected, ProviderError } from './types';

const MINUTE = 60_000;
const payee = { zh: '北京考试能力体育科技有限公司', en: 'Beijing Exam Ability Sports Technology Co., Ltd.' };

let database: Database;
const clock = { now: new Date('2025-03-01T02:00:00Z') };
let sandbox: SandboxPaymentProvider;

before(async () => {
  database = await openTestDatabase();
  sandbox = sandboxProvider({ db: database.db, secret: 's'.repeat(40), now: () => clock.now, payee });
});
after(() => database.close());

async function openOrder(amountFen = 20_120, holdMinutes = 15) {
  const orderId = uuidv7();
  const answer = await sandbox.createOrder({
    orderId,
    description: { zh: '体育考试 报名费', en: 'Sports exam fee' },
    amountFen,
    expiresAt: new Date(clock.now.getTime() + holdMinutes * MINUTE),
    notifyUrl: 'http://192.168.1.20:8000/api/pay/sandbox/notify',
    publicUrl: 'http://192.168.1.20:8000/',
  });
  return { orderId, qrContent: answer.qrContent };
}

function rejectionOf(reason: NotificationRejected['reason']) {
  return (error: unknown) => error instanceof NotificationRejected && error.reason === reason;
}

describe('sandbox wallet', () => {
  test('the QR opens the wallet page, which shows payee, description and amount of an open order', async () => {
    const { orderId, qrContent } = await openOrder();
    assert.equal(qrContent, `http://192.168.1.20:8000/pay/sandbox/${orderId}`);
    assert.deepEqual(await sandbox.walletOrder(orderId), {
      orderId,
      payee,
      description: { zh: '体育考试 报名费', en: 'Sports exam fee' },
      amountFen: 20_120,
      state: 'open',
      expiresAt: new Date(clock.now.getTime() + 15 * MINUTE).toISOString(),
    });
    assert.equal(await sandbox.walletOrder(uuidv7()), undefined);
    assert.deepEqual(await sandbox.queryOrder(orderId), { state: 'pending' });
  });

  test('Confirm pays once and answers a notification that verifies as that payment', async () => {
    const { orderId } = await openOrder();
    const notification = await sandbox.confirmPayment(orderId);
    const payment = await sandbox.verifyNotification(notification);
    assert.equal(payment.orderId, orderId);
    assert.equal(payment.amountFen, 20_120);
    assert.match(payment.transactionId, /^SBX[0-9a-f]{24}$/);
    assert.equal(payment.paidAt.getTime(), clock.now.getTime());
    assert.equal((await sandbox.walletOrder(orderId))?.state, 'paid');
    assert.deepEqual(await sandbox.queryOrder(orderId), { state: 'paid', payment });

    const again = await sandbox.verifyNotification(await sandbox.confirmPayment(orderId));
    assert.deepEqual(again, payment, 'a second Confirm is the same transaction, not a second payment');
  });

  test('an expired or closed order shows closed and cannot be confirmed; an unknown one is refused', async () => {
    const { orderId } = await openOrder(5_000, 1);
    clock.now = new Date(clock.now.getTime() + 2 * MINUTE);
    assert.equal((await sandbox.walletOrder(orderId))?.state, 'closed');
    assert.deepEqual(await sandbox.queryOrder(orderId), { state: 'closed' });
    await assert.rejects(
      sandbox.confirmPayment(orderId),
      (e: unknown) => e instanceof WalletConfirmRefused && e.reason === 'closed',
    );

    const closed = await openOrder();
    await sandbox.closeOrder(closed.orderId);
    await assert.rejects(sandbox.confirmPayment(closed.orderId), WalletConfirmRefused);
    assert.equal((await sandbox.walletOrder(closed.orderId))?.state, 'closed');

    await assert.rejects(
      sandbox.confirmPayment(uuidv7()),
      (e: unknown) => e instanceof WalletConfirmRefused && e.reason === 'unknown',
    );
  });

  test('closing a paid order leaves it paid', async () => {
    const { orderId } = await openOrder();
    await sandbox.confirmPayment(orderId);
    await sandbox.closeOrder(orderId);
    assert.equal((await sandbox.queryOrder(orderId)).state, 'paid');
  });
});

describe('sandbox notification verification', () => {
  async function paidNotification(): Promise<NotificationInput> {
    const { orderId } = await openOrder();
    return sandbox.confirmPayment(orderId);
  }

  test('a forged signature is refused', async () => {
    const notification = await paidNotification();
    const forged = { ...notification.headers, 'x-sandbox-signature': Buffer.alloc(32, 7).toString('base64') };
    await assert.rejects(sandbox.verifyNotification({ ...notification, headers: forged }), rejectionOf('signature'));
  });

  test('a body changed by one byte is refused', async () => {
    const notification = await paidNotification();
    const rawBody = notification.rawBody.replace('"amountFen":20120', '"amountFen":20121');
    assert.notEqual(rawBody, notification.rawBody);
    await assert.rejects(sandbox.verifyNotification({ ...notification, rawBody }), rejectionOf('signature'));
  });

  test('a notification more than 5 minutes old or ahead is refused; within 5 minutes it passes', async () => {
    const notification = await paidNotification();
    const signedAt = clock.now;
    clock.now = new Date(signedAt.getTime() + 4 * MINUTE);
    await sandbox.verifyNotification(notification);
    clock.now = new Date(signedAt.getTime() + 6 * MINUTE);
    await assert.rejects(sandbox.verifyNotification(notification), rejectionOf('timestamp'));
    clock.now = new Date(signedAt.getTime() - 6 * MINUTE);
    await assert.rejects(sandbox.verifyNotification(notification), rejectionOf('timestamp'));
    clock.now = signedAt;
  });

  test('missing headers are refused', async () => {
    const notification = await paidNotification();
    for (const name of ['x-sandbox-timestamp', 'x-sandbox-nonce', 'x-sandbox-signature']) {
      const headers = { ...notification.headers, [name]: undefined };
      await assert.rejects(sandbox.verifyNotification({ ...notification, headers }), rejectionOf('signature'), name);
    }
  });

  test('headers arrive in any case', async () => {
    const notification = await paidNotification();
    const headers = Object.fromEntries(Object.entries(notification.headers).map(([k, v]) => [k.toUpperCase(), v]));
    assert.ok(await sandbox.verifyNotification({ ...notification, headers }));
  });

  test('a notification signed with another secret is refused', async () => {
    const other = sandboxProvider({ db: database.db, secret: 'o'.repeat(40), now: () => clock.now, payee });
    const { orderId } = await openOrder();
    const notification = await other.confirmPayment(orderId);
    await assert.rejects(sandbox.verifyNotification(notification), rejectionOf('signature'));
  });

  test('a correctly signed body of the wrong shape is refused as format', async () => {
    const notification = await paidNotification();
    const rawBody = JSON.stringify({ orderId: 'not-a-uuid', amountFen: -1 });
    const key = Buffer.from(hkdfSync('sha256', 's'.repeat(40), '', 'sandbox-pay', 32));
    const timestamp = String(notification.headers['x-sandbox-timestamp']);
    const nonce = String(notification.headers['x-sandbox-nonce']);
    const signature = createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${rawBody}\n`).digest('base64');
    const headers = { ...notification.headers, 'x-sandbox-signature': signature };
    await assert.rejects(sandbox.verifyNotification({ headers, rawBody }), rejectionOf('format'));
  });
});

describe('sandbox refunds', () => {
  const refund = (orderId: string, amountFen: number, refundId = uuidv7()) =>
    sandbox.refund({ orderId, refundId, amountFen, totalFen: 20_120, reason: 'cancelled', notifyUrl: undefined });

  test('refunds add up to the paid amount and never beyond', async () => {
    const { orderId } = await openOrder();
    await sandbox.confirmPayment(orderId);
    const first = await refund(orderId, 10_000);
    assert.equal(first.state, 'succeeded', 'the sandbox pays at once');
    assert.match(first.providerRefundId, /^SBXR[0-9a-f]{32}$/);
    await refund(orderId, 10_000);
    await assert.rejects(refund(orderId, 121), ProviderError);
    await refund(orderId, 120);
    await assert.rejects(refund(orderId, 1), ProviderError);
  });

  test('an unpaid order or a non-positive amount cannot be refunded', async () => {
    const { orderId } = await openOrder();
    await assert.rejects(refund(orderId, 100), ProviderError);
    await sandbox.confirmPayment(orderId);
    await assert.rejects(refund(orderId, 0), ProviderError);
    await assert.rejects(refund(uuidv7(), 100), ProviderError);
  });

  test('asking again with the same refund id answers that refund and pays nothing more', async () => {
    const { orderId } = await openOrder();
    await sandbox.confirmPayment(orderId);
    const refundId = uuidv7();
    const answers = await Promise.all([refund(orderId, 20_000, refundId), refund(orderId, 20_000, refundId)]);
    assert.deepEqual(answers[0], answers[1]);
    assert.deepEqual(await sandbox.queryRefund(refundId), answers[0]);
    await refund(orderId, 120);
    await assert.rejects(refund(orderId, 1), ProviderError, 'all 20 120 fen are back: 20 000 were paid once');
    assert.deepEqual(await refund(orderId, 20_000, refundId), answers[0], 'still answered, paying nothing');
    await assert.rejects(refund(orderId, 19_000, refundId), ProviderError, 'the same id for another amount');
    assert.equal(await sandbox.queryRefund(uuidv7()), undefined, 'a refund it never saw');
  });

  test('acknowledgement: 200 SUCCESS or 400 FAIL', () => {
    assert.deepEqual(sandbox.acknowledge(true), { status: 200, body: { code: 'SUCCESS' } });
    assert.equal(sandbox.acknowledge(false).status, 400);
  });
});
