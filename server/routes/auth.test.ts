import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, dataOf, envelope, type TestApp, withTestApp } from '../../tests/helpers/app';

let t: TestApp;
before(async () => {
  t = await createTestApp({ env: { OTP_IP_HOURLY_CAP: '1000' } });
});
after(() => t.close());

let ipCounter = 0;
/** Each test uses its own client address so per-IP caps of one test never leak into another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const sendOtp = (body: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/front/otp', payload: body as object, remoteAddress });
const login = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/front/login', payload: body as object });
const currentUser = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/front/currentUser',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

/** Requests a code for a phone and answers the code the recording SMS provider received. */
async function codeFor(phone: string, kind = 'individual'): Promise<string> {
  const res = await sendOtp({ phone, kind });
  assert.equal(res.statusCode, 200, res.body);
  return t.sms.lastCodeFor(phone.startsWith('+') ? phone : `+86${phone.replace(/\D/g, '').slice(-11)}`);
}

describe('POST /api/front/otp', () => {
  test('sends a 6-digit code to the E.164 number and says when to resend', async () => {
    const res = await sendOtp({ phone: '+86 139-0000-0001', kind: 'individual' });
    const data = dataOf('sendOtp', res);
    assert.deepEqual(data, { sentTo: '+86 139****0001', resendAfterSeconds: 60, expiresInSeconds: 300 });
    const sent = t.sms.sent.at(-1);
    assert.equal(sent?.phone, '+8613900000001');
    assert.match(sent?.code ?? '', /^\d{6}$/);
  });

  for (const phone of ['8613900000002', '13900000003', '139 0000 0004', '0086-139-0000-0005']) {
    test(`accepts the mainland mobile written as "${phone}"`, async () => {
      assert.equal((await sendOtp({ phone, kind: 'examiner' })).statusCode, 200);
    });
  }

  for (const phone of ['12345678901', '1390000000', '139000000012', '+1 415 555 0100', 'abc']) {
    test(`refuses "${phone}" with PHONE_INVALID`, async () => {
      const res = await sendOtp({ phone, kind: 'individual' });
      assert.equal(res.statusCode, 400);
      assert.equal(envelope(res).errorCode, 'PHONE_INVALID');
    });
  }

  test('an unknown kind answers KIND_INVALID naming the field', async () => {
    const res = await sendOtp({ phone: '13900000010', kind: 'admin' });
    assert.equal(res.statusCode, 400);
    const body = envelope(res);
    assert.equal(body.errorCode, 'KIND_INVALID');
    assert.equal(body.details?.[0]?.path, 'kind');
  });

  test('missing fields and wrong types answer VALIDATION_FAILED with the paths', async () => {
    const missing = envelope(await sendOtp({ kind: 'individual' }));
    assert.equal(missing.errorCode, 'VALIDATION_FAILED');
    assert.deepEqual(
      missing.details?.map((d) => d.path),
      ['phone'],
    );
    const wrongType = await sendOtp({ phone: 13900000011, kind: 'individual' });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(envelope(wrongType).errorCode, 'VALIDATION_FAILED');
  });

  test('a second code within the interval answers 429 OTP_TOO_SOON with the seconds left', async () => {
    assert.equal((await sendOtp({ phone: '13900000020', kind: 'individual' })).statusCode, 200);
    // Pacing is per phone, whatever the kind or the network.
    const again = await sendOtp({ phone: '13900000020', kind: 'testCenter' });
    assert.equal(again.statusCode, 429);
    const body = envelope(again);
    assert.equal(body.errorCode, 'OTP_TOO_SOON');
    const seconds = Number(body.details?.find((d) => d.path === 'retryAfterSeconds')?.message);
    assert.ok(seconds > 0 && seconds <= 60, `seconds left: ${seconds}`);
    assert.match(body.errorMessage ?? '', new RegExp(`${seconds} seconds`));
  });
});

describe('POST /api/front/login', () => {
  test('the first login creates the account, the next one finds it', async () => {
    const first = dataOf(
      'login',
      await login({ phone: '13900000100', code: await codeFor('13900000100'), kind: 'individual' }),
    );
    assert.equal(first.created, true);
    assert.equal(first.type, 'individual');
    assert.ok(Buffer.from(first.access_token, 'base64url').length >= 16, 'token carries at least 128 bits');

    t.clock.advance(61_000);
    const second = dataOf(
      'login',
      await login({ phone: '+8613900000100', code: await codeFor('13900000100'), kind: 'individual' }),
    );
    assert.equal(second.created, false);
    assert.notEqual(second.access_token, first.access_token);
  });

  test('one phone holds a separate account per kind', async () => {
    const phone = '13900000110';
    const student = dataOf('login', await login({ phone, code: await codeFor(phone), kind: 'individual' }));
    t.clock.advance(61_000);
    const examiner = dataOf('login', await login({ phone, code: await codeFor(phone, 'examiner'), kind: 'examiner' }));
    assert.equal(examiner.created, true);
    const a = dataOf('currentUser', await currentUser(student.access_token));
    const b = dataOf('currentUser', await currentUser(examiner.access_token));
    assert.notEqual(a.id, b.id);
    assert.equal(b.kind, 'examiner');
  });

  test('a code sent for one kind does not log into another', async () => {
    const code = await codeFor('13900000120', 'individual');
    const res = await login({ phone: '13900000120', code, kind: 'testCenter' });
    assert.equal(envelope(res).errorCode, 'OTP_INVALID');
  });

  test('a wrong code answers OTP_INVALID', async () => {
    const code = await codeFor('13900000130');
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await login({ phone: '13900000130', code: wrong, kind: 'individual' });
    assert.equal(res.statusCode, 400);
    assert.equal(envelope(res).errorCode, 'OTP_INVALID');
  });

  test('a code is single use: the second login with it answers OTP_INVALID', async () => {
    const code = await codeFor('13900000140');
    assert.equal((await login({ phone: '13900000140', code, kind: 'individual' })).statusCode, 200);
    const reuse = await login({ phone: '13900000140', code, kind: 'individual' });
    assert.equal(reuse.statusCode, 400);
    assert.equal(envelope(reuse).errorCode, 'OTP_INVALID');
  });

  test('an expired code answers OTP_EXPIRED', async () => {
    const code = await codeFor('13900000150');
    t.clock.advance(301_000);
    const res = await login({ phone: '13900000150', code, kind: 'individual' });
    assert.equal(envelope(res).errorCode, 'OTP_EXPIRED');
  });

  test('after five wrong tries the sixth is locked out, even with the right code', async () => {
    const code = await codeFor('13900000160');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 5; i++) {
      const res = await login({ phone: '13900000160', code: wrong, kind: 'individual' });
      assert.equal(envelope(res).errorCode, 'OTP_INVALID', `try ${i}`);
    }
    const sixth = await login({ phone: '13900000160', code, kind: 'individual' });
    assert.equal(sixth.statusCode, 400);
    assert.equal(envelope(sixth).errorCode, 'OTP_LOCKED');

    t.clock.advance(61_000);
    const fresh = await codeFor('13900000160');
    assert.equal((await login({ phone: '13900000160', code: fresh, kind: 'individual' })).statusCode, 200);
  });

  test('a new code supersedes the previous one', async () => {
    const old = await codeFor('13900000170');
    t.clock.advance(61_000);
    const current = await codeFor('13900000170');
    if (old !== current) {
      assert.equal(
        envelope(await login({ phone: '13900000170', code: old, kind: 'individual' })).errorCode,
        'OTP_INVALID',
      );
    }
    assert.equal((await login({ phone: '13900000170', code: current, kind: 'individual' })).statusCode, 200);
  });

  test('a login without a code ever sent answers OTP_INVALID', async () => {
    const res = await login({ phone: '13900000180', code: '123456', kind: 'individual' });
    assert.equal(envelope(res).errorCode, 'OTP_INVALID');
  });

  test('a code that is not six digits answers VALIDATION_FAILED on code', async () => {
    const res = await login({ phone: '13900000190', code: '12ab', kind: 'individual' });
    assert.equal(res.statusCode, 400);
    const body = envelope(res);
    assert.equal(body.errorCode, 'VALIDATION_FAILED');
    assert.deepEqual(
      body.details?.map((d) => d.path),
      ['code'],
    );
  });

  test('the database keeps only a keyed hash of the code', async () => {
    const code = await codeFor('13900000195');
    const rows = await t.database.db.query.otpCodes.findMany({
      where: (otp, { eq }) => eq(otp.phone, '+8613900000195'),
    });
    assert.equal(rows.length, 1);
    assert.match(rows[0]?.codeHash ?? '', /^[0-9a-f]{64}$/);
    assert.ok(!rows[0]?.codeHash.includes(code));
  });
});

describe('sessions', () => {
  async function loggedIn(phone: string) {
    return dataOf('login', await login({ phone, code: await codeFor(phone), kind: 'individual' })).access_token;
  }

  test('currentUser answers the user behind the token', async () => {
    const token = await loggedIn('13900000200');
    const user = dataOf('currentUser', await currentUser(token));
    assert.equal(user.phone, '+8613900000200');
    assert.equal(user.kind, 'individual');
    assert.equal(user.name, '');
    assert.equal(user.avatar_small, null);
  });

  test('currentUser without a token, or with a bad one, answers 401 UNAUTHORIZED', async () => {
    for (const token of [undefined, 'not-a-token', '']) {
      const res = await currentUser(token);
      assert.equal(res.statusCode, 401);
      assert.deepEqual(envelope(res), {
        success: false,
        errorCode: 'UNAUTHORIZED',
        errorMessage: 'Please log in.',
        showType: 0,
      });
    }
    const basic = await t.app.inject({ url: '/api/front/currentUser', headers: { authorization: 'Basic abc' } });
    assert.equal(basic.statusCode, 401);
  });

  test('logout revokes the token', async () => {
    const token = await loggedIn('13900000210');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/front/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    assert.deepEqual(dataOf('logout', out), { loggedOut: true });
    assert.equal((await currentUser(token)).statusCode, 401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/front/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(again.statusCode, 401);
  });

  test('a token stops working after TOKEN_TTL_DAYS', async () => {
    const token = await loggedIn('13900000220');
    t.clock.advance(6 * 86_400_000);
    assert.equal((await currentUser(token)).statusCode, 200);
    t.clock.advance(86_400_000 + 1000);
    assert.equal((await currentUser(token)).statusCode, 401);
  });
});

describe('per-IP cap', () => {
  test('the cap answers 429 RATE_LIMITED for further numbers from that address', async () => {
    const capped = await createTestApp({ env: { OTP_IP_HOURLY_CAP: '3' } });
    try {
      const from = (phone: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/front/otp',
          payload: { phone, kind: 'individual' },
          remoteAddress: '192.0.2.7',
        });
      for (const phone of ['13900000301', '13900000302', '13900000303']) {
        assert.equal((await from(phone)).statusCode, 200);
      }
      const fourth = await from('13900000304');
      assert.equal(fourth.statusCode, 429);
      assert.equal(envelope(fourth).errorCode, 'RATE_LIMITED');
      assert.equal(capped.sms.sent.length, 3, 'no text went out for the capped request');
      const elsewhere = await capped.app.inject({
        method: 'POST',
        url: '/api/front/otp',
        payload: { phone: '13900000305', kind: 'individual' },
        remoteAddress: '192.0.2.8',
      });
      assert.equal(elsewhere.statusCode, 200);
    } finally {
      await capped.close();
    }
  });
});

describe('per-phone limits across codes', () => {
  const PHONE = '13900000801';
  const E164 = '+8613900000801';
  const send = (app: TestApp, phone = PHONE) =>
    app.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone, kind: 'individual' } });
  const guess = (app: TestApp, code: string, phone = PHONE) =>
    app.app.inject({ method: 'POST', url: '/api/front/login', payload: { phone, code, kind: 'individual' } });
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');
  /** A fresh code for the phone, once the one-a-minute pacing allows it. */
  async function freshCode(app: TestApp, phone = PHONE) {
    app.clock.advance(61_000);
    const res = await send(app, phone);
    assert.equal(res.statusCode, 200, res.body);
    return app.sms.lastCodeFor(`+86${phone}`);
  }

  test('a new code brings no new guesses: past the hourly cap even the right code is refused, for an hour', async () => {
    await withTestApp({ env: { OTP_PHONE_HOURLY_FAILURES: '7' } }, async (app) => {
      const first = await freshCode(app);
      for (let i = 1; i <= 5; i++) assert.equal(envelope(await guess(app, wrongFor(first))).errorCode, 'OTP_INVALID');
      const second = await freshCode(app);
      for (let i = 1; i <= 2; i++) assert.equal(envelope(await guess(app, wrongFor(second))).errorCode, 'OTP_INVALID');

      const right = await guess(app, second);
      assert.equal(right.statusCode, 429);
      assert.equal(envelope(right).errorCode, 'OTP_PHONE_LOCKED');
      assert.equal(envelope(right).errorMessage, 'Too many wrong codes for this number. Try again in an hour.');
      app.clock.advance(61_000);
      const sent = app.sms.sent.length;
      assert.equal(envelope(await send(app)).errorCode, 'OTP_PHONE_LOCKED');
      assert.equal(app.sms.sent.length, sent, 'no text goes to a locked phone');

      const other = await freshCode(app, '13900000802');
      assert.equal((await guess(app, other, '13900000802')).statusCode, 200, 'other phones are not affected');

      app.clock.advance(3600_000);
      assert.equal((await guess(app, await freshCode(app))).statusCode, 200);
    });
  });

  test('a login clears the count: only wrong guesses since count against the phone', async () => {
    await withTestApp({ env: { OTP_PHONE_HOURLY_FAILURES: '3' } }, async (app) => {
      const first = await freshCode(app);
      for (let i = 1; i <= 2; i++) assert.equal(envelope(await guess(app, wrongFor(first))).errorCode, 'OTP_INVALID');
      assert.equal((await guess(app, first)).statusCode, 200);
      const second = await freshCode(app);
      for (let i = 1; i <= 3; i++) assert.equal(envelope(await guess(app, wrongFor(second))).errorCode, 'OTP_INVALID');
      assert.equal(envelope(await guess(app, second)).errorCode, 'OTP_PHONE_LOCKED');
    });
  });

  test('at most OTP_PHONE_DAILY_CAP codes a day to one phone, whatever the kind or address', async () => {
    await withTestApp({ env: { OTP_PHONE_DAILY_CAP: '3' } }, async (app) => {
      const kinds = ['individual', 'testCenter', 'examiner'] as const;
      for (const [i, kind] of kinds.entries()) {
        app.clock.advance(61_000);
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/front/otp',
          payload: { phone: PHONE, kind },
          remoteAddress: `192.0.2.${i + 1}`,
        });
        assert.equal(res.statusCode, 200, kind);
      }
      app.clock.advance(61_000);
      const fourth = await send(app);
      assert.equal(fourth.statusCode, 429);
      assert.equal(envelope(fourth).errorCode, 'OTP_PHONE_DAILY_LIMIT');
      assert.equal(app.sms.sent.filter((m) => m.phone === E164).length, 3);
      assert.equal((await send(app, '13900000803')).statusCode, 200, 'other phones are not affected');
      app.clock.advance(24 * 3600_000);
      assert.equal((await send(app)).statusCode, 200);
    });
  });
});

describe('secrets stay out of logs', () => {
  test('request logs at debug level carry neither the code nor the token', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await logged.app.inject({
        method: 'POST',
        url: '/api/front/otp',
        payload: { phone: '13900000400', kind: 'individual' },
      });
      const code = logged.sms.lastCodeFor('+8613900000400');
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/front/login',
        payload: { phone: '13900000400', code, kind: 'individual' },
      });
      const token = dataOf('login', res).access_token;
      await logged.app.inject({ url: '/api/front/currentUser', headers: { authorization: `Bearer ${token}` } });
      const all = lines.join('');
      assert.ok(lines.length > 4, 'requests were logged');
      assert.ok(!all.includes(code), 'no code in the logs');
      assert.ok(!all.includes(token), 'no token in the logs');
    } finally {
      await logged.close();
    }
  });
});

describe('SMS provider failure', () => {
  test('answers 502 SMS_SEND_FAILED and lets the user ask again at once', async () => {
    let fail = true;
    const failing = await createTestApp({
      sms: {
        name: 'http',
        async sendOtp() {
          if (fail) throw new Error('gateway down');
        },
        async sendNotice() {},
      },
    });
    try {
      const send = () =>
        failing.app.inject({
          method: 'POST',
          url: '/api/front/otp',
          payload: { phone: '13900000500', kind: 'individual' },
        });
      const res = await send();
      assert.equal(res.statusCode, 502);
      assert.equal(envelope(res).errorCode, 'SMS_SEND_FAILED');
      assert.doesNotMatch(res.body, /gateway down/);
      fail = false;
      assert.equal((await send()).statusCode, 200);
    } finally {
      await failing.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = redisUrl;
  describe('several instances on one Redis', () => {
    /**
     * One database, two app instances, as behind a load balancer; a fresh key prefix, so counters left in this Redis
     * by earlier runs (the per-IP hourly cap of 127.0.0.1) do not count here.
     */
    async function twoInstances(env: Record<string, string>, run: (a: TestApp, b: TestApp) => Promise<void>) {
      const shared = { ...env, REDIS_URL: redis, REDIS_PREFIX: `exam-test:${randomBytes(4).toString('hex')}:` };
      const a = await createTestApp({ env: shared });
      const b = await createTestApp({ env: shared, database: a.database });
      try {
        await run(a, b);
      } finally {
        await b.close();
        await a.close();
      }
    }

    test('OTP pacing is shared: the second instance answers OTP_TOO_SOON', async () => {
      await twoInstances({}, async (a, b) => {
        const phone = `1390${String(Date.now()).slice(-7)}`;
        const send = (app: TestApp) =>
          app.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone, kind: 'individual' } });
        assert.equal((await send(a)).statusCode, 200);
        const second = await send(b);
        assert.equal(second.statusCode, 429);
        assert.equal(envelope(second).errorCode, 'OTP_TOO_SOON');
      });
    });

    test('the per-phone caps are shared: codes a day and wrong guesses an hour count across instances', async () => {
      const caps = { OTP_SEND_INTERVAL_S: '1', OTP_PHONE_DAILY_CAP: '2', OTP_PHONE_HOURLY_FAILURES: '2' };
      await twoInstances(caps, async (a, b) => {
        const phone = `1391${String(Date.now()).slice(-7)}`;
        const send = (app: TestApp) =>
          app.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone, kind: 'individual' } });
        const guess = (app: TestApp, code: string) =>
          app.app.inject({ method: 'POST', url: '/api/front/login', payload: { phone, code, kind: 'individual' } });
        const pacing = () => new Promise((resolve) => setTimeout(resolve, 1100));

        assert.equal((await send(a)).statusCode, 200);
        const code = a.sms.lastCodeFor(`+86${phone}`);
        const wrong = code === '000000' ? '000001' : '000000';
        assert.equal(envelope(await guess(a, wrong)).errorCode, 'OTP_INVALID');
        assert.equal(envelope(await guess(b, wrong)).errorCode, 'OTP_INVALID');
        assert.equal(envelope(await guess(b, code)).errorCode, 'OTP_PHONE_LOCKED');

        const other = `1392${String(Date.now()).slice(-7)}`;
        const sendOther = (app: TestApp) =>
          app.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone: other, kind: 'individual' } });
        assert.equal((await sendOther(a)).statusCode, 200);
        await pacing();
        assert.equal((await sendOther(b)).statusCode, 200);
        await pacing();
        assert.equal(envelope(await sendOther(a)).errorCode, 'OTP_PHONE_DAILY_LIMIT');
      });
    });
  });
}
