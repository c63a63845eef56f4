import { createHmac, randomUUID } from 'node:crypto';
import { SMS_SIGNATURE } from '../../documents/notices';
import type { SmsProvider } from '.';

/** Alibaba Cloud Short Message Service (dysmsapi SendSms, API version 2017-05-25), its RPC signature v1. */
export interface AliyunSmsOptions {
  /** https://dysmsapi.aliyuncs.com/ (tests give a local fake). */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature, e.g. 考试能力: the carrier prints it as 【考试能力】 before the text. */
  signName: string;
  /** Approved template of login codes, with the variable ${code}. */
  otpTemplate: string;
  /** Approved template of notices, one variable ${content} holding the whole text. */
  noticeTemplate: string;
  timeoutMs?: number;
  /** The clock and the nonce of each request (tests fix them). */
  now?: () => Date;
  nonce?: () => string;
}

/** RFC 3986 percent-encoding as Alibaba Cloud signs it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The RPC signature: the parameters (Signature excepted) sorted by name, each name and value percent-encoded and
 * joined as a query; the string to sign is `<METHOD>&%2F&<that query percent-encoded again>`; the signature is
 * base64(HMAC-SHA1(secret + "&", string to sign)).
 */
export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const query = Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(query)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** A mainland mobile as SendSms takes it: the 11 digits, without +86. */
function nationalNumber(phone: string): string {
  return phone.replace(/^\+86/, '');
}

export function aliyunSms(options: AliyunSmsOptions): SmsProvider {
  const now = options.now ?? (() => new Date());
  const nonce = options.nonce ?? randomUUID;

  async function send(phone: string, templateCode: string, templateParam: Record<string, string>): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: nationalNumber(phone),
      RegionId: 'cn-hangzhou',
      SignName: options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const body = new URLSearchParams({
      ...params,
      Signature: aliyunSignature('POST', params, options.accessKeySecret),
    });
    const response = await fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!response.ok || answer.Code !== 'OK') {
      throw new Error(
        `Alibaba Cloud SMS refused (HTTP ${response.status}): ${answer.Code ?? '?'} ${answer.Message ?? ''}`,
      );
    }
  }

  return {
    name: 'aliyun',
    sendOtp: ({ phone, code }) => send(phone, options.otpTemplate, { code }),
    // The carrier adds the signature from SignName; the text must not carry it twice.
    sendNotice: (phone, text) =>
      send(phone, options.noticeTemplate, {
        content: text.startsWith(SMS_SIGNATURE) ? text.slice(SMS_SIGNATURE.length) : text,
      }),
  };
}
