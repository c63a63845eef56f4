import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { testConfig } from '../../../tests/helpers/app';
import { openTestDatabase } from '../../../tests/helpers/db';
import { type FakeWechatPay, startFakeWechatPay } from '../../../tests/helpers/fakeWechatPay';
import type { Database } from '../../db/client';
import { uuidv7 } from '../../ids';
import { hasWallet, type PaymentProvider, paymentProviderFromConfig } from './index';

let database: Database;
let fake: FakeWechatPay;
before(async () => {
  database = await openTestDatabase();
  fake = await startFakeWechatPay();
});
after(async () => {
  await fake.close();
  await database.close();
});

/** Opens a one-yuan order that expires in a minute with `provider`, for a site at `publicUrl`; answers its id. */
async function openOrder(provider: PaymentProvider, publicUrl: string): Promise<string> {
  const orderId = uuidv7();
  await provider.createOrder({
    orderId,
    description: { zh: '考试', en: 'Exam' },
    amountFen: 100,
    expiresAt: new Date(Date.now() + 60_000),
    notifyUrl: `${publicUrl}/api/pay/${provider.name}/notify`,
    publicUrl,
  });
  return orderId;
}

test('the default provider is the sandbox, whose wallet names the company as payee', async () => {
  const config = testConfig({ COMPANY_NAME_ZH: '某某考试有限公司', COMPANY_NAME_EN: 'Some Exams Ltd.' });
  const provider = paymentProviderFromConfig(config, { db: database.db, now: () => new Date() });
  assert.equal(provider.name, 'sandbox');
  assert.ok(hasWallet(provider));
  const orderId = await openOrder(provider, 'http://127.0.0.1:8000');
  assert.deepEqual((await provider.walletOrder(orderId))?.payee, { zh: '某某考试有限公司', en: 'Some Exams Ltd.' });
});

test('PAYMENT_PROVIDER=wechat gives the WeChat Pay adapter, without a wallet, talking to WECHATPAY_BASE_URL', async () => {
  const provider = paymentProviderFromConfig(testConfig(fake.env), { db: database.db, now: () => new Date() });
  assert.equal(provider.name, 'wechat');
  assert.equal(hasWallet(provider), false);
  const orderId = await openOrder(provider, 'https://exam.example.cn');
  assert.equal(fake.order(orderId).totalFen, 100);
});
