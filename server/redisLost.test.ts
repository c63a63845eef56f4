import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort } from '../scripts/lib/server-process';
import { envelope, withTestApp } from '../tests/helpers/app';

test('Redis lost: the API goes on without the per-IP limit, while sending codes fails closed', async () => {
  const nobody = `redis://127.0.0.1:${await freePort()}`;
  await withTestApp({ env: { REDIS_URL: nobody } }, async (t) => {
    const catalog = await t.app.inject({ url: '/api/front/exams' });
    assert.equal(catalog.statusCode, 200, catalog.body);
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/front/otp',
      payload: { phone: '13900001111', kind: 'individual' },
    });
    assert.equal(otp.statusCode, 500);
    assert.equal(envelope(otp).errorCode, 'INTERNAL');
    assert.equal(t.sms.sent.length, 0, 'no code is sent without its pacing');
  });
});
