import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { aliyunSignature, aliyunSms } from './aliyun';

const SECRET = 'fake-access-key-secret';

/**
 * A fake dysmsapi on 127.0.0.1: it checks each request's signature as Alibaba Cloud does (its own encoding, written
 * apart from the adapter's) and answers OK, or SignatureDoesNotMatch, or the `refuse` code when set.
 */
async function fakeDysmsapi(refuse?: string) {
  const received: Record<string, string>[] = [];
  const encode = (value: string) =>
    encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      received.push(params);
      const { Signature, ...signed } = params;
      const canonical = Object.entries(signed)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&');
      const expected = createHmac('sha1', `${SECRET}&`)
        .update(`${req.method}&%2F&${encode(canonical)}`)
        .digest('base64');
      const code = Signature !== expected ? 'SignatureDoesNotMatch' : (refuse ?? 'OK');
      res
        .writeHead(code === 'SignatureDoesNotMatch' ? 400 : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ Code: code, Message: code === 'OK' ? 'OK' : 'refused', RequestId: 'req-1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function provider(endpoint: string, secret = SECRET) {
  return aliyunSms({
    endpoint,
    accessKeyId: 'LTAI-test',
    accessKeySecret: secret,
    signName: '考试能力',
    otpTemplate: 'SMS_OTP',
    noticeTemplate: 'SMS_NOTICE',
    now: () => new Date('2026-11-25T03:00:00.123Z'),
    nonce: () => 'nonce-1',
  });
}

describe('Alibaba Cloud SMS (SendSms)', () => {
  test('signs as the published example does', () => {
    // The example of Alibaba Cloud's "signature method" page: these parameters, secret testSecret.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    assert.equal(aliyunSignature('GET', params, 'testSecret'), 'zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  test('a notice goes to the notice template without the signature, which the carrier adds', async () => {
    const fake = await fakeDysmsapi();
    try {
      await provider(fake.url).sendNotice(
        '+8613800138000',
        '【考试能力】「汉语水平考试四级」已被考点取消 (100% refund)',
      );
      const [request] = fake.received;
      assert.equal(request?.Action, 'SendSms');
      assert.equal(request?.PhoneNumbers, '13800138000');
      assert.equal(request?.SignName, '考试能力');
      assert.equal(request?.TemplateCode, 'SMS_NOTICE');
      assert.deepEqual(JSON.parse(request?.TemplateParam ?? ''), {
        content: '「汉语水平考试四级」已被考点取消 (100% refund)',
      });
      assert.equal(request?.Timestamp, '2026-11-25T03:00:00Z');
    } finally {
      await fake.close();
    }
  });

  test('a login code goes to the code template', async () => {
    const fake = await fakeDysmsapi();
    try {
      await provider(fake.url).sendOtp({ phone: '+8613800138000', code: '012345', ttlSeconds: 300 });
      assert.equal(fake.received[0]?.TemplateCode, 'SMS_OTP');
      assert.deepEqual(JSON.parse(fake.received[0]?.TemplateParam ?? ''), { code: '012345' });
    } finally {
      await fake.close();
    }
  });

  test('a wrong secret or a refusal rejects with the answer’s code', async () => {
    const fake = await fakeDysmsapi();
    try {
      await assert.rejects(provider(fake.url, 'wrong').sendNotice('+8613800138000', 'x'), /SignatureDoesNotMatch/);
    } finally {
      await fake.close();
    }
    const throttled = await fakeDysmsapi('isv.BUSINESS_LIMIT_CONTROL');
    try {
      await assert.rejects(provider(throttled.url).sendNotice('+8613800138000', 'x'), /BUSINESS_LIMIT_CONTROL/);
    } finally {
      await throttled.close();
    }
  });
});
