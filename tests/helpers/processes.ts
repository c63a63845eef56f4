import { randomBytes } from 'node:crypto';
import { seedBenchExams } from '../../scripts/lib/bench-database';
import { benchProfile } from '../../scripts/lib/bench-load';
import type { Database } from '../../server/db/client';
import { avatars, profiles, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/domain/auth';
import { uuidv7 } from '../../server/ids';

/**
 * For tests that run the server as separate processes: a migrated database holding, for each code of `plan`, an exam
 * of `seats` seats and `candidates` individuals ready to book it (complete profile, photo, live session), written
 * before any server opens it, as the benchmarks do. Answers each exam's id and its candidates' bearer tokens.
 */
export async function seedBookableExams<Code extends string>(
  database: Database,
  plan: Record<Code, { seats: number; candidates: number }>,
): Promise<Record<Code, { examId: string; tokens: string[] }>> {
  const codes = Object.keys(plan) as Code[];
  const examIds = await seedBenchExams(database, Object.fromEntries(codes.map((code) => [code, plan[code].seats])));
  const expiresAt = new Date(Date.now() + 86_400_000);
  const photo = Buffer.from('photo');
  let n = 0;
  const seeded = {} as Record<Code, { examId: string; tokens: string[] }>;
  for (const code of codes) {
    const people = Array.from({ length: plan[code].candidates }, () => {
      n += 1;
      const userId = uuidv7();
      const avatarId = uuidv7();
      const phone = `+86137${String(n).padStart(8, '0')}`;
      const token = randomBytes(32).toString('base64url');
      return {
        token,
        user: { id: userId, phone, kind: 'individual' as const, name: `考生${n}` },
        session: { id: uuidv7(), userId, tokenHash: hashToken(token), expiresAt },
        avatar: { id: avatarId, userId, contentType: 'image/webp', image: photo, small: photo },
        profile: { ...benchProfile(userId, n, phone), avatarId },
      };
    });
    const { db } = database;
    for (let start = 0; start < people.length; start += 500) {
      const batch = people.slice(start, start + 500);
      await db.insert(users).values(batch.map((p) => p.user));
      await db.insert(sessions).values(batch.map((p) => p.session));
      await db.insert(avatars).values(batch.map((p) => p.avatar));
      await db.insert(profiles).values(batch.map((p) => p.profile));
    }
    seeded[code] = { examId: examIds.get(code) ?? '', tokens: people.map((p) => p.token) };
  }
  return seeded;
}

/** An answer of a server process: its status and envelope. */
export interface ProcessAnswer {
  status: number;
  body: { success: boolean; data?: unknown; errorCode?: string };
}

/** Calls a server process over HTTP as the browser would; a refused connection answers status 0. */
export async function callProcess(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ProcessAnswer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as ProcessAnswer['body'] };
  } catch {
    return { status: 0, body: { success: false } };
  }
}

/**
 * Books `examId` for the candidate of `token` as the checkout page does: quote, then book at the quoted total.
 * `headers` go with both calls (a client address in X-Forwarded-For, say).
 */
export async function bookOverHttp(
  baseUrl: string,
  token: string,
  examId: string,
  headers: Record<string, string> = {},
): Promise<ProcessAnswer> {
  const quote = await callProcess(baseUrl, '/api/front/checkout/quote', { token, body: { examId }, headers });
  if (quote.status !== 200) return quote;
  const { totalFen } = quote.body.data as { totalFen: number };
  return callProcess(baseUrl, '/api/front/student-registration', {
    token,
    body: { examId, expectedTotalFen: totalFen },
    headers: { ...headers, 'idempotency-key': randomBytes(12).toString('hex') },
  });
}
