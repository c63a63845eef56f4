import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { createTestApp, dataOf, envelope, loginAs, type TestApp } from '../tests/helpers/app';

let t: TestApp;
let staticDir: string;

before(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-static-'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><title>Exam Ability</title><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(staticDir, 'umi.3f2a1b9c.js'), 'console.log("app")');
  fs.mkdirSync(path.join(staticDir, 'user', 'login'), { recursive: true });
  fs.writeFileSync(
    path.join(staticDir, 'user', 'login', 'index.html'),
    `<!doctype html><html lang="zh-CN"><title>Exam Ability</title><style>${'.a{color:red}'.repeat(200)}</style><div id="root"><h1>Log in</h1></div></html>`,
  );
  t = await createTestApp({ env: { STATIC_DIR: staticDir, RATE_LIMIT_PER_MINUTE: '1000' } });
});
after(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const json = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('system endpoints', () => {
  test('health and ready', async () => {
    assert.deepEqual(dataOf('health', await t.app.inject({ url: '/api/health' })), { status: 'ok' });
    assert.deepEqual(dataOf('ready', await t.app.inject({ url: '/api/ready' })), { status: 'ready', database: 'ok' });
  });

  test('every answer says how long the server spent on it (Server-Timing)', async () => {
    for (const url of ['/api/health', '/api/nowhere', '/home']) {
      const res = await t.app.inject({ url });
      assert.match(String(res.headers['server-timing']), /^app;dur=\d+\.\d$/, url);
    }
  });

  test('site facts come from the configuration', async () => {
    const site = dataOf('site', await t.app.inject({ url: '/api/front/site' }));
    assert.equal(site.smsToConsole, true);
    assert.equal(site.companyName.en, t.config.site.companyNameEn);
    assert.equal(site.filingNumber, t.config.site.filingNumber);
    assert.match(site.filingNumber, /ICP/);
  });

  test('OpenAPI is generated from the contract at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    assert.match(doc.openapi, /^3\./);
    for (const p of ['/api/front/otp', '/api/front/login', '/api/front/exams', '/api/front/exams/{id}', '/api/city']) {
      assert.ok(doc.paths[p], `documents ${p}`);
    }
    assert.equal((await t.app.inject({ url: '/api/docs' })).statusCode < 400, true);
  });
});

describe('error envelope', () => {
  test('malformed JSON answers 400 MALFORMED_JSON', async () => {
    const res = await json('/api/front/otp', '{"phone": ');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(envelope(res), {
      success: false,
      errorCode: 'MALFORMED_JSON',
      errorMessage: 'The request body is not valid JSON.',
      showType: 2,
    });
  });

  test('a logged-out client is told 401 before anything about its body', async () => {
    for (const body of ['{"name": ', '{"name": 42}']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/front/profile',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      assert.equal(res.statusCode, 401, body);
      assert.equal(envelope(res).errorCode, 'UNAUTHORIZED');
    }
  });

  test('an empty JSON body answers VALIDATION_FAILED where a body is required', async () => {
    const res = await json('/api/front/login', '');
    assert.equal(res.statusCode, 400);
    assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
  });

  test('a body that is not JSON answers 415', async () => {
    const res = await json('/api/front/otp', 'phone=13800138000', 'text/plain');
    assert.equal(res.statusCode, 415);
    assert.equal(envelope(res).errorCode, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await json('/api/front/otp', JSON.stringify({ phone: 'x'.repeat(1_100_000), kind: 'individual' }));
    assert.equal(res.statusCode, 413);
    assert.equal(envelope(res).errorCode, 'PAYLOAD_TOO_LARGE');
  });

  test('an unknown /api path answers the 404 envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/front/nothing-here', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 404);
      assert.equal(envelope(res).errorCode, 'NOT_FOUND');
      assert.equal(envelope(res).success, false);
    }
  });

  test('security headers: CSP that allows the built front end, no sniffing', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    // Scripts from this origin only; WebAssembly may compile (the scan page's QR decoder), script eval may not.
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.match(csp, /style-src 'self' 'unsafe-inline'/);
    assert.match(csp, /img-src 'self' data: blob:/);
    assert.match(csp, /connect-src 'self'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });
});

describe('caching', () => {
  test('API answers, personal or not, successes and errors, say no-store', async () => {
    const auth = await loginAs(t, '13900000601');
    const answers = {
      currentUser: await t.app.inject({ url: '/api/front/currentUser', headers: auth }),
      profile: await t.app.inject({ url: '/api/front/profile', headers: auth }),
      registrations: await t.app.inject({ url: '/api/front/registrations', headers: auth }),
      loggedOut: await t.app.inject({ url: '/api/front/profile' }),
      exams: await t.app.inject({ url: '/api/front/exams' }),
      unknown: await t.app.inject({ url: '/api/front/nothing-here' }),
    };
    for (const [name, res] of Object.entries(answers)) assert.equal(res.headers['cache-control'], 'no-store', name);
  });

  test('what a route serves as public and immutable keeps its own header', async () => {
    const template = await t.app.inject({ url: '/api/front/group-template?format=csv' });
    assert.equal(template.statusCode, 200);
    assert.equal(template.headers['cache-control'], 'public, max-age=3600');
  });
});

describe('front end with history fallback', () => {
  test('a page path gets index.html, not cached', async () => {
    const res = await t.app.inject({ url: '/home/examlist', headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<div id="root">/);
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  test('the root serves index.html; hashed assets are cached for good', async () => {
    const root = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    assert.match(root.body, /Exam Ability/);
    const asset = await t.app.inject({ url: '/umi.3f2a1b9c.js' });
    assert.equal(asset.statusCode, 200);
    assert.match(String(asset.headers['cache-control']), /max-age=31536000, immutable/);
  });

  test('a page the build wrote its own document for gets it; any other page index.html', async () => {
    const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
    for (const url of ['/user/login', '/user/login/', '/User/Login?redirect=%2Fhome']) {
      const res = await page(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<h1>Log in<\/h1>/, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
    }
    for (const url of ['/user/login/extra', '/user%2Flogin', '/user/login.html', '/home']) {
      const res = await page(url);
      assert.equal(res.statusCode, 200, url);
      assert.doesNotMatch(res.body, /Log in/, url);
    }
  });

  test('a document says the language the app will show, so its shell paints in it', async () => {
    const langOf = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers.vary), /Cookie/);
      assert.match(String(res.headers.vary), /Accept-Language/);
      return /<html lang="([^"]*)"/.exec(res.body)?.[1];
    };
    for (const url of ['/', '/user/login', '/home/examlist']) {
      assert.equal(await langOf(url, {}), 'zh-CN', url);
      assert.equal(await langOf(url, { 'accept-language': 'en-GB,en;q=0.9,zh-CN;q=0.8' }), 'en-US', url);
      assert.equal(await langOf(url, { 'accept-language': 'zh-TW,zh;q=0.9' }), 'zh-CN', url);
      assert.equal(await langOf(url, { 'accept-language': 'fr-FR,fr;q=0.9' }), 'zh-CN', url);
    }
    // The language the app showed last (its cookie) wins over the browser's; a cookie that is no language does not.
    assert.equal(await langOf('/home', { 'accept-language': 'zh-CN', cookie: 'a=1; locale=en-US' }), 'en-US');
    assert.equal(await langOf('/home', { 'accept-language': 'en-US', cookie: 'locale=zh-CN' }), 'zh-CN');
    assert.equal(await langOf('/home', { 'accept-language': 'en-US', cookie: 'locale=%3Cscript%3E' }), 'en-US');
    assert.equal(await langOf('/home', { 'accept-language': 'en-US', cookie: 'oldlocale=zh-CN' }), 'en-US');
  });

  test('a document goes compressed to a browser that accepts it (brotli first, then gzip), plain to one that does not', async () => {
    const login = (encoding?: string) =>
      t.app.inject({
        url: '/user/login',
        headers: {
          accept: 'text/html',
          'accept-language': 'en-US',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const brotli = await login('gzip, deflate, br, zstd');
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers.vary), /Accept-Encoding/);
    const unbrotli = zlib.brotliDecompressSync(brotli.rawPayload).toString();
    assert.match(unbrotli, /<html lang="en-US"/);
    assert.match(unbrotli, /<h1>Log in<\/h1>/);
    assert.ok(brotli.rawPayload.length < unbrotli.length / 4);
    const gzip = await login('gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gzip.rawPayload).toString(), unbrotli);
    for (const encoding of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const plain = await login(encoding);
      assert.equal(plain.headers['content-encoding'], undefined, encoding);
      assert.equal(plain.body, unbrotli, encoding);
    }
  });

  test('a missing asset is a plain 404, not the page', async () => {
    const res = await t.app.inject({ url: '/umi.deadbeef.js', headers: { accept: '*/*' } });
    assert.equal(res.statusCode, 404);
    assert.doesNotMatch(res.body, /root/);
  });
});

describe('without a built front end', () => {
  test('non-API paths say the front end is not built; the API still works', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/home', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 404);
      assert.match(res.body, /front end is not built/);
      assert.equal((await bare.app.inject({ url: '/api/health' })).statusCode, 200);
    } finally {
      await bare.close();
    }
  });
});

describe('failures inside the server', () => {
  test('a lost database: ready answers 503 NOT_READY, queries 500 INTERNAL without leaking SQL', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const ready = await broken.app.inject({ url: '/api/ready' });
      assert.equal(ready.statusCode, 503);
      assert.equal(envelope(ready).errorCode, 'NOT_READY');
      const res = await broken.app.inject({ url: '/api/front/categories' });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(envelope(res), {
        success: false,
        errorCode: 'INTERNAL',
        errorMessage: 'Something went wrong on our side. Please try again.',
        showType: 2,
      });
      assert.doesNotMatch(res.body, /select|categories|at .*\.ts/i);
    } finally {
      await broken.close();
    }
  });
});

describe('global rate limit', () => {
  test('past RATE_LIMIT_PER_MINUTE a client gets 429 RATE_LIMITED', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', STATIC_DIR: staticDir } });
    try {
      const hit = (url: string) =>
        limited.app.inject({ url, remoteAddress: '198.51.100.1', headers: { accept: 'text/html,*/*' } });
      for (let i = 0; i < 3; i++) assert.equal((await hit('/api/health')).statusCode, 200);
      const res = await hit('/api/health');
      assert.equal(res.statusCode, 429);
      assert.equal(envelope(res).errorCode, 'RATE_LIMITED');
      assert.equal(envelope(res).showType, 1);
      // The limit guards the API: the page and its scripts still load, however many there are.
      for (let i = 0; i < 10; i++) {
        assert.equal((await hit('/user/login')).statusCode, 200);
        assert.equal((await hit('/umi.3f2a1b9c.js')).statusCode, 200);
      }
    } finally {
      await limited.close();
    }
  });
});
