import {
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { WechatPayConfig } from '../../server/config';
import type { NotificationInput } from '../../server/providers/payment/types';
import { chinaTime, orderIdOf, outTradeNoOf } from '../../server/providers/payment/wechat';

export interface FakeOrder {
  orderId: string;
  appid: string;
  mchid: string;
  description: string;
  notifyUrl: string;
  timeExpire: string;
  totalFen: number;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId?: string;
  successTime?: string;
}

/** WeChat's refund states: PROCESSING until the money reaches the payer (SUCCESS) or cannot (CLOSED, ABNORMAL). */
export type FakeRefundStatus = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

export interface FakeRefund {
  orderId: string;
  outRefundNo: string;
  refundId: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  /** The notify_url the merchant sent with the refund, if any. */
  notifyUrl: string | undefined;
  status: FakeRefundStatus;
}

/** Ways to build a notification WeChat would never send, for the refusal tests. */
export interface NotificationOverrides {
  /** Signs with this key instead of the platform key (a forgery). */
  signWith?: KeyObject;
  serial?: string;
  /** Unix seconds of Wechatpay-Timestamp. */
  timestamp?: number;
  mchid?: string;
  appid?: string;
  amountFen?: number;
  tradeState?: string;
  eventType?: string;
  /** Encrypts with this APIv3 key instead of the merchant's. */
  apiV3Key?: string;
}

/** Ways to build a refund notification WeChat would never send (or one it would, in another state). */
export interface RefundNotificationOverrides {
  signWith?: KeyObject;
  /** Unix seconds of Wechatpay-Timestamp. */
  timestamp?: number;
  mchid?: string;
  amountFen?: number;
  /** refund_status, and the event REFUND.<status>; the refund's own status unless given. */
  status?: FakeRefundStatus;
  eventType?: string;
  /** Encrypts with this APIv3 key instead of the merchant's. */
  apiV3Key?: string;
}

interface FakeOptions {
  /** The fake's clock for response and notification timestamps; real time unless given. */
  now?: () => Date;
}

const MCH_ID = '1900000109';
/** The columns of WeChat's ALL trade bill, in its order. */
const TRADE_BILL_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
const APP_ID = 'wxd678efh567hg6787';

function pem(key: KeyObject, type: 'pkcs8' | 'spki'): string {
  return key.export({ format: 'pem', type }).toString();
}

/**
 * A local imitation of the WeChat Pay API v3 Native endpoints, with keys generated per run: it checks the
 * merchant's request signatures, keeps orders and refunds, signs every answer with its platform key, and builds
 * notifications signed and encrypted the way WeChat does.
 */
export async function startFakeWechatPay(options: FakeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = randomBytes(20).toString('hex').toUpperCase();
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const apiV3Key = randomBytes(16).toString('hex');
  const certsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-wechatpay-certs-'));
  fs.writeFileSync(path.join(certsDir, `${platformSerial}.pem`), pem(platform.publicKey, 'spki'));

  const orders = new Map<string, FakeOrder>();
  const refunds: FakeRefund[] = [];
  /** Every request that passed the signature check, newest last. */
  const requests: { method: string; path: string; body: unknown }[] = [];
  /** How the next answers are signed: `unsigned` drops the headers, `forged` signs with a stranger's key. */
  const responses = { mode: 'signed' as 'signed' | 'unsigned' | 'forged' };
  /**
   * How new refunds are answered: the status WeChat's first answer gives them, and the orders whose refunds it
   * refuses for now (403 NOT_ENOUGH: the merchant's balance cannot cover them).
   */
  const refundAnswers = { firstStatus: 'PROCESSING' as FakeRefundStatus, refusedOrders: new Set<string>() };
  const stranger = strangerKey();
  /**
   * The trade bills WeChat has published, by bill date (YYYY-MM-DD): the file's text. A date without one answers
   * 400 NO_STATEMENT_EXIST, as WeChat does before it publishes the day's bill.
   */
  const bills = new Map<string, string>();
  /** `tampered` serves every bill file with a byte more than its answer's hash covers. */
  const billDownloads = { tampered: false };

  const signHeaders = (body: string, key: KeyObject, serial: string, timestamp: number) => {
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
    };
  };

  const reply = (res: http.ServerResponse, status: number, payload?: object) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
    const timestamp = Math.floor(now().getTime() / 1000);
    if (responses.mode === 'signed')
      Object.assign(headers, signHeaders(body, platform.privateKey, platformSerial, timestamp));
    if (responses.mode === 'forged') Object.assign(headers, signHeaders(body, stranger, platformSerial, timestamp));
    res.writeHead(status, headers).end(body);
  };

  /** The merchant's Authorization header, checked exactly as WeChat does; undefined when it holds. */
  const authorizationProblem = (req: http.IncomingMessage, body: string): string | undefined => {
    const header = req.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match?.[1]) return 'missing or wrong authorization scheme';
    const fields = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const),
    );
    if (fields.mchid !== MCH_ID) return 'mchid does not match';
    if (fields.serial_no !== merchantSerial) return 'unknown merchant certificate serial';
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
    return valid ? undefined : 'signature does not verify';
  };

  const transactionOf = (order: FakeOrder) => ({
    appid: order.appid,
    mchid: order.mchid,
    out_trade_no: outTradeNoOf(order.orderId),
    trade_type: 'NATIVE',
    trade_state: order.tradeState,
    trade_state_desc: order.tradeState,
    ...(order.transactionId ? { transaction_id: order.transactionId, bank_type: 'OTHERS' } : {}),
    ...(order.successTime ? { success_time: order.successTime } : {}),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: order.totalFen, payer_total: order.totalFen, currency: 'CNY', payer_currency: 'CNY' },
  });

  /** A refund as the create and query endpoints answer it. */
  const refundAnswerOf = (refund: FakeRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    out_trade_no: outTradeNoOf(refund.orderId),
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    status: refund.status,
    ...(refund.status === 'SUCCESS' ? { success_time: chinaTime(now()) } : {}),
    create_time: chinaTime(now()),
    amount: { refund: refund.refundFen, total: refund.totalFen, currency: 'CNY' },
  });

  /** A notification as WeChat posts it: the resource encrypted with the APIv3 key, the body signed. */
  const encryptedNotification = (
    resource: object,
    kind: { originalType: string; eventType: string; summary: string },
    overrides: { signWith?: KeyObject; timestamp?: number; serial?: string; apiV3Key?: string },
  ): NotificationInput => {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = kind.originalType;
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(overrides.apiV3Key ?? apiV3Key, 'utf8'),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(associatedData));
    const encrypted = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const rawBody = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: chinaTime(now()),
      resource_type: 'encrypt-resource',
      event_type: kind.eventType,
      summary: kind.summary,
      resource: {
        original_type: kind.originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: associatedData,
        nonce,
      },
    });
    const headers = signHeaders(
      rawBody,
      overrides.signWith ?? platform.privateKey,
      overrides.serial ?? platformSerial,
      overrides.timestamp ?? Math.floor(now().getTime() / 1000),
    );
    return { headers: { 'content-type': 'application/json', ...headers }, rawBody };
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const problem = authorizationProblem(req, body);
    if (problem) return reply(res, 401, { code: 'SIGN_ERROR', message: problem });
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    requests.push({ method: req.method ?? '', path: url.pathname, body: json });

    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const orderId = orderIdOf(String(json.out_trade_no));
      const amount = json.amount as { total?: unknown } | undefined;
      if (!orderId || typeof amount?.total !== 'number' || json.mchid !== MCH_ID || json.appid !== APP_ID) {
        return reply(res, 400, { code: 'PARAM_ERROR', message: 'bad order' });
      }
      const existing = orders.get(orderId);
      if (existing && existing.tradeState !== 'NOTPAY') {
        return reply(res, 400, { code: 'ORDERPAID', message: 'order already paid or closed' });
      }
      orders.set(orderId, {
        orderId,
        appid: APP_ID,
        mchid: MCH_ID,
        description: String(json.description),
        notifyUrl: String(json.notify_url),
        timeExpire: String(json.time_expire),
        totalFen: amount.total,
        tradeState: 'NOTPAY',
      });
      return reply(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` });
    }

    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (query) {
      const order = orders.get(orderIdOf(query[1] ?? '') ?? '');
      if (!order) return reply(res, 404, { code: 'ORDER_NOT_EXIST', message: 'order does not exist' });
      if (query[2] && req.method === 'POST') {
        if (order.tradeState === 'SUCCESS') return reply(res, 400, { code: 'ORDERPAID', message: 'order paid' });
        order.tradeState = 'CLOSED';
        return reply(res, 204);
      }
      if (req.method === 'GET' && url.searchParams.get('mchid') === MCH_ID)
        return reply(res, 200, transactionOf(order));
    }

    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const order = orders.get(orderIdOf(String(json.out_trade_no)) ?? '');
      const amount = json.amount as { refund: number; total: number };
      if (order?.tradeState !== 'SUCCESS') {
        return reply(res, 400, { code: 'INVALID_REQUEST', message: 'order not paid' });
      }
      // The same out_refund_no is the same refund, in whatever state it has reached.
      const earlier = refunds.find((r) => r.outRefundNo === json.out_refund_no);
      if (earlier) return reply(res, 200, refundAnswerOf(earlier));
      if (refundAnswers.refusedOrders.has(order.orderId)) {
        return reply(res, 403, { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' });
      }
      const refunded = refunds.filter((r) => r.orderId === order.orderId).reduce((sum, r) => sum + r.refundFen, 0);
      if (amount.total !== order.totalFen || refunded + amount.refund > order.totalFen) {
        return reply(res, 400, { code: 'INVALID_REQUEST', message: 'refund exceeds what was paid' });
      }
      const refund: FakeRefund = {
        orderId: order.orderId,
        outRefundNo: String(json.out_refund_no),
        refundId: `50000${randomBytes(12).toString('hex')}`,
        refundFen: amount.refund,
        totalFen: amount.total,
        reason: String(json.reason ?? ''),
        notifyUrl: typeof json.notify_url === 'string' ? json.notify_url : undefined,
        status: refundAnswers.firstStatus,
      };
      refunds.push(refund);
      return reply(res, 200, refundAnswerOf(refund));
    }

    if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? '';
      const bill = bills.get(date);
      if (bill === undefined || url.searchParams.get('bill_type') !== 'ALL') {
        return reply(res, 400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' });
      }
      return reply(res, 200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(bill).digest('hex'),
        download_url: `${baseUrl}/v3/billdownload/file?token=${encodeURIComponent(date)}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      // WeChat answers the file itself, unsigned: its hash in the bill's answer is the check.
      const bill = bills.get(url.searchParams.get('token') ?? '') ?? '';
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end(billDownloads.tampered ? `${bill}\n` : bill);
      return;
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundQuery) {
      const refund = refunds.find((r) => r.outRefundNo === refundQuery[1]);
      if (!refund) return reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return reply(res, 200, refundAnswerOf(refund));
    }
    return reply(res, 404, { code: 'NOT_FOUND', message: `no fake for ${req.method} ${url.pathname}` });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let stopping: Promise<void> | undefined;
  const stopServer = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopping;
  };

  const config: WechatPayConfig = {
    baseUrl,
    mchId: MCH_ID,
    appId: APP_ID,
    mchSerial: merchantSerial,
    mchPrivateKey: pem(merchant.privateKey, 'pkcs8'),
    apiV3Key,
    platformCertsDir: certsDir,
  };

  const orderOf = (orderId: string): FakeOrder => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the fake WeChat Pay has no order ${orderId}`);
    return order;
  };

  /** Our refund's record at the fake, by our refund id. */
  const refundOf = (refundId: string): FakeRefund => {
    const refund = refunds.find((r) => r.outRefundNo === outTradeNoOf(refundId));
    if (!refund) throw new Error(`the fake WeChat Pay has no refund ${refundId}`);
    return refund;
  };

  return {
    baseUrl,
    config,
    /** Settings for testConfig(env): PAYMENT_PROVIDER=wechat against this fake. */
    env: {
      PAYMENT_PROVIDER: 'wechat',
      WECHATPAY_BASE_URL: baseUrl,
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_MCH_SERIAL: merchantSerial,
      WECHATPAY_MCH_PRIVATE_KEY: config.mchPrivateKey,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_CERTS: certsDir,
    } satisfies Record<string, string>,
    platformSerial,
    orders,
    refunds,
    requests,
    responses,
    refundAnswers,
    bills,
    billDownloads,
    order: orderOf,

    /**
     * The trade bill WeChat would publish for `date` of these orders and refunds (as they are now): one backquoted
     * row each in the ALL bill's columns, then the totals.
     */
    publishBill(date: string, items: { orders: FakeOrder[]; refunds: FakeRefund[] }): string {
      const yuan = (fen: number) => (fen / 100).toFixed(2);
      const row = (fields: string[]) => fields.map((field) => `\`${field}`).join(',');
      const lines = [
        TRADE_BILL_HEADER,
        ...items.orders.map((order) =>
          row([
            `${date} 10:00:00`,
            APP_ID,
            MCH_ID,
            '0',
            '',
            order.transactionId ?? '',
            outTradeNoOf(order.orderId),
            'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
            'NATIVE',
            order.tradeState,
            'OTHERS',
            'CNY',
            yuan(order.totalFen),
            '0.00',
            '0',
            '0',
            '0.00',
            '0.00',
            '',
            '',
            '考试报名, 2026',
            '',
            '0.00000',
            '0.60%',
            yuan(order.totalFen),
            '0.00',
            '',
          ]),
        ),
        ...items.refunds.map((refund) =>
          row([
            `${date} 11:00:00`,
            APP_ID,
            MCH_ID,
            '0',
            '',
            orders.get(refund.orderId)?.transactionId ?? '',
            outTradeNoOf(refund.orderId),
            'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
            'NATIVE',
            'REFUND',
            'OTHERS',
            'CNY',
            '0.00',
            '0.00',
            refund.refundId,
            refund.outRefundNo,
            yuan(refund.refundFen),
            '0.00',
            'ORIGINAL',
            refund.status,
            '考试报名',
            '',
            '0.00000',
            '0.60%',
            '0.00',
            yuan(refund.refundFen),
            '',
          ]),
        ),
        '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
        row([String(items.orders.length), '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']),
      ];
      const text = `${lines.join('\r\n')}\r\n`;
      bills.set(date, text);
      return text;
    },

    /** The candidate pays in WeChat: the order turns SUCCESS with a transaction id. */
    pay(orderId: string): FakeOrder {
      const order = orderOf(orderId);
      order.tradeState = 'SUCCESS';
      order.transactionId ??= `4200${randomBytes(12).toString('hex')}`;
      order.successTime ??= chinaTime(now());
      return order;
    },

    closed(orderId: string): boolean {
      return orders.get(orderId)?.tradeState === 'CLOSED';
    },

    /** The TRANSACTION.SUCCESS notification WeChat would POST to notify_url for a paid order. */
    notificationFor(orderId: string, overrides: NotificationOverrides = {}): NotificationInput {
      const order = orderOf(orderId);
      const resource = {
        ...transactionOf(order),
        mchid: overrides.mchid ?? order.mchid,
        appid: overrides.appid ?? order.appid,
        trade_state: overrides.tradeState ?? order.tradeState,
        transaction_id: order.transactionId ?? `4200${randomBytes(12).toString('hex')}`,
        success_time: order.successTime ?? chinaTime(now()),
        amount: {
          total: overrides.amountFen ?? order.totalFen,
          payer_total: overrides.amountFen ?? order.totalFen,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      const kind = {
        originalType: 'transaction',
        eventType: overrides.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
      };
      return encryptedNotification(resource, kind, overrides);
    },

    refund: refundOf,

    /** WeChat finishes a refund: the money reached the payer (SUCCESS) or could not (CLOSED, ABNORMAL). */
    settleRefund(refundId: string, status: FakeRefundStatus): FakeRefund {
      const refund = refundOf(refundId);
      refund.status = status;
      return refund;
    },

    /** The REFUND.<status> notification WeChat posts to a refund's notify_url once it is finished. */
    refundNotificationFor(refundId: string, overrides: RefundNotificationOverrides = {}): NotificationInput {
      const refund = refundOf(refundId);
      const status = overrides.status ?? refund.status;
      const amountFen = overrides.amountFen ?? refund.refundFen;
      const resource = {
        mchid: overrides.mchid ?? MCH_ID,
        out_trade_no: outTradeNoOf(refund.orderId),
        transaction_id: orders.get(refund.orderId)?.transactionId ?? '',
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: status,
        ...(status === 'SUCCESS' ? { success_time: chinaTime(now()) } : {}),
        user_received_account: '支付用户零钱',
        amount: { total: refund.totalFen, refund: amountFen, payer_total: refund.totalFen, payer_refund: amountFen },
      };
      const kind = {
        originalType: 'refund',
        eventType: overrides.eventType ?? `REFUND.${status}`,
        summary: status === 'SUCCESS' ? '退款成功' : '退款异常',
      };
      return encryptedNotification(resource, kind, overrides);
    },

    async close(): Promise<void> {
      await stopServer();
      fs.rmSync(certsDir, { recursive: true, force: true });
    },

    /** Stops answering but keeps the keys on disk: the provider sees an unreachable WeChat Pay. */
    stop: stopServer,
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;

/** A private key WeChat never issued, to forge signatures with. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}
