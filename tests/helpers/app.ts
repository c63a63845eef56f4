import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { api, type DataOf, type EnvelopeEndpointName } from '../../contract';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { uuidv7 } from '../../server/ids';
import type { LoadMonitor } from '../../server/loadMonitor';
import type { EmailMessage, EmailProvider } from '../../server/providers/email';
import type { PaymentProvider } from '../../server/providers/payment';
import type { OtpMessage, SmsProvider } from '../../server/providers/sms';
import type { CounterStore } from '../../server/store';
import { openTestDatabase } from './db';
import { type CatalogBasics, insertCatalogBasics, insertDiscountCodes } from './fixtures';

/** An SMS provider that keeps what it sent, so tests can read the code a phone would receive and its notices. */
export function recordingSms() {
  const sent: OtpMessage[] = [];
  const notices: { phone: string; text: string }[] = [];
  const provider: SmsProvider = {
    name: 'console',
    async sendOtp(message) {
      sent.push(message);
    },
    async sendNotice(phone, text) {
      notices.push({ phone, text });
    },
  };
  return {
    provider,
    sent,
    notices,
    /** The newest code sent to this E.164 phone. */
    lastCodeFor(phone: string): string {
      const message = sent.findLast((m) => m.phone === phone);
      if (!message) throw new Error(`no code was sent to ${phone}`);
      return message.code;
    },
  };
}

/** An e-mail provider that keeps what it sent. */
export function recordingEmail() {
  const sent: EmailMessage[] = [];
  const provider: EmailProvider = {
    name: 'console',
    async send(message) {
      sent.push(message);
    },
  };
  return { provider, sent };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  sms: ReturnType<typeof recordingSms>;
  emails: ReturnType<typeof recordingEmail>;
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** A test configuration: APP_ENV=test, a temp DATA_DIR, no front end unless STATIC_DIR is given. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'exam-test-data-')),
    STATIC_DIR: path.join(os.tmpdir(), 'exam-test-no-front-end'),
    ...env,
  });
}

/** The server on a fresh database (see openTestDatabase), a recording SMS provider and a movable clock. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    store?: CounterStore;
    /** Replaces the recording provider (e.g. one that fails). */
    sms?: SmsProvider;
    logStream?: { write(line: string): void };
    /** Says when to shed load; without one the app never sheds (APP_ENV=test). */
    loadMonitor?: LoadMonitor;
    /** Replaces the configured payment provider (e.g. one whose service is down). */
    payment?: (deps: { database: Database; config: Config; now: () => Date }) => PaymentProvider;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await openTestDatabase());
  const sms = recordingSms();
  const emails = recordingEmail();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const now = () => clock.now;
  const app = await buildApp({
    config,
    database,
    sms: options.sms ?? sms.provider,
    email: emails.provider,
    store: options.store,
    now,
    logStream: options.logStream,
    loadMonitor: options.loadMonitor,
    payment: options.payment?.({ database, config, now }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    sms,
    emails,
    clock,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `run` against a server of its own (for settings the shared one of a file does not have), then closes it. */
export async function withTestApp(
  options: Parameters<typeof createTestApp>[0],
  run: (t: TestApp) => Promise<void>,
): Promise<void> {
  const t = await createTestApp(options);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

/** A route test file logs many accounts in from one address: its shared server lifts the rate and code caps. */
const NO_RATE_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000' };

/**
 * The server a whole route test file shares: opened before its first test on a database seeded with the catalog's
 * basics (and the discount codes, when asked), handed to `ready`, closed after its last test.
 */
export function openFileApp(
  ready: (file: { t: TestApp; basics: CatalogBasics }) => void,
  options: { env?: Record<string, string>; discountCodes?: boolean } = {},
): void {
  let t: TestApp | undefined;
  before(async () => {
    t = await createTestApp({ env: { ...NO_RATE_LIMITS, ...options.env } });
    const basics = await insertCatalogBasics(t.database.db);
    if (options.discountCodes) await insertDiscountCodes(t.database.db, t.clock.now);
    ready({ t, basics });
  });
  after(() => t?.close());
}

/** A multipart/form-data body holding one file part, as a browser's upload sends it. */
export function multipart(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----test${uuidv7()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A POST from a client with `auth` headers: a JSON body when `payload` is given, and any `headers` more. */
export function postAs(
  t: TestApp,
  url: string,
  auth: Record<string, string>,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A request whose body is `text` sent as JSON as it is (e.g. cut off, to be refused as MALFORMED_JSON). */
export function sendJsonText(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  auth: Record<string, string>,
  text: string,
) {
  return t.app.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload: text });
}

export interface Envelope {
  success: boolean;
  data?: unknown;
  errorCode?: string;
  errorMessage?: string;
  showType?: number;
  details?: { path: string; message: string }[];
}

export function envelope(response: LightMyRequestResponse): Envelope {
  return response.json<Envelope>();
}

/** Asserts a success envelope and parses its data with the endpoint's contract schema. */
export function dataOf<K extends EnvelopeEndpointName>(name: K, response: LightMyRequestResponse): DataOf<K> {
  const body = envelope(response);
  if (response.statusCode !== 200 || !body.success) {
    throw new Error(`expected success from ${name}, got ${response.statusCode} ${response.body}`);
  }
  return api[name].data.parse(body.data) as DataOf<K>;
}

let loginCount = 0;

/**
 * Logs a phone in through the real OTP endpoints and answers its bearer header. Each call comes from its own
 * client address, so suites that log in many users stay under the per-IP code cap.
 */
export async function loginAs(
  t: TestApp,
  phone: string,
  kind: 'individual' | 'testCenter' | 'examiner' = 'individual',
): Promise<{ authorization: string }> {
  loginCount += 1;
  const remoteAddress = `10.${(loginCount >> 16) & 255}.${(loginCount >> 8) & 255}.${loginCount & 255}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/front/otp',
    payload: { phone, kind },
    remoteAddress,
  });
  if (sent.statusCode !== 200) throw new Error(`otp for ${phone} failed: ${sent.statusCode} ${sent.body}`);
  const e164 = `+86${phone.replace(/\D/g, '').slice(-11)}`;
  const code = t.sms.lastCodeFor(e164);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/front/login',
    payload: { phone, code, kind },
    remoteAddress,
  });
  return { authorization: `Bearer ${dataOf('login', res).access_token}` };
}
