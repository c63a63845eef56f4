import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type WechatPayConfig } from '../../config';
import {
  type LedgerDay,
  type NotificationInput,
  NotificationRejected,
  notificationHeader,
  type PaymentProvider,
  ProviderError,
  type ProviderOrderState,
  type ProviderRefundState,
  type VerifiedPayment,
} from './types';
import { parseTradeBill, TradeBillUnreadable } from './wechatBill';

/** WeChat asks to refuse signed messages whose timestamp is more than 5 minutes from ours. */
const SIGNATURE_WINDOW_S = 5 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/** WeChat's limit on `description`, in UTF-8 bytes. */
const DESCRIPTION_MAX_BYTES = 127;
/** WeChat's limit on a refund's `reason`, which the payer reads in WeChat's refund message. */
const REFUND_REASON_MAX_BYTES = 80;

/** out_trade_no allows 6-32 characters: our UUIDs go without their dashes and come back with them. */
export function outTradeNoOf(orderId: string): string {
  return orderId.replace(/-/g, '');
}

export function orderIdOf(outTradeNo: string): string | undefined {
  if (!/^[0-9a-f]{32}$/i.test(outTradeNo)) return undefined;
  const h = outTradeNo.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** RFC 3339 in China time, the form WeChat shows in its own answers (e.g. 2025-03-01T10:15:00+08:00). */
export function chinaTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > maxBytes) break;
    out += char;
  }
  return out;
}

function readPem(value: string): string {
  return value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
}

/** `<serial>.pem` files, each a public key or an X.509 certificate; the serial names the key in every signature. */
export function loadPlatformKeys(dir: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.pem')) continue;
    const pem = fs.readFileSync(path.join(dir, file), 'utf8');
    // createPublicKey would also accept a private key: refuse one here, it has no business on this directory.
    if (pem.includes('PRIVATE KEY')) throw new Error(`${file} holds a private key, not a platform key`);
    const key = pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
    keys.set(file.slice(0, -'.pem'.length), key);
  }
  return keys;
}

const transaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative() }),
});
type Transaction = z.infer<typeof transaction>;

const notificationEnvelope = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

/** A refund as WeChat answers it (create and query): `status` is SUCCESS, PROCESSING, CLOSED or ABNORMAL. */
const refundAnswer = z.object({
  refund_id: z.string().min(1),
  out_refund_no: z.string(),
  status: z.string(),
});

/** The decrypted resource of a REFUND.* notification: the state is `refund_status` there. */
const refundResource = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string().min(1),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int().nonnegative() }),
});

/**
 * WeChat's refund states: only SUCCESS has paid the money back. CLOSED and ABNORMAL (the payer's bank account
 * refused it) never will as they are: an operator settles them, in WeChat's merchant platform. Undefined for a
 * state WeChat does not document.
 */
function refundStateOf(refundId: string, status: string): ProviderRefundState | undefined {
  switch (status) {
    case 'SUCCESS':
      return { state: 'succeeded', providerRefundId: refundId };
    case 'PROCESSING':
      return { state: 'processing', providerRefundId: refundId };
    case 'CLOSED':
    case 'ABNORMAL':
      return { state: 'failed', providerRefundId: refundId, detail: `WeChat Pay refund ${status}` };
    default:
      return undefined;
  }
}

/** The trade bill's answer: where to download the day's bill, and its SHA1 to check what was downloaded. */
const tradeBillAnswer = z.object({
  hash_type: z.string(),
  hash_value: z.string(),
  download_url: z.string().url(),
});

const errorBody = z.object({ code: z.string(), message: z.string().optional() });

interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface WechatPaymentProvider extends PaymentProvider {
  readonly name: 'wechat';
}

/**
 * WeChat Pay API v3, Native payments (the candidate scans a QR with WeChat). Requests are signed with the
 * merchant key; answers and notifications are checked against the platform keys, and notifications decrypted
 * with the APIv3 key, before anything in them is believed.
 */
export function wechatPayProvider(
  config: WechatPayConfig,
  deps: { now: () => Date; fetch?: typeof fetch; timeoutMs?: number },
): WechatPaymentProvider {
  const doFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  // Loaded once at start, so a wrong path or key stops the server with the setting's name instead of failing payments.
  let merchantKey: KeyObject;
  try {
    merchantKey = createPrivateKey(readPem(config.mchPrivateKey));
  } catch {
    throw new ConfigError('WECHATPAY_MCH_PRIVATE_KEY is not a readable PEM private key (text or file path)');
  }
  let platformKeys: Map<string, KeyObject>;
  try {
    platformKeys = loadPlatformKeys(config.platformCertsDir);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    throw new ConfigError(
      `WECHATPAY_PLATFORM_CERTS is not a directory of <serial>.pem public keys or certificates${detail}`,
    );
  }
  if (platformKeys.size === 0) {
    throw new ConfigError('WECHATPAY_PLATFORM_CERTS holds no <serial>.pem file');
  }

  /** Whether a signed message (answer or notification) is genuine and fresh; the reason when not. */
  const checkSignature = (
    input: NotificationInput,
  ): { ok: true } | { ok: false; reason: 'signature' | 'timestamp'; message: string } => {
    const timestamp = notificationHeader(input, 'wechatpay-timestamp');
    const nonce = notificationHeader(input, 'wechatpay-nonce');
    const signature = notificationHeader(input, 'wechatpay-signature');
    const serial = notificationHeader(input, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) {
      return { ok: false, reason: 'signature', message: 'missing Wechatpay-Timestamp, -Nonce, -Signature or -Serial' };
    }
    const key = platformKeys.get(serial);
    if (!key) return { ok: false, reason: 'signature', message: `unknown platform key serial ${serial}` };
    const verifier = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${input.rawBody}\n`);
    if (!verifier.verify(key, signature, 'base64')) {
      return { ok: false, reason: 'signature', message: 'Wechatpay-Signature does not match' };
    }
    if (!/^\d+$/.test(timestamp) || Math.abs(deps.now().getTime() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_S) {
      return { ok: false, reason: 'timestamp', message: `Wechatpay-Timestamp ${timestamp} is outside 5 minutes` };
    }
    return { ok: true };
  };

  const authorization = (method: string, pathWithQuery: string, body: string): string => {
    const timestamp = String(Math.floor(deps.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`)
      .sign(merchantKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.mchSerial}"`;
  };

  /** One signed API call. 2xx answers must carry a valid platform signature; other statuses come back as-is. */
  const call = async (method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<ApiAnswer> => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const what = `WeChat Pay ${method} ${pathWithQuery.split('?')[0]}`;
    let response: Response;
    let rawBody: string;
    try {
      response = await doFetch(`${baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: authorization(method, pathWithQuery, body),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      rawBody = await response.text();
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
      throw new ProviderError(`${what}: ${reason} (${error instanceof Error ? error.message : String(error)})`);
    }
    let parsed: unknown;
    try {
      parsed = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      throw new ProviderError(`${what} answered HTTP ${response.status} with a body that is not JSON`);
    }
    if (response.ok) {
      const check = checkSignature({ headers: Object.fromEntries(response.headers), rawBody });
      if (!check.ok) throw new ProviderError(`${what}: answer refused, ${check.message}`);
    }
    return { status: response.status, body: parsed };
  };

  /**
   * A bill file: a signed GET of the address WeChat gave, which must be on the API's own host (the request carries
   * the merchant's signature). The file's answer is not signed; its hash is checked instead.
   */
  const downloadBill = async (address: string): Promise<Buffer> => {
    const url = new URL(address);
    if (url.origin !== new URL(baseUrl).origin) {
      throw new ProviderError(`WeChat Pay bill download_url ${url.origin} is not on ${new URL(baseUrl).origin}`);
    }
    const pathWithQuery = `${url.pathname}${url.search}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { authorization: authorization('GET', pathWithQuery, '') },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new ProviderError(`WeChat Pay bill download: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const failure = (what: string, answer: ApiAnswer): ProviderError => {
    const error = errorBody.safeParse(answer.body);
    const detail = error.success ? ` ${error.data.code}${error.data.message ? `: ${error.data.message}` : ''}` : '';
    return new ProviderError(`WeChat Pay ${what} answered HTTP ${answer.status}${detail}`);
  };

  const paymentOf = (t: Transaction): VerifiedPayment | undefined => {
    const orderId = orderIdOf(t.out_trade_no);
    const paidAt = t.success_time ? new Date(t.success_time) : undefined;
    if (!orderId || !t.transaction_id || !paidAt || Number.isNaN(paidAt.getTime())) return undefined;
    return { orderId, transactionId: t.transaction_id, amountFen: t.amount.total, paidAt };
  };

  const decrypt = (resource: z.infer<typeof notificationEnvelope>['resource']): string => {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length <= 16) throw new Error('ciphertext too short');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(config.apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    );
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  };

  /**
   * The one check of every notification, payment or refund: the platform signature over the exact body and a fresh
   * timestamp, then the envelope, then the resource decrypted with the APIv3 key (AES-256-GCM, whose tag refuses
   * any change). Answers the event type and the plaintext; throws NotificationRejected.
   */
  const openNotification = (input: NotificationInput, what: string): { eventType: string; plaintext: string } => {
    const check = checkSignature(input);
    if (!check.ok) throw new NotificationRejected(check.reason, check.message);
    let envelope: z.infer<typeof notificationEnvelope>;
    try {
      envelope = notificationEnvelope.parse(JSON.parse(input.rawBody));
    } catch {
      throw new NotificationRejected('format', `WeChat Pay ${what} notification is not an encrypted resource envelope`);
    }
    try {
      return { eventType: envelope.event_type, plaintext: decrypt(envelope.resource) };
    } catch {
      throw new NotificationRejected(
        'decrypt',
        `WeChat Pay ${what} notification resource does not decrypt with the APIv3 key`,
      );
    }
  };

  /** A refund answer (create or query) for this refund id, mapped to our states. */
  const refundStateFrom = (what: string, body: unknown, refundId: string): ProviderRefundState => {
    const parsed = refundAnswer.safeParse(body);
    if (!parsed.success || parsed.data.out_refund_no !== outTradeNoOf(refundId)) {
      throw new ProviderError(`WeChat Pay ${what} answered something that is not refund ${outTradeNoOf(refundId)}`);
    }
    const state = refundStateOf(parsed.data.refund_id, parsed.data.status);
    if (!state) throw new ProviderError(`WeChat Pay ${what} answered status ${parsed.data.status}`);
    return state;
  };

  return {
    name: 'wechat',

    async createOrder(request) {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: truncateUtf8(request.description.zh, DESCRIPTION_MAX_BYTES),
        out_trade_no: outTradeNoOf(request.orderId),
        time_expire: chinaTime(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      });
      if (answer.status !== 200) throw failure('create order', answer);
      const created = z.object({ code_url: z.string().min(1) }).safeParse(answer.body);
      if (!created.success) throw new ProviderError('WeChat Pay create order answered without code_url');
      return { qrContent: created.data.code_url };
    },

    async verifyNotification(input) {
      const { eventType, plaintext } = openNotification(input, 'payment');
      if (eventType !== 'TRANSACTION.SUCCESS') {
        throw new NotificationRejected('not_success', `WeChat Pay notification event ${eventType}`);
      }
      let t: Transaction;
      try {
        t = transaction.parse(JSON.parse(plaintext));
      } catch {
        throw new NotificationRejected('format', 'WeChat Pay notification resource is not a transaction');
      }
      if (t.mchid !== config.mchId || t.appid !== config.appId) {
        throw new NotificationRejected('merchant', `WeChat Pay notification for mchid ${t.mchid}, appid ${t.appid}`);
      }
      if (t.trade_state !== 'SUCCESS') {
        throw new NotificationRejected('not_success', `WeChat Pay notification with trade_state ${t.trade_state}`);
      }
      const payment = paymentOf(t);
      if (!payment) {
        throw new NotificationRejected(
          'format',
          'WeChat Pay notification lacks out_trade_no, transaction_id or success_time',
        );
      }
      return payment;
    },

    async queryOrder(orderId): Promise<ProviderOrderState> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${outTradeNoOf(orderId)}?mchid=${encodeURIComponent(config.mchId)}`,
      );
      if (answer.status === 404) return { state: 'unknown' };
      if (answer.status !== 200) throw failure('query order', answer);
      const parsed = transaction.safeParse(answer.body);
      if (!parsed.success || parsed.data.mchid !== config.mchId) {
        throw new ProviderError('WeChat Pay query order answered something that is not this merchant’s transaction');
      }
      switch (parsed.data.trade_state) {
        case 'SUCCESS': {
          const payment = paymentOf(parsed.data);
          if (!payment) throw new ProviderError('WeChat Pay query order: a paid transaction lacks its id or time');
          return { state: 'paid', payment };
        }
        case 'NOTPAY':
        case 'USERPAYING':
          return { state: 'pending' };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { state: 'closed' };
        default:
          // REFUND: it was paid and (partly) refunded; the domain already knows through its own refunds.
          return { state: 'unknown' };
      }
    },

    async closeOrder(orderId) {
      const answer = await call('POST', `/v3/pay/transactions/out-trade-no/${outTradeNoOf(orderId)}/close`, {
        mchid: config.mchId,
      });
      if (answer.status !== 204 && answer.status !== 200) throw failure('close order', answer);
    },

    async refund(request) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: outTradeNoOf(request.orderId),
        out_refund_no: outTradeNoOf(request.refundId),
        reason: truncateUtf8(request.reason, REFUND_REASON_MAX_BYTES),
        ...(request.notifyUrl ? { notify_url: request.notifyUrl } : {}),
        amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
      });
      if (answer.status !== 200) throw failure('refund', answer);
      return refundStateFrom('refund', answer.body, request.refundId);
    },

    async queryRefund(refundId) {
      const answer = await call('GET', `/v3/refund/domestic/refunds/${outTradeNoOf(refundId)}`);
      if (answer.status === 404) return undefined;
      if (answer.status !== 200) throw failure('query refund', answer);
      return refundStateFrom('query refund', answer.body, refundId);
    },

    async verifyRefundNotification(input) {
      const { eventType, plaintext } = openNotification(input, 'refund');
      if (!eventType.startsWith('REFUND.')) {
        throw new NotificationRejected('format', `WeChat Pay refund notification with event ${eventType}`);
      }
      let r: z.infer<typeof refundResource>;
      try {
        r = refundResource.parse(JSON.parse(plaintext));
      } catch {
        throw new NotificationRejected('format', 'WeChat Pay refund notification resource is not a refund');
      }
      if (r.mchid !== config.mchId) {
        throw new NotificationRejected('merchant', `WeChat Pay refund notification for mchid ${r.mchid}`);
      }
      // out_refund_no carries our refund id as out_trade_no carries the order id: a UUID without its dashes.
      const refundId = orderIdOf(r.out_refund_no);
      const orderId = orderIdOf(r.out_trade_no);
      const outcome = refundStateOf(r.refund_id, r.refund_status);
      if (!refundId || !orderId || !outcome || outcome.state === 'processing') {
        throw new NotificationRejected(
          'format',
          `WeChat Pay refund notification for ${r.out_refund_no} with refund_status ${r.refund_status}`,
        );
      }
      return { refundId, orderId, amountFen: r.amount.refund, outcome };
    },

    /**
     * The day's trade bill (bill_type ALL): asked for, downloaded from the address WeChat gives (only on the API's
     * own host: the download is signed with the merchant key) and checked against its SHA1. A day WeChat has not
     * published yet answers 400 NO_STATEMENT_EXIST: a ProviderError like any refusal.
     */
    async ledger(day: LedgerDay) {
      const answer = await call('GET', `/v3/bill/tradebill?bill_date=${day.date}&bill_type=ALL`);
      if (answer.status !== 200) throw failure('trade bill', answer);
      const bill = tradeBillAnswer.safeParse(answer.body);
      if (!bill.success) throw new ProviderError('WeChat Pay trade bill answered without a download_url');
      const text = await downloadBill(bill.data.download_url);
      const hash = createHash(bill.data.hash_type.toLowerCase() === 'sha1' ? 'sha1' : 'sha256')
        .update(text)
        .digest('hex');
      if (hash !== bill.data.hash_value.toLowerCase()) {
        throw new ProviderError(`WeChat Pay trade bill of ${day.date} does not match its ${bill.data.hash_type}`);
      }
      try {
        return parseTradeBill(text.toString('utf8'), orderIdOf);
      } catch (error) {
        if (!(error instanceof TradeBillUnreadable)) throw error;
        throw new ProviderError(`WeChat Pay trade bill of ${day.date}: ${error.message}`);
      }
    },

    acknowledge(accepted) {
      return accepted
        ? { status: 204, body: undefined }
        : { status: 400, body: { code: 'FAIL', message: 'notification refused' } };
    },
  };
}
