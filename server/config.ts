import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AliyunSmsOptions } from './providers/sms/aliyun';

/** The secret a fresh checkout runs with; production refuses to start with it. */
export const DEV_APP_SECRET = 'dev-only-secret-change-me';

/** Shown in the footer of local and test runs, so the demo looks like a deployment; production shows none unless set. */
const DEMO_FILING_NUMBER = '京ICP备00000000号-1（演示）';

export interface EnvVarDoc {
  name: string;
  default: string;
  meaning: string;
}

/** Every environment variable the server reads, for docs/OPERATIONS.md and `.env` templates. */
export const ENV_VARS: readonly EnvVarDoc[] = [
  { name: 'APP_ENV', default: 'local', meaning: 'local | test | production. Production refuses dev-only settings.' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface the HTTP server listens on.' },
  { name: 'PORT', default: '8000', meaning: 'HTTP port (0 picks a free one).' },
  { name: 'DATA_DIR', default: './data', meaning: 'Directory of the embedded PGlite database and its lock file.' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'postgres://... of a PostgreSQL server; unset uses PGlite.' },
  {
    name: 'WORKERS',
    default: 'one fewer than the CPUs (at least 1) with DATABASE_URL, 1 on PGlite',
    meaning:
      'Server processes sharing the port (node:cluster); a dead one is restarted. PGlite is one process and ignores it.',
  },
  { name: 'REDIS_URL', default: '(unset)', meaning: 'redis://... shared by instances for rate limits and OTP pacing.' },
  {
    name: 'REDIS_PREFIX',
    default: 'exam:',
    meaning: 'Prefix of every Redis key, so deployments sharing one Redis keep apart.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'off',
    meaning:
      'Addresses or CIDRs of the proxies in front, comma-separated (loopback: a proxy on this host). Per-IP limits then take the client from X-Forwarded-For, right to left, at the first hop not listed.',
  },
  { name: 'STATIC_DIR', default: './dist', meaning: 'Built front end served at / with history fallback.' },
  {
    name: 'LOG_LEVEL',
    default: 'info (silent in test)',
    meaning: 'pino level: fatal|error|warn|info|debug|trace|silent.',
  },
  {
    name: 'SMS_PROVIDER',
    default: 'console (outside production)',
    meaning:
      'console prints codes and notices to stdout; http POSTs {phone,text} to SMS_HTTP_URL; aliyun sends through Alibaba Cloud SMS (ALIYUN_SMS_*).',
  },
  { name: 'SMS_HTTP_URL', default: '(unset)', meaning: 'SMS gateway webhook URL, required with SMS_PROVIDER=http.' },
  { name: 'SMS_HTTP_TOKEN', default: '(unset)', meaning: 'Bearer token sent to the SMS gateway.' },
  {
    name: 'ALIYUN_SMS_ENDPOINT',
    default: 'https://dysmsapi.aliyuncs.com/',
    meaning: 'Alibaba Cloud SMS (SendSms) endpoint, with SMS_PROVIDER=aliyun (tests point it at a local fake).',
  },
  { name: 'ALIYUN_SMS_ACCESS_KEY_ID', default: '(unset)', meaning: 'AccessKey ID, required with SMS_PROVIDER=aliyun.' },
  {
    name: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
    default: '(unset)',
    meaning: 'AccessKey secret that signs the requests, required with SMS_PROVIDER=aliyun.',
  },
  {
    name: 'ALIYUN_SMS_SIGN_NAME',
    default: '(unset)',
    meaning: 'Approved SMS signature (e.g. 考试能力, printed as 【考试能力】), required with SMS_PROVIDER=aliyun.',
  },
  {
    name: 'ALIYUN_SMS_TEMPLATE_OTP',
    default: '(unset)',
    meaning: 'Approved template code of login codes (one variable: code), required with SMS_PROVIDER=aliyun.',
  },
  {
    name: 'ALIYUN_SMS_TEMPLATE_NOTICE',
    default: '(unset)',
    meaning: 'Approved template code of notifications (one variable: content), required with SMS_PROVIDER=aliyun.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: e-mails are printed to stdout)',
    meaning: 'smtp(s)://user:password@host:port of the server that sends notification e-mails; required in production.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Exam Ability <no-reply@localhost>',
    meaning: 'Sender of notification e-mails (name and address); required in production.',
  },
  { name: 'APP_SECRET', default: '(dev value)', meaning: 'HMAC pepper for OTP hashes; must be set in production.' },
  { name: 'OTP_SEND_INTERVAL_S', default: '60', meaning: 'Seconds between two codes to one phone.' },
  { name: 'OTP_MAX_ATTEMPTS', default: '5', meaning: 'Wrong tries allowed per code before it locks.' },
  { name: 'OTP_TTL_S', default: '300', meaning: 'Seconds a code stays valid.' },
  { name: 'OTP_IP_HOURLY_CAP', default: '20', meaning: 'Code requests allowed per client IP per hour.' },
  { name: 'OTP_PHONE_DAILY_CAP', default: '10', meaning: 'Codes sent to one phone per 24 hours, across kinds.' },
  {
    name: 'OTP_PHONE_HOURLY_FAILURES',
    default: '10',
    meaning: 'Wrong codes per phone per hour across codes and kinds; then the phone cannot log in until the hour ends.',
  },
  { name: 'RATE_LIMIT_PER_MINUTE', default: '600', meaning: 'Requests per client IP per minute across the API.' },
  {
    name: 'VERIFY_RATE_LIMIT_PER_MINUTE',
    default: '10',
    meaning: 'Certificate look-ups (/api/verify) per client IP per minute, against enumeration.',
  },
  { name: 'TOKEN_TTL_DAYS', default: '7', meaning: 'Days an access token stays valid.' },
  { name: 'HOLD_MINUTES', default: '15', meaning: 'Minutes a pending order holds its seats.' },
  {
    name: 'SMS_QUIET_HOURS',
    default: '22-8',
    meaning:
      'Hours (from-until, on the clock of the exam concerned) in which notification SMS wait; off: none. Login codes always go.',
  },
  {
    name: 'WAITLIST_OFFER_MINUTES',
    default: '120',
    meaning: 'Minutes a seat offered to the first on a waiting list is held for them (never past registration end).',
  },
  {
    name: 'SHED_EVENT_LOOP_DELAY_MS',
    default: '250',
    meaning:
      'Event-loop delay (p99 over half a second, for a second) past which the API refuses what can wait with 503 OVERLOADED; 0 turns the check off.',
  },
  {
    name: 'SHED_HEAP_PERCENT',
    default: '90',
    meaning: "Share of V8's heap limit in use past which the API refuses what can wait; 0 turns the check off.",
  },
  {
    name: 'SHED_RSS_MB',
    default: '0 (off)',
    meaning: "Resident memory (MB) past which the API refuses what can wait; set it below the container's limit.",
  },
  { name: 'SHED_RETRY_AFTER_S', default: '5', meaning: 'Retry-After (seconds) of a refused request.' },
  { name: 'CHANGE_LOCK_HOURS', default: '72', meaning: 'Hours before an exam when bookings can no longer change.' },
  {
    name: 'WAITING_ROOM_ADMIT_PER_SECOND',
    default: '200',
    meaning:
      "Candidates a waiting room admits per second, across instances (never more per second than the exam's seats left).",
  },
  {
    name: 'WAITING_ROOM_ADMISSION_MINUTES',
    default: '10',
    meaning: 'Minutes an admission token stays valid; an admitted candidate gets a fresh one each time they ask.',
  },
  {
    name: 'PUBLIC_URL',
    default: '(the address the browser used)',
    meaning:
      'Base URL of this site as phones and payment providers reach it (QR links, notify_url); https in production.',
  },
  {
    name: 'REFUND_RETRY_BASE_S',
    default: '60',
    meaning:
      'Seconds before a refund the provider refused is tried again; each further refusal doubles the wait, up to REFUND_RETRY_MAX_S.',
  },
  {
    name: 'REFUND_RETRY_MAX_S',
    default: '21600',
    meaning: 'Longest wait, in seconds, between two tries of one refund.',
  },
  {
    name: 'REFUND_MAX_ATTEMPTS',
    default: '10',
    meaning: 'Tries of one refund before it is marked failed, for an operator to settle.',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'sandbox (outside production)',
    meaning: 'sandbox (local wallet page) or wechat (WeChat Pay API v3 Native).',
  },
  {
    name: 'HANDLING_FEE_BPS',
    default: '60',
    meaning: 'Handling charge in basis points of the discounted amount (60 = 0.6 %).',
  },
  {
    name: 'TICKET_SIGNING_KEY',
    default: '(derived from APP_SECRET)',
    meaning: 'Ed25519 private key (PKCS#8 PEM) that signs ticket tokens.',
  },
  {
    name: 'WECHATPAY_BASE_URL',
    default: 'https://api.mch.weixin.qq.com',
    meaning: 'WeChat Pay API v3 endpoint (tests point it at a local fake).',
  },
  { name: 'WECHATPAY_MCH_ID', default: '(unset)', meaning: 'Merchant id (mchid), required with wechat.' },
  { name: 'WECHATPAY_APP_ID', default: '(unset)', meaning: 'App id bound to the merchant, required with wechat.' },
  {
    name: 'WECHATPAY_MCH_SERIAL',
    default: '(unset)',
    meaning: 'Serial number of the merchant API certificate, required with wechat.',
  },
  {
    name: 'WECHATPAY_MCH_PRIVATE_KEY',
    default: '(unset)',
    meaning: 'Merchant API private key (PEM text or a file path), required with wechat.',
  },
  { name: 'WECHATPAY_APIV3_KEY', default: '(unset)', meaning: '32-byte APIv3 key that decrypts notifications.' },
  {
    name: 'WECHATPAY_PLATFORM_CERTS',
    default: '(unset)',
    meaning: 'Directory of WeChat Pay platform public keys or certificates, one <serial>.pem each.',
  },
  { name: 'COMPANY_NAME_ZH', default: '(demo name)', meaning: 'Company name in the footer (Chinese).' },
  { name: 'COMPANY_NAME_EN', default: '(demo name)', meaning: 'Company name in the footer (English).' },
  {
    name: 'ICP_FILING_NUMBER',
    default: 'a demo number (empty in production)',
    meaning: 'ICP filing number shown in the footer.',
  },
  { name: 'ICP_FILING_URL', default: 'https://beian.miit.gov.cn/', meaning: 'Link of the filing number.' },
  {
    name: 'DEMO_DATA',
    default: 'on for PGlite, off with DATABASE_URL',
    meaning: 'Load demo centers, exams and discount codes into an empty database.',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off']))
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))
  .optional();

/** Names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (10.0.0.0/8, fd00::/8) or a range name, as Fastify's `trustProxy` takes them. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off, or the addresses of the proxies in front. The client's address is then the first hop of
 * X-Forwarded-For, from the right, that is not one of them. Trusting every hop ("on") would let a client name its own
 * address and escape every per-IP limit; a hop count cannot tell the proxy from a client that connects directly and
 * writes the header itself (Fastify fails closed on one and takes the socket's address). Both are refused, by name.
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx): false | string[] => {
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    const why = ['true', 'yes', 'on'].includes(value)
      ? 'would trust every hop, so a client could name its own address in X-Forwarded-For'
      : /^\d+$/.test(value)
        ? 'is a hop count, which cannot tell the proxy from a client that connects directly and writes X-Forwarded-For'
        : 'is not a list of addresses or CIDRs';
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" ${why}: give the proxies' addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8, or loopback for a proxy on this host), or off`,
    });
    return z.NEVER;
  })
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A limit where 0 means "no limit". */
const limitOrOff = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const envSchema = z.object({
  APP_ENV: z.enum(['local', 'test', 'production']).default('local'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString,
  WORKERS: z.coerce.number().int().positive().max(64).optional(),
  REDIS_URL: optionalString,
  REDIS_PREFIX: z.string().min(1).default('exam:'),
  TRUST_PROXY: trustProxy,
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SMS_PROVIDER: z.enum(['console', 'http', 'aliyun']).optional(),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: optionalString,
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalString,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalString,
  ALIYUN_SMS_SIGN_NAME: optionalString,
  ALIYUN_SMS_TEMPLATE_OTP: optionalString,
  ALIYUN_SMS_TEMPLATE_NOTICE: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  APP_SECRET: z.string().min(1).default(DEV_APP_SECRET),
  OTP_SEND_INTERVAL_S: positiveInt(60),
  OTP_MAX_ATTEMPTS: positiveInt(5),
  OTP_TTL_S: positiveInt(300),
  OTP_IP_HOURLY_CAP: positiveInt(20),
  OTP_PHONE_DAILY_CAP: positiveInt(10),
  OTP_PHONE_HOURLY_FAILURES: positiveInt(10),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  VERIFY_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  TOKEN_TTL_DAYS: positiveInt(7),
  HOLD_MINUTES: positiveInt(15),
  WAITLIST_OFFER_MINUTES: positiveInt(120),
  SMS_QUIET_HOURS: z
    .string()
    .regex(/^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, 'from-until hours such as 22-8, or off')
    .default('22-8'),
  SHED_EVENT_LOOP_DELAY_MS: limitOrOff(250),
  SHED_HEAP_PERCENT: z.coerce.number().int().min(0).max(100).default(90),
  SHED_RSS_MB: limitOrOff(0),
  SHED_RETRY_AFTER_S: positiveInt(5),
  CHANGE_LOCK_HOURS: positiveInt(72),
  WAITING_ROOM_ADMIT_PER_SECOND: positiveInt(200),
  WAITING_ROOM_ADMISSION_MINUTES: positiveInt(10),
  PUBLIC_URL: z.url().optional(),
  REFUND_RETRY_BASE_S: positiveInt(60),
  REFUND_RETRY_MAX_S: positiveInt(21_600),
  REFUND_MAX_ATTEMPTS: positiveInt(10),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat']).optional(),
  HANDLING_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(60),
  TICKET_SIGNING_KEY: optionalString,
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCH_ID: optionalString,
  WECHATPAY_APP_ID: optionalString,
  WECHATPAY_MCH_SERIAL: optionalString,
  WECHATPAY_MCH_PRIVATE_KEY: optionalString,
  WECHATPAY_APIV3_KEY: optionalString,
  WECHATPAY_PLATFORM_CERTS: optionalString,
  COMPANY_NAME_ZH: z.string().default('北京考试能力体育科技有限公司'),
  COMPANY_NAME_EN: z.string().default('Beijing Exam Ability Sports Technology Co., Ltd.'),
  ICP_FILING_NUMBER: z.string().optional(),
  ICP_FILING_URL: z.string().default('https://beian.miit.gov.cn/'),
  DEMO_DATA: flag,
});

export interface Config {
  appEnv: 'local' | 'test' | 'production';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server processes `npm start` runs (node:cluster): 1 on PGlite, whatever WORKERS asked. */
  workers: number;
  /** WORKERS as set, so PGlite can say it ignores a value above 1. */
  workersRequested: number | undefined;
  /** Whether this process runs the background jobs: one worker of a cluster does (server/main.ts), tests never. */
  runJobs: boolean;
  /** How long one read of an exam serves the bookings of it (domain/recentExams.ts); tests read every time. */
  recentExamMs: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Fastify's trustProxy: off, or the addresses and CIDRs of the proxies in front. */
  trustProxy: false | string[];
  staticDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  sms:
    | { provider: 'console' }
    | { provider: 'http'; url: string; token: string | undefined }
    | { provider: 'aliyun'; aliyun: AliyunSmsOptions };
  /** Notification e-mails: SMTP, or printed to stdout outside production. */
  email: { provider: 'console' } | { provider: 'smtp'; url: string; from: string };
  appSecret: string;
  otp: {
    sendIntervalS: number;
    maxAttempts: number;
    ttlS: number;
    ipHourlyCap: number;
    /** Codes one phone may receive in 24 hours. */
    phoneDailyCap: number;
    /** Wrong codes one phone may be tried with in an hour, however many codes they are spread over. */
    phoneHourlyFailures: number;
  };
  rateLimitPerMinute: number;
  /** Certificate look-ups per client IP per minute (tighter than the API's limit: they must not be enumerated). */
  verifyRateLimitPerMinute: number;
  tokenTtlDays: number;
  holdMinutes: number;
  /** How long a seat offered to a waiting-list place is held for it. */
  waitlistOfferMinutes: number;
  /** Notification SMS wait from `from` to `until` o'clock on the exam's clock; null: never. */
  smsQuietHours: QuietHours | null;
  shedding: SheddingConfig;
  changeLockHours: number;
  waitingRoom: {
    /** Admissions per second for one exam, shared by every instance. */
    admitPerSecond: number;
    /** How long an admission token is valid. */
    admissionMinutes: number;
  };
  /** Base URL phones and providers reach; undefined means "the origin of the request". */
  publicUrl: string | undefined;
  refundRetry: RefundRetryConfig;
  payment: { provider: 'sandbox' } | { provider: 'wechat'; wechat: WechatPayConfig };
  handlingFeeBps: number;
  /** PKCS#8 PEM of the Ed25519 ticket key, or undefined to derive one from appSecret. */
  ticketSigningKey: string | undefined;
  site: { companyNameZh: string; companyNameEn: string; filingNumber: string; filingUrl: string };
  demoData: boolean;
}

/**
 * When the API refuses what can wait (plugins/shedding.ts): each limit, when not 0, is one reason to shed. The event
 * loop's delay says the process has more work than it can turn around; heap and resident memory say it is about to
 * run out of room.
 */
export interface SheddingConfig {
  eventLoopDelayMs: number;
  heapPercent: number;
  rssMb: number;
  retryAfterS: number;
}

/**
 * How refunds the provider refused are tried again: after baseS, then twice as long each time up to maxS, and after
 * maxAttempts tries the refund is failed (for an operator). A refund the provider is still processing is asked about
 * after as long as it has waited, within baseS and maxS.
 */
export interface RefundRetryConfig {
  baseS: number;
  maxS: number;
  maxAttempts: number;
}

export interface WechatPayConfig {
  baseUrl: string;
  mchId: string;
  appId: string;
  mchSerial: string;
  /** PEM text, or a path to a PEM file. */
  mchPrivateKey: string;
  apiV3Key: string;
  /** Directory of `<serial>.pem` platform keys or certificates. */
  platformCertsDir: string;
}

/** A setting that stops the server from starting; `main` prints the message as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from an environment (process.env by default). Throws ConfigError naming the
 * setting at fault, including the production guards: codes must really be sent and the secret must be real.
 */
/**
 * Server processes when WORKERS is unset: one core is left to what usually shares the host (PostgreSQL, Redis, the
 * proxy). Measured with npm run bench:booking (4,000 bookings, 32 connections, PostgreSQL on the same 2 cores): one
 * worker 1,801 bookings/s, 1.21 times pgbench's 1,483; two workers 1,073/s, 0.77 times its 1,395. A host that runs
 * the server alone sets WORKERS to its CPU count.
 */
export function defaultWorkers(cpus = availableParallelism()): number {
  return Math.max(1, cpus - 1);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so a blank line in an .env file keeps the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid setting ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  const smsProvider = e.SMS_PROVIDER ?? (production ? undefined : 'console');

  if (production && smsProvider === undefined) {
    throw new ConfigError('SMS_PROVIDER is missing: APP_ENV=production needs a real SMS provider (http or aliyun)');
  }
  if (production && smsProvider === 'console') {
    throw new ConfigError(
      'SMS_PROVIDER=console is not allowed with APP_ENV=production: set SMS_PROVIDER=http or aliyun',
    );
  }
  if (production && e.APP_SECRET === DEV_APP_SECRET) {
    throw new ConfigError('APP_SECRET is missing: APP_ENV=production needs its own secret (32+ random characters)');
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? (production ? undefined : 'sandbox');
  if (production && paymentProvider === undefined) {
    throw new ConfigError('PAYMENT_PROVIDER is missing: APP_ENV=production needs a real payment provider (wechat)');
  }
  if (production && paymentProvider === 'sandbox') {
    throw new ConfigError(
      'PAYMENT_PROVIDER=sandbox is not allowed with APP_ENV=production: set PAYMENT_PROVIDER=wechat',
    );
  }
  if (production && !e.PUBLIC_URL) {
    throw new ConfigError('PUBLIC_URL is missing: APP_ENV=production needs the public https address for notify_url');
  }
  if (production && e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:') {
    throw new ConfigError(
      `PUBLIC_URL=${e.PUBLIC_URL} is not https: APP_ENV=production needs the public https address (WeChat Pay posts payment and refund notifications only to an https notify_url)`,
    );
  }
  if (e.REFUND_RETRY_BASE_S > e.REFUND_RETRY_MAX_S) {
    throw new ConfigError(
      `REFUND_RETRY_BASE_S (${e.REFUND_RETRY_BASE_S}) is longer than REFUND_RETRY_MAX_S (${e.REFUND_RETRY_MAX_S}): the first wait cannot exceed the longest`,
    );
  }
  let wechat: WechatPayConfig | undefined;
  if (paymentProvider === 'wechat') {
    const required = [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_SERIAL',
      'WECHATPAY_MCH_PRIVATE_KEY',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PLATFORM_CERTS',
    ] as const;
    const missing = required.find((name) => !e[name]);
    if (missing) throw new ConfigError(`${missing} is missing: PAYMENT_PROVIDER=wechat needs it`);
    if (Buffer.byteLength(e.WECHATPAY_APIV3_KEY ?? '') !== 32) {
      throw new ConfigError('WECHATPAY_APIV3_KEY must be 32 bytes long');
    }
    wechat = {
      baseUrl: e.WECHATPAY_BASE_URL,
      mchId: e.WECHATPAY_MCH_ID ?? '',
      appId: e.WECHATPAY_APP_ID ?? '',
      mchSerial: e.WECHATPAY_MCH_SERIAL ?? '',
      mchPrivateKey: e.WECHATPAY_MCH_PRIVATE_KEY ?? '',
      apiV3Key: e.WECHATPAY_APIV3_KEY ?? '',
      platformCertsDir: e.WECHATPAY_PLATFORM_CERTS ?? '',
    };
  }
  if (smsProvider === 'http' && !e.SMS_HTTP_URL) {
    throw new ConfigError('SMS_HTTP_URL is missing: SMS_PROVIDER=http needs the gateway URL');
  }
  let aliyun: AliyunSmsOptions | undefined;
  if (smsProvider === 'aliyun') {
    const required = [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_OTP',
      'ALIYUN_SMS_TEMPLATE_NOTICE',
    ] as const;
    const missing = required.find((name) => !e[name]);
    if (missing) throw new ConfigError(`${missing} is missing: SMS_PROVIDER=aliyun needs it`);
    aliyun = {
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
      otpTemplate: e.ALIYUN_SMS_TEMPLATE_OTP ?? '',
      noticeTemplate: e.ALIYUN_SMS_TEMPLATE_NOTICE ?? '',
    };
  }
  if (production && !e.SMTP_URL) {
    throw new ConfigError('SMTP_URL is missing: APP_ENV=production sends notification e-mails through SMTP');
  }
  if (production && !e.MAIL_FROM) {
    throw new ConfigError('MAIL_FROM is missing: APP_ENV=production needs the sender of notification e-mails');
  }

  return {
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    workers: e.DATABASE_URL === undefined ? 1 : (e.WORKERS ?? defaultWorkers()),
    workersRequested: e.WORKERS,
    runJobs: e.APP_ENV !== 'test',
    recentExamMs: e.APP_ENV === 'test' ? 0 : 1000,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY ?? false,
    staticDir: path.resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL ?? (e.APP_ENV === 'test' ? 'silent' : 'info'),
    sms: aliyun
      ? { provider: 'aliyun', aliyun }
      : smsProvider === 'http'
        ? { provider: 'http', url: e.SMS_HTTP_URL ?? '', token: e.SMS_HTTP_TOKEN }
        : { provider: 'console' },
    email: e.SMTP_URL
      ? { provider: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM ?? 'Exam Ability <no-reply@localhost>' }
      : { provider: 'console' },
    appSecret: e.APP_SECRET,
    otp: {
      sendIntervalS: e.OTP_SEND_INTERVAL_S,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      ttlS: e.OTP_TTL_S,
      ipHourlyCap: e.OTP_IP_HOURLY_CAP,
      phoneDailyCap: e.OTP_PHONE_DAILY_CAP,
      phoneHourlyFailures: e.OTP_PHONE_HOURLY_FAILURES,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    verifyRateLimitPerMinute: e.VERIFY_RATE_LIMIT_PER_MINUTE,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    smsQuietHours: quietHoursOf(e.SMS_QUIET_HOURS),
    shedding: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      heapPercent: e.SHED_HEAP_PERCENT,
      rssMb: e.SHED_RSS_MB,
      retryAfterS: e.SHED_RETRY_AFTER_S,
    },
    changeLockHours: e.CHANGE_LOCK_HOURS,
    waitingRoom: {
      admitPerSecond: e.WAITING_ROOM_ADMIT_PER_SECOND,
      admissionMinutes: e.WAITING_ROOM_ADMISSION_MINUTES,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    refundRetry: { baseS: e.REFUND_RETRY_BASE_S, maxS: e.REFUND_RETRY_MAX_S, maxAttempts: e.REFUND_MAX_ATTEMPTS },
    payment: wechat ? { provider: 'wechat', wechat } : { provider: 'sandbox' },
    handlingFeeBps: e.HANDLING_FEE_BPS,
    ticketSigningKey: e.TICKET_SIGNING_KEY,
    site: {
      companyNameZh: e.COMPANY_NAME_ZH,
      companyNameEn: e.COMPANY_NAME_EN,
      filingNumber: e.ICP_FILING_NUMBER ?? (production ? '' : DEMO_FILING_NUMBER),
      filingUrl: e.ICP_FILING_URL,
    },
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
  };
}

export interface QuietHours {
  from: number;
  until: number;
}

/** `22-8` -> from 22:00 until 08:00; `off` -> none. */
function quietHoursOf(value: string): QuietHours | null {
  if (value === 'off') return null;
  const [from = 22, until = 8] = value.split('-').map(Number);
  return { from, until };
}
