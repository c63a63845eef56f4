import fp from 'fastify-plugin';
import type Redis from 'ioredis';
import type { WaitingLine } from '../domain/ports';
import { type EmailProvider, emailFromConfig } from '../providers/email';
import { type PaymentProvider, paymentProviderFromConfig } from '../providers/payment';
import { type SmsProvider, smsFromConfig } from '../providers/sms';
import { type CounterStore, createRedis, memoryStore, redisStore } from '../store';
import { localLooks, memoryWaitingLine, redisWaitingLine } from '../store/waitingLine';

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
  }
}

export interface Providers {
  /** Counters and claims: OTP pacing, per-IP caps. */
  store: CounterStore;
  /** The store's Redis when REDIS_URL made one; the global rate limit shares it. */
  redis: Redis | undefined;
  /** Waiting rooms' lines: in this process, or in the store's Redis for every instance. */
  waitingLine: WaitingLine;
  sms: SmsProvider;
  /** Notification e-mails (SMTP, or printed to stdout). */
  email: EmailProvider;
  payment: PaymentProvider;
}

export interface ProvidersOptions {
  /** Defaults to Redis when REDIS_URL is set, else in-process; a given store is closed by its owner. */
  store?: CounterStore;
  /** Defaults to the provider SMS_PROVIDER names. */
  sms?: SmsProvider;
  /** Defaults to SMTP with SMTP_URL, else the console. */
  email?: EmailProvider;
  /** Defaults to the provider PAYMENT_PROVIDER names. */
  payment?: PaymentProvider;
}

/** The outside world behind small interfaces: the counter store (memory or Redis), SMS, e-mail and payments. */
export const providersPlugin = fp<ProvidersOptions>(
  async (app, options) => {
    const { config, now } = app;
    let store = options.store;
    let redis: Redis | undefined;
    if (!store) {
      redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
      // A lost connection is retried with backoff; each failed try is one line in our log, not on stderr.
      redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis is unreachable'));
      const own = redis ? redisStore(redis, config.redisPrefix) : memoryStore(() => now().getTime());
      app.addHook('onClose', () => own.close());
      store = own;
    }
    const waitingLine = redis ? localLooks(redisWaitingLine(redis, config.redisPrefix)) : memoryWaitingLine();
    app.addHook('onClose', () => waitingLine.close());
    app.decorate('providers', {
      store,
      redis,
      waitingLine,
      sms: options.sms ?? smsFromConfig(config.sms),
      email: options.email ?? emailFromConfig(config.email),
      payment: options.payment ?? paymentProviderFromConfig(config, { db: app.database.db, now }),
    });
  },
  { name: 'providers', dependencies: ['config', 'database'] },
);
