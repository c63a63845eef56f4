import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { envelope, withTestApp } from '../tests/helpers/app';

/** The load balancer in front: every request reaches the server from its address. */
const PROXY = '10.0.0.1';
const ALICE = '203.0.113.5';
const BOB = '203.0.113.6';

let forged = 0;
/**
 * A request as the proxy forwards it: the client wrote an X-Forwarded-For of its own, a fresh address each time, and
 * the proxy appended the address it really saw.
 */
function throughProxy(client: string) {
  forged += 1;
  return { remoteAddress: PROXY, headers: { 'x-forwarded-for': `198.51.100.${forged % 250}, ${client}` } };
}

// One load balancer, named by its address or by its network: either way a client's own header moves nothing.
for (const trustProxy of [PROXY, '10.0.0.0/24']) {
  describe(`TRUST_PROXY=${trustProxy}, one proxy in front, clients forging X-Forwarded-For`, () => {
    test('the per-IP cap on login codes holds', async () => {
      await withTestApp({ env: { TRUST_PROXY: trustProxy, OTP_IP_HOURLY_CAP: '3' } }, async (t) => {
        const sendOtp = (phone: string, client: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/front/otp',
            payload: { phone, kind: 'individual' },
            ...throughProxy(client),
          });
        for (const phone of ['13900000701', '13900000702', '13900000703']) {
          assert.equal((await sendOtp(phone, ALICE)).statusCode, 200);
        }
        const capped = await sendOtp('13900000704', ALICE);
        assert.equal(capped.statusCode, 429);
        assert.equal(envelope(capped).errorCode, 'RATE_LIMITED');
        assert.equal(t.sms.sent.length, 3);
        // The cap is Alice's, not the proxy's: Bob behind the same proxy still gets his code.
        assert.equal((await sendOtp('13900000705', BOB)).statusCode, 200);
      });
    });

    test('the API rate limit holds', async () => {
      await withTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_PER_MINUTE: '3' } }, async (t) => {
        const health = (client: string) => t.app.inject({ url: '/api/health', ...throughProxy(client) });
        for (let i = 0; i < 3; i += 1) assert.equal((await health(ALICE)).statusCode, 200);
        const limited = await health(ALICE);
        assert.equal(limited.statusCode, 429);
        assert.equal(envelope(limited).errorCode, 'RATE_LIMITED');
        assert.equal((await health(BOB)).statusCode, 200);
      });
    });

    test('the certificate look-up limit holds', async () => {
      await withTestApp({ env: { TRUST_PROXY: trustProxy, VERIFY_RATE_LIMIT_PER_MINUTE: '2' } }, async (t) => {
        const verify = (client: string) =>
          t.app.inject({ url: '/api/verify/EA-2026-7K3M9QXP-B', ...throughProxy(client) });
        for (let i = 0; i < 2; i += 1) assert.equal((await verify(ALICE)).statusCode, 404);
        const limited = await verify(ALICE);
        assert.equal(limited.statusCode, 429);
        assert.equal(envelope(limited).errorCode, 'RATE_LIMITED');
        assert.equal((await verify(BOB)).statusCode, 404);
      });
    });
  });
}

test('with proxy addresses named, a client reaching the server directly is not believed about its address', async () => {
  await withTestApp({ env: { TRUST_PROXY: PROXY, RATE_LIMIT_PER_MINUTE: '2' } }, async (t) => {
    const direct = () =>
      t.app.inject({
        url: '/api/health',
        remoteAddress: ALICE,
        headers: { 'x-forwarded-for': `198.51.100.${++forged}` },
      });
    assert.equal((await direct()).statusCode, 200);
    assert.equal((await direct()).statusCode, 200);
    assert.equal((await direct()).statusCode, 429);
  });
});
