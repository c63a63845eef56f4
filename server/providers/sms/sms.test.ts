import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { consoleSms, httpSms } from '.';

describe('console SMS', () => {
  test('prints exactly one line: [sms] to=<E.164> code=<6 digits>', async () => {
    const out: string[] = [];
    await consoleSms((line) => out.push(line)).sendOtp({ phone: '+8613800138000', code: '012345', ttlSeconds: 300 });
    assert.deepEqual(out, ['[sms] to=+8613800138000 code=012345\n']);
  });

  test('prints a notice as one line: [sms] to=<E.164> text=<text>, line breaks as spaces', async () => {
    const out: string[] = [];
    await consoleSms((line) => out.push(line)).sendNotice('+8613800138000', '考试已取消。\nExam canceled.');
    assert.deepEqual(out, ['[sms] to=+8613800138000 text=考试已取消。 Exam canceled.\n']);
  });
});

describe('http SMS gateway', () => {
  /** A fake gateway on 127.0.0.1 that records requests and answers `status`. */
  async function fakeGateway(status: number) {
    const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(body) });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/send`,
      received,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  test('POSTs {phone, text} as JSON with the bearer token', async () => {
    const gateway = await fakeGateway(200);
    try {
      await httpSms({ url: gateway.url, token: 'gw-token' }).sendOtp({
        phone: '+8613800138000',
        code: '654321',
        ttlSeconds: 300,
      });
      assert.equal(gateway.received.length, 1);
      const [request] = gateway.received;
      assert.equal(request?.headers.authorization, 'Bearer gw-token');
      assert.match(String(request?.headers['content-type']), /application\/json/);
      const body = request?.body as { phone: string; text: string };
      assert.equal(body.phone, '+8613800138000');
      assert.match(body.text, /654321/);
      assert.match(body.text, /5 分钟/);
    } finally {
      await gateway.close();
    }
  });

  test('a notice goes to the same gateway as {phone, text}', async () => {
    const gateway = await fakeGateway(200);
    try {
      await httpSms({ url: gateway.url, token: 'gw-token' }).sendNotice('+8613800138000', 'Exam HSK-4 canceled');
      assert.equal(gateway.received[0]?.headers.authorization, 'Bearer gw-token');
      assert.deepEqual(gateway.received[0]?.body, { phone: '+8613800138000', text: 'Exam HSK-4 canceled' });
    } finally {
      await gateway.close();
    }
  });

  test('a gateway error rejects, so the caller can tell the user', async () => {
    const gateway = await fakeGateway(503);
    try {
      await assert.rejects(
        httpSms({ url: gateway.url, token: undefined }).sendOtp({ phone: '+8613800138000', code: '1', ttlSeconds: 60 }),
        /HTTP 503/,
      );
      await assert.rejects(
        httpSms({ url: gateway.url, token: undefined }).sendNotice('+8613800138000', 'x'),
        /HTTP 503/,
      );
      assert.equal(gateway.received[0]?.headers.authorization, undefined);
    } finally {
      await gateway.close();
    }
  });
});
