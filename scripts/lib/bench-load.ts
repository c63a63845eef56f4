import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Database } from '../../server/db/client';
import { sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/domain/auth';
import { uuidv7 } from '../../server/ids';
import { type BenchDatabaseKind, benchDatabaseKinds } from './bench-database';

/** A valid GB 11643 number (check character included) for the benchmarks' profiles. */
export const BENCH_ID_NUMBER = '11010519491231002X';

/** A complete candidate profile but for the photo: candidate `n`, reachable at `phone`. */
export function benchProfile(userId: string, n: number, phone: string) {
  return {
    userId,
    gender: 'female' as const,
    email: `candidate${n}@example.com`,
    contactPhone: phone,
    address: '测试路 1 号',
    idNumber: BENCH_ID_NUMBER,
    dateOfBirth: '1949-12-31',
    provinceCode: '11',
    cityCode: '1101',
  };
}

/** An account with a live session written straight to the database; answers its id and bearer token. */
export async function benchSession(
  database: Database,
  user: { phone: string; kind: 'individual' | 'examiner' | 'testCenter'; name: string },
): Promise<{ userId: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const userId = uuidv7();
  await database.db.insert(users).values({ id: userId, ...user });
  await database.db.insert(sessions).values({
    id: uuidv7(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { userId, token };
}

/** The `p`th percentile of ascending `sorted`, NaN when there is nothing to rank. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The server's own time of an answer, from its Server-Timing header (`app;dur=…`); NaN when it did not say. */
export function serverMs(serverTiming: string | null | undefined): number {
  const timing = /app;dur=([\d.]+)/.exec(serverTiming ?? '');
  return Number(timing?.[1] ?? Number.NaN);
}

export interface Answered {
  /** The HTTP status, 0 when the request failed. */
  status: number;
  body: Buffer;
  serverMs: number;
  roundTripMs: number;
}

/** One JSON POST to `path` of `url`'s server over a keep-alive connection of `agent`, timed from send to last byte. */
export function postJson(
  agent: http.Agent,
  url: URL,
  path: string,
  headers: Record<string, string>,
  payload: unknown,
): Promise<Answered> {
  const body = JSON.stringify(payload);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            serverMs: serverMs(String(response.headers['server-timing'] ?? '')),
            roundTripMs: performance.now() - started,
          }),
        );
      },
    );
    request.on('error', () =>
      resolve({ status: 0, body: Buffer.alloc(0), serverMs: Number.NaN, roundTripMs: performance.now() - started }),
    );
    request.end(body);
  });
}

/**
 * Sends one request per item of `items` over `connections` keep-alive connections at once, each taking the next item
 * when its answer is in. Answers what `send` answered for each, in the order answered, and the wall time in seconds.
 */
export async function overConnections<T, R>(
  baseUrl: string,
  connections: number,
  items: T[],
  send: (agent: http.Agent, url: URL, item: T) => Promise<R>,
): Promise<{ answers: R[]; seconds: number }> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers: R[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        answers.push(await send(agent, url, item));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { answers, seconds };
}

/** Runs the benchmark on each database BENCH_DATABASES names, prints `target` and exits 1 if any run missed it. */
export async function benchOnEachDatabase(runOn: (kind: BenchDatabaseKind) => Promise<boolean>, target: string) {
  let allGood = true;
  for (const kind of benchDatabaseKinds()) allGood = (await runOn(kind)) && allGood;
  console.log(`\n${target}`);
  process.exit(allGood ? 0 : 1);
}
