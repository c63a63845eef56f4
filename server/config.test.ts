import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, DEV_APP_SECRET, defaultWorkers, ENV_VARS, loadConfig } from './config';

const wechatPay = {
  PAYMENT_PROVIDER: 'wechat',
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_MCH_PRIVATE_KEY: '/etc/exam/apiclient_key.pem',
  WECHATPAY_APIV3_KEY: 'k'.repeat(32),
  WECHATPAY_PLATFORM_CERTS: '/etc/exam/wechatpay-certs',
};

const production = {
  APP_ENV: 'production',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  APP_SECRET: 'a'.repeat(40),
  PUBLIC_URL: 'https://exam.example.cn/',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.cn:465',
  MAIL_FROM: 'Exam Ability <no-reply@exam.example.cn>',
  ...wechatPay,
};

describe('loadConfig', () => {
  test('server processes: one core left to the database on PostgreSQL, one process on PGlite, WORKERS as asked', () => {
    assert.deepEqual(
      [1, 2, 4, 8].map((cpus) => defaultWorkers(cpus)),
      [1, 1, 3, 7],
    );
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/exam' }).workers, defaultWorkers());
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/exam', WORKERS: '4' }).workers, 4);
    assert.equal(loadConfig({ WORKERS: '4' }).workers, 1);
  });

  test('safe defaults for a local run', () => {
    const config = loadConfig({});
    assert.equal(config.appEnv, 'local');
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8000);
    assert.equal(config.sms.provider, 'console');
    assert.deepEqual(config.otp, {
      sendIntervalS: 60,
      maxAttempts: 5,
      ttlS: 300,
      ipHourlyCap: 20,
      phoneDailyCap: 10,
      phoneHourlyFailures: 10,
    });
    assert.equal(config.tokenTtlDays, 7);
    assert.equal(config.holdMinutes, 15);
    assert.equal(config.changeLockHours, 72);
    assert.equal(config.demoData, true);
    assert.equal(path.isAbsolute(config.dataDir), true);
  });

  test('SMS quiet hours: 22 to 8 by default, any other span, or off; anything else is refused', () => {
    assert.deepEqual(loadConfig({}).smsQuietHours, { from: 22, until: 8 });
    assert.deepEqual(loadConfig({ SMS_QUIET_HOURS: '23-7' }).smsQuietHours, { from: 23, until: 7 });
    assert.equal(loadConfig({ SMS_QUIET_HOURS: 'off' }).smsQuietHours, null);
    assert.throws(() => loadConfig({ SMS_QUIET_HOURS: '25-8' }), ConfigError);
    assert.throws(() => loadConfig({ SMS_QUIET_HOURS: 'nights' }), ConfigError);
  });

  test('the footer filing number is a demo one locally, none in production unless set', () => {
    assert.match(loadConfig({}).site.filingNumber, /演示/);
    assert.equal(loadConfig(production).site.filingNumber, '');
    assert.equal(
      loadConfig({ ...production, ICP_FILING_NUMBER: '沪ICP备12345678号' }).site.filingNumber,
      '沪ICP备12345678号',
    );
  });

  test('demo data is off with DATABASE_URL unless asked for', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demoData, false);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO_DATA: 'yes' }).demoData, true);
    assert.equal(loadConfig({ DEMO_DATA: '0' }).demoData, false);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO_DATA: '1' }).demoData, true);
  });

  test('limits come from the environment; nonsense is refused by name', () => {
    assert.equal(loadConfig({ OTP_SEND_INTERVAL_S: '2' }).otp.sendIntervalS, 2);
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ OTP_MAX_ATTEMPTS: '0' }), /OTP_MAX_ATTEMPTS/);
  });

  test("TRUST_PROXY takes the proxies' addresses or CIDRs; trusting every hop or a hop count is refused by name", () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'off' }).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy, ['10.0.0.1']);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy, [
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    const refused = (value: string, why: RegExp) =>
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        (e: Error) =>
          e instanceof ConfigError && /^Invalid setting TRUST_PROXY: /.test(e.message) && why.test(e.message),
        value,
      );
    refused('on', /would trust every hop/);
    refused('true', /would trust every hop/);
    refused('1', /hop count/);
    refused('2', /hop count/);
    refused('10.0.0.0/33', /not a list of addresses or CIDRs/);
    refused('300.1.2.3', /not a list of addresses or CIDRs/);
    refused('10.0.0.1, proxy.internal', /not a list of addresses or CIDRs/);
  });

  test('production refuses the console SMS provider and the default secret, naming the setting', () => {
    assert.equal(loadConfig(production).appEnv, 'production');
    assert.throws(
      () => loadConfig({ ...production, SMS_PROVIDER: 'console' }),
      (e: Error) => {
        return e instanceof ConfigError && /SMS_PROVIDER/.test(e.message);
      },
    );
    assert.throws(() => loadConfig({ ...production, SMS_PROVIDER: undefined }), /SMS_PROVIDER is missing/);
    assert.throws(() => loadConfig({ ...production, APP_SECRET: undefined }), /APP_SECRET is missing/);
    assert.throws(() => loadConfig({ ...production, APP_SECRET: DEV_APP_SECRET }), /APP_SECRET/);
    assert.throws(() => loadConfig({ ...production, SMS_HTTP_URL: undefined }), /SMS_HTTP_URL is missing/);
  });

  test('Alibaba Cloud SMS needs its keys, signature and both templates; e-mail is printed unless SMTP_URL is set', () => {
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '考试能力',
      ALIYUN_SMS_TEMPLATE_OTP: 'SMS_1',
      ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_2',
    };
    const config = loadConfig({ ...production, ...aliyun });
    assert.equal(config.sms.provider, 'aliyun');
    assert.equal(config.sms.provider === 'aliyun' && config.sms.aliyun.endpoint, 'https://dysmsapi.aliyuncs.com/');
    for (const name of Object.keys(aliyun).filter((key) => key !== 'SMS_PROVIDER')) {
      assert.throws(
        () => loadConfig({ ...production, ...aliyun, [name]: undefined }),
        new RegExp(`${name} is missing`),
      );
    }
    assert.deepEqual(loadConfig({}).email, { provider: 'console' });
    assert.deepEqual(loadConfig(production).email, {
      provider: 'smtp',
      url: production.SMTP_URL,
      from: production.MAIL_FROM,
    });
    assert.throws(() => loadConfig({ ...production, SMTP_URL: undefined }), /SMTP_URL is missing/);
    assert.throws(() => loadConfig({ ...production, MAIL_FROM: undefined }), /MAIL_FROM is missing/);
  });

  test('payments: the sandbox locally; production needs WeChat Pay with all its settings and PUBLIC_URL', () => {
    assert.deepEqual(loadConfig({}).payment, { provider: 'sandbox' });
    assert.equal(loadConfig({}).publicUrl, undefined);
    const config = loadConfig(production);
    assert.equal(config.publicUrl, 'https://exam.example.cn');
    assert.deepEqual(config.payment, {
      provider: 'wechat',
      wechat: {
        baseUrl: 'https://api.mch.weixin.qq.com',
        mchId: '1900000109',
        appId: 'wxd678efh567hg6787',
        mchSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        mchPrivateKey: '/etc/exam/apiclient_key.pem',
        apiV3Key: 'k'.repeat(32),
        platformCertsDir: '/etc/exam/wechatpay-certs',
      },
    });
    assert.throws(() => loadConfig({ ...production, PAYMENT_PROVIDER: undefined }), /PAYMENT_PROVIDER is missing/);
    assert.throws(
      () => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' }),
      (e: Error) => e instanceof ConfigError && /PAYMENT_PROVIDER=sandbox is not allowed/.test(e.message),
    );
    assert.throws(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'alipay' }), /PAYMENT_PROVIDER/);
    assert.throws(() => loadConfig({ ...production, PUBLIC_URL: undefined }), /PUBLIC_URL is missing/);
    for (const name of Object.keys(wechatPay).filter((n) => n !== 'PAYMENT_PROVIDER')) {
      assert.throws(() => loadConfig({ ...production, [name]: undefined }), new RegExp(`${name} is missing`), name);
      assert.throws(() => loadConfig({ ...wechatPay, [name]: '' }), new RegExp(`${name} is missing`), name);
    }
    assert.throws(
      () => loadConfig({ ...production, WECHATPAY_APIV3_KEY: 'short' }),
      /WECHATPAY_APIV3_KEY must be 32 bytes/,
    );
  });

  test('production refuses a PUBLIC_URL that is not https, saying why; elsewhere http is fine', () => {
    for (const url of ['http://exam.example.cn', 'http://127.0.0.1:8000/']) {
      assert.throws(
        () => loadConfig({ ...production, PUBLIC_URL: url }),
        (e: Error) =>
          e instanceof ConfigError &&
          e.message.startsWith(`PUBLIC_URL=${url} is not https`) &&
          /notify_url/.test(e.message),
        url,
      );
    }
    assert.equal(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8000' }).publicUrl, 'http://192.168.1.20:8000');
  });

  test('refund retries: a minute, doubling up to six hours, ten tries; the first wait cannot exceed the longest', () => {
    assert.deepEqual(loadConfig({}).refundRetry, { baseS: 60, maxS: 21_600, maxAttempts: 10 });
    const set = { REFUND_RETRY_BASE_S: '5', REFUND_RETRY_MAX_S: '40', REFUND_MAX_ATTEMPTS: '3' };
    assert.deepEqual(loadConfig(set).refundRetry, { baseS: 5, maxS: 40, maxAttempts: 3 });
    assert.throws(() => loadConfig({ REFUND_MAX_ATTEMPTS: '0' }), /Invalid setting REFUND_MAX_ATTEMPTS/);
    assert.throws(() => loadConfig({ REFUND_RETRY_BASE_S: 'soon' }), /Invalid setting REFUND_RETRY_BASE_S/);
    assert.throws(
      () => loadConfig({ REFUND_RETRY_BASE_S: '600', REFUND_RETRY_MAX_S: '60' }),
      (e: Error) =>
        e instanceof ConfigError && /REFUND_RETRY_BASE_S \(600\) is longer than REFUND_RETRY_MAX_S/.test(e.message),
    );
  });

  test('WeChat Pay is allowed outside production too, e.g. against a test endpoint', () => {
    const config = loadConfig({ ...wechatPay, WECHATPAY_BASE_URL: 'http://127.0.0.1:9999' });
    assert.equal(config.payment.provider === 'wechat' && config.payment.wechat.baseUrl, 'http://127.0.0.1:9999');
  });

  test('every documented variable is one the server reads, and the reverse', () => {
    const documented = new Set(ENV_VARS.map((v) => v.name));
    for (const name of ['APP_ENV', 'DATABASE_URL', 'REDIS_URL', 'OTP_IP_HOURLY_CAP', 'ICP_FILING_URL', 'DEMO_DATA']) {
      assert.ok(documented.has(name), name);
    }
    assert.equal(documented.size, ENV_VARS.length, 'no duplicates');
  });
});

test('the server process refuses to start in production with console SMS: one line, non-zero exit', () => {
  const result = spawnSync(
    path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'main.ts')],
    {
      env: { ...process.env, APP_ENV: 'production', SMS_PROVIDER: 'console', APP_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  assert.notEqual(result.status, 0);
  const lines = result.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'));
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0] ?? '', /SMS_PROVIDER=console is not allowed/);
});
