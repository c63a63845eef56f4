import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './errors';
import { answerError, installErrorHandler } from './http/errors';
import { serializeError, serializeRequest } from './http/logSerializers';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerFrontEnd } from './http/static';
import type { LoadMonitor } from './loadMonitor';
import { authPlugin } from './plugins/auth';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { eventsPlugin } from './plugins/events';
import { jobsPlugin } from './plugins/jobs';
import { providersPlugin } from './plugins/providers';
import { repositoriesPlugin } from './plugins/repositories';
import { sheddingPlugin } from './plugins/shedding';
import type { EmailProvider } from './providers/email';
import type { PaymentProvider } from './providers/payment';
import type { SmsProvider } from './providers/sms';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/booking';
import { catalogRoutes } from './routes/catalog';
import { centerRoutes } from './routes/center';
import { examinerRoutes } from './routes/examiner';
import { groupRoutes } from './routes/groups';
import { notificationRoutes } from './routes/notifications';
import { opsRoutes } from './routes/ops';
import { opsPromotionRoutes } from './routes/opsPromotions';
import { paymentRoutes } from './routes/payments';
import { profileRoutes } from './routes/profile';
import { queueRoutes } from './routes/queue';
import { resultsRoutes } from './routes/results';
import { systemRoutes } from './routes/system';
import { verifyRoutes } from './routes/verify';
import { waitlistRoutes } from './routes/waitlist';
import type { CounterStore } from './store';

export interface AppOptions {
  config: Config;
  /**
   * Opened and prepared by the caller, who also closes it (tests share one between apps); without it the app opens
   * the one the configuration names, migrates it and closes it when it closes (plugins/database.ts).
   */
  database?: Database;
  /** Defaults to Redis when REDIS_URL is set, else in-process. */
  store?: CounterStore;
  /** Defaults to the provider SMS_PROVIDER names. */
  sms?: SmsProvider;
  /** Defaults to SMTP with SMTP_URL, else the console. */
  email?: EmailProvider;
  /** Defaults to the provider PAYMENT_PROVIDER names. */
  payment?: PaymentProvider;
  now?: () => Date;
  /** Says when to shed load (plugins/shedding.ts): the process's own measures by default, none under APP_ENV=test. */
  loadMonitor?: LoadMonitor;
  /** Where log lines go (stdout by default); tests read them to prove secrets stay out. */
  logStream?: { write(line: string): void };
}

/** Log lines must never carry a bearer token, a cookie or a one-time code. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.code',
  '*.access_token',
  '*.*.code',
  '*.*.access_token',
];

/** The route modules: each registers its contract endpoints in a scope of its own. */
const ROUTES = [
  systemRoutes,
  authRoutes,
  catalogRoutes,
  profileRoutes,
  bookingRoutes,
  notificationRoutes,
  queueRoutes,
  waitlistRoutes,
  groupRoutes,
  centerRoutes,
  resultsRoutes,
  examinerRoutes,
  verifyRoutes,
  paymentRoutes,
  opsRoutes,
  opsPromotionRoutes,
];

/**
 * Builds the Fastify instance: the dependencies (plugins/), HTTP plugins, error handling, every route module and the
 * front end. If any of it fails, what was opened is closed again.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError, req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    frameworkErrors: answerError,
    // Reject absurd bodies early; uploads that need more set their own limit.
    bodyLimit: 1024 * 1024,
  });
  try {
    await registerEverything(app, options);
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

async function registerEverything(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { config } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // The API speaks JSON only; text/plain would also let a cross-site form post without a CORS preflight.
  app.removeContentTypeParser('text/plain');
  // A bodiless POST (logout) may still say application/json; an empty body is "no body", not bad JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // How long the server spent on each answer, for operators, benchmarks and the browser's network panel.
    reply.header('Server-Timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    // API answers are personal (a profile, a ticket) or current (seats left): no browser or proxy may keep them,
    // unless a route said it serves something public and immutable (avatars, logos, the group template).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // What routes and jobs depend on, each decorating the instance (see the plugins' declarations of FastifyInstance).
  await app.register(configPlugin, { config, now: options.now ?? (() => new Date()) });
  await app.register(eventsPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(providersPlugin, {
    store: options.store,
    sms: options.sms,
    email: options.email,
    payment: options.payment,
  });
  await app.register(repositoriesPlugin);
  await app.register(authPlugin);
  await app.register(jobsPlugin);
  // Before the rate limit and the routes: a request refused for overload costs no Redis round trip and no lookup.
  await app.register(sheddingPlugin, { monitor: options.loadMonitor });

  await registerSecurityHeaders(app);
  await app.register(compress);
  const { redis } = app.providers;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The limit guards the API. A page load fetches a dozen scripts and styles, and a school behind one NAT address
    // would hit it with assets alone, leaving students a blank page.
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    // Redis lost: the per-IP limit stops counting rather than failing every request, so bookings, payments and
    // check-in (PostgreSQL only) go on. Code sending still fails closed: its pacing and caps need the store.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '考试能力 Exam Ability API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const routes of ROUTES) await app.register(routes);
  await registerFrontEnd(app, config.staticDir);
}
