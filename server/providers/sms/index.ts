import type { Config } from '../../config';
import { aliyunSms } from './aliyun';

export interface OtpMessage {
  /** E.164. */
  phone: string;
  code: string;
  ttlSeconds: number;
}

/** Delivers one-time codes and notices; each send rejects when the message was not accepted. */
export interface SmsProvider {
  readonly name: 'console' | 'http' | 'aliyun';
  sendOtp(message: OtpMessage): Promise<void>;
  /** A plain notice (an exam canceled, say) to one E.164 phone. */
  sendNotice(phone: string, text: string): Promise<void>;
}

export function otpText(message: OtpMessage): string {
  const minutes = Math.ceil(message.ttlSeconds / 60);
  return `【考试能力】您的验证码是 ${message.code}，${minutes} 分钟内有效，请勿泄露。Your Exam Ability code is ${message.code}, valid for ${minutes} minutes.`;
}

/**
 * Local development: the code is printed as exactly one line, `[sms] to=<E.164> code=<6 digits>`, which
 * tools and people grep for; a notice as `[sms] to=<E.164> text=<text>` (line breaks in the text become spaces).
 * Written straight to stdout, not through the logger, whose redaction hides codes.
 */
export function consoleSms(write: (line: string) => void = (line) => process.stdout.write(line)): SmsProvider {
  return {
    name: 'console',
    async sendOtp({ phone, code }) {
      write(`[sms] to=${phone} code=${code}\n`);
    },
    async sendNotice(phone, text) {
      write(`[sms] to=${phone} text=${text.replace(/\s*[\r\n]+\s*/g, ' ')}\n`);
    },
  };
}

/** A generic SMS gateway webhook: POST {phone, text} as JSON with a bearer token; any 2xx is accepted. */
export function httpSms(options: { url: string; token: string | undefined; timeoutMs?: number }): SmsProvider {
  async function post(phone: string, text: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(options.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone, text }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
  return {
    name: 'http',
    sendOtp: (message) => post(message.phone, otpText(message)),
    sendNotice: post,
  };
}

export function smsFromConfig(sms: Config['sms']): SmsProvider {
  switch (sms.provider) {
    case 'http':
      return httpSms({ url: sms.url, token: sms.token });
    case 'aliyun':
      return aliyunSms(sms.aliyun);
    case 'console':
      return consoleSms();
  }
}
