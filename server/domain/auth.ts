import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AccountKind, CurrentUser, LoginResponse, OtpResponse, UserKind } from '../../contract';
import type { Config } from '../config';
import type { ActiveUser } from '../db/rows';
import type { DocumentLocale } from '../documents/messages';
import { AppError } from '../errors';
import type { SmsProvider } from '../providers/sms';
import type { CounterStore } from '../store';
import { batchedLookups } from './batched';
import { maskPhone, normalizeChinaMobile } from './phone';
import type { Repositories, SessionsRepository } from './ports';

export interface AuthDeps {
  config: Pick<Config, 'appSecret' | 'otp' | 'tokenTtlDays'>;
  repos: Pick<Repositories, 'users' | 'sessions' | 'otp'>;
  store: CounterStore;
  sms: SmsProvider;
  now: () => Date;
  /** Failures the caller should know about but the client should not see (SMS gateway errors). */
  logError: (error: unknown, message: string) => void;
}

function hashCode(secret: string, phone: string, kind: AccountKind, code: string): Buffer {
  return createHmac('sha256', secret).update(`${phone}|${kind}|${code}`).digest();
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Guesses at a phone's codes in the current hour, across its codes and kinds (ASVS V6: a new code must not bring new
 * guesses). Counted before a code is checked, so a burst of parallel guesses cannot slip past the cap.
 */
const guessesKey = (phone: string) => `otp:guesses:${phone}`;

/** Sends a fresh code; the newest code is the only one that logs in. */
export async function sendOtp(
  deps: AuthDeps,
  input: { phone: string; kind: AccountKind; ip: string },
): Promise<OtpResponse> {
  const phone = normalizeChinaMobile(input.phone);
  const { sendIntervalS, ipHourlyCap, ttlS, phoneDailyCap, phoneHourlyFailures } = deps.config.otp;

  const ipRequests = await deps.store.hit(`otp:ip:${input.ip}`, HOUR_MS);
  if (ipRequests > ipHourlyCap) {
    throw new AppError('RATE_LIMITED', undefined, undefined, undefined, 'Too many code requests from this network.');
  }
  // A phone locked for wrong guesses could not use the code: no text is sent for nothing.
  if ((await deps.store.count(guessesKey(phone))) >= phoneHourlyFailures) throw new AppError('OTP_PHONE_LOCKED');
  // Pacing is per phone, across kinds: it protects the phone's owner from a flood of texts.
  const waitMs = await deps.store.claim(`otp:phone:${phone}`, sendIntervalS * 1000);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      'OTP_TOO_SOON',
      undefined,
      undefined,
      [{ path: 'retryAfterSeconds', message: String(seconds) }],
      `A code was sent moments ago. Wait ${seconds} seconds before requesting another.`,
    );
  }

  if ((await deps.store.hit(`otp:daily:${phone}`, DAY_MS)) > phoneDailyCap) {
    throw new AppError('OTP_PHONE_DAILY_LIMIT');
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.now();
  await deps.repos.otp.insert({
    phone,
    kind: input.kind,
    codeHash: hashCode(deps.config.appSecret, phone, input.kind, code).toString('hex'),
    expiresAt: new Date(now.getTime() + ttlS * 1000),
    requesterIp: input.ip,
    createdAt: now,
  });
  try {
    await deps.sms.sendOtp({ phone, code, ttlSeconds: ttlS });
  } catch (error) {
    // Nothing reached the phone, so the user may ask again at once.
    await deps.store.release(`otp:phone:${phone}`);
    deps.logError(error, 'SMS provider failed to send a code');
    throw new AppError('SMS_SEND_FAILED');
  }
  return { sentTo: maskPhone(phone), resendAfterSeconds: sendIntervalS, expiresInSeconds: ttlS };
}

/**
 * Checks a code for a phone (E.164) and kind and uses it up; answers nothing, throws OTP_* when it does not log in.
 * A used code answers like a wrong one: telling them apart would only help someone replaying codes.
 */
export async function verifyCode(
  deps: AuthDeps,
  input: { phone: string; kind: AccountKind; code: string },
): Promise<void> {
  const { phone } = input;
  const now = deps.now();
  const { maxAttempts, phoneHourlyFailures } = deps.config.otp;
  const otp = await deps.repos.otp.latest(phone, input.kind);
  // A used code answers like a wrong one: telling them apart would only help someone replaying codes.
  if (!otp || otp.consumedAt) throw new AppError('OTP_INVALID');
  if (otp.attempts >= maxAttempts) throw new AppError('OTP_LOCKED');
  if (otp.expiresAt.getTime() <= now.getTime()) throw new AppError('OTP_EXPIRED');
  if ((await deps.store.hit(guessesKey(phone), HOUR_MS)) > phoneHourlyFailures) {
    throw new AppError('OTP_PHONE_LOCKED');
  }

  const expected = Buffer.from(otp.codeHash, 'hex');
  const given = hashCode(deps.config.appSecret, phone, input.kind, input.code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await deps.repos.otp.recordWrongAttempt(otp.id);
    throw new AppError('OTP_INVALID');
  }
  if (!(await deps.repos.otp.consume(otp.id, now, maxAttempts))) throw new AppError('OTP_INVALID');
  // The owner proved the phone: only wrong guesses since count against it.
  await deps.store.release(guessesKey(phone));
}

/** A new session for a user; answers its bearer token (stored only as a hash). */
export async function openSession(
  deps: Pick<AuthDeps, 'now' | 'config'> & { repos: { sessions: Pick<SessionsRepository, 'create'> } },
  userId: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deps.repos.sessions.create({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + deps.config.tokenTtlDays * 86_400_000),
  });
  return token;
}

/**
 * Checks the code and opens a session; the first login of a phone for a kind creates the account. The app's language
 * (`locale`), when sent, becomes the account's: notifications are written in it.
 */
export async function login(
  deps: AuthDeps,
  input: { phone: string; kind: UserKind; code: string; locale?: DocumentLocale | undefined },
): Promise<LoginResponse> {
  const phone = normalizeChinaMobile(input.phone);
  await verifyCode(deps, { ...input, phone });
  const { user, created } = await deps.repos.users.findOrCreate(phone, input.kind);
  // The app's language at login is the one notifications are then written in.
  if (input.locale && input.locale !== user.locale) await deps.repos.users.setLocale(user.id, input.locale);
  return { access_token: await openSession(deps, user.id), type: input.kind, created };
}

/** The most tokens one statement looks up; a larger crowd waits for the next statement. */
const MAX_LOOKUPS = 500;

/**
 * Bearer tokens' accounts, many per statement. A crowd arriving at once (a waiting room opening: thousands of joins a
 * second) would otherwise cost one database round trip each, and those round trips, not the lookups, were what the
 * server spent its time on (domain/batched.ts: no timer, what arrives while a statement runs goes in the next).
 * A token without a live session (none, unknown, expired, revoked, its account anonymized) is UNAUTHORIZED.
 */
export function sessionLookups(
  deps: Pick<AuthDeps, 'now'> & { repos: Pick<Repositories, 'sessions'> },
): (token: string | undefined) => Promise<ActiveUser> {
  const lookUp = batchedLookups(MAX_LOOKUPS, (tokenHashes) =>
    deps.repos.sessions.findActiveUsers(tokenHashes, deps.now()),
  );
  return async (token) => {
    if (!token) throw new AppError('UNAUTHORIZED');
    const user = await lookUp(hashToken(token));
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  };
}

/** The logged-in account as the client sees it; an operator's carries its permissions. */
export function toCurrentUser(user: ActiveUser): CurrentUser {
  const account = { id: user.id, phone: user.phone, name: user.name, avatar_small: user.avatarSmall };
  return user.kind === 'operator'
    ? { ...account, kind: 'operator', permissions: user.permissions }
    : { ...account, kind: user.kind };
}

export async function logout(
  deps: Pick<AuthDeps, 'now'> & { repos: Pick<Repositories, 'sessions'> },
  token: string,
): Promise<{ loggedOut: true }> {
  await deps.repos.sessions.revoke(hashToken(token), deps.now());
  return { loggedOut: true };
}
