import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, DEV_APP_SECRET, ENV_VARS, loadConfig } from './config';

const production = {
  APP_ENV: 'production',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  APP_SECRET: 'a'.repeat(40),
};

describe('loadConfig', () => {
  test('safe defaults for a local run', () => {
    const config = loadConfig({});
    assert.equal(config.appEnv, 'local');
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8000);
    assert.equal(config.sms.provider, 'console');
    assert.deepEqual(config.otp, { sendIntervalS: 60, maxAttempts: 5, ttlS: 300, ipHourlyCap: 20 });
    assert.equal(config.tokenTtlDays, 7);
    assert.equal(config.holdMinutes, 15);
    assert.equal(config.changeLockHours, 72);
    assert.equal(config.demoData, true);
    assert.equal(path.isAbsolute(config.dataDir), true);
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
  });

  test('limits come from the environment; nonsense is refused by name', () => {
    assert.equal(loadConfig({ OTP_SEND_INTERVAL_S: '2' }).otp.sendIntervalS, 2);
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ OTP_MAX_ATTEMPTS: '0' }), /OTP_MAX_ATTEMPTS/);
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
