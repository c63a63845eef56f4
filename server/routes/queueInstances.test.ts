import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { QueueStatus } from '../../contract';
import { seedBenchExams, withBenchDatabase } from '../../scripts/lib/bench-database';
import { benchProfile, benchSession } from '../../scripts/lib/bench-load';
import { freePort, type RunningServer, startServerProcess } from '../../scripts/lib/server-process';
import { testDbKind } from '../../tests/helpers/db';
import { avatars, exams, profiles } from '../db/schema';
import { uuidv7 } from '../ids';

/**
 * Issue 14, items 2 and 4: two production server processes on one PostgreSQL and one Redis keep one waiting room.
 * Runs in the PostgreSQL pass of the suite (TEST_DB=postgres) when TEST_REDIS_URL is set too.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

if (testDbKind() === 'postgres' && databaseUrl && redisUrl) {
  test('two server processes share one line: one sequence of places, the same place on either, one admission rate', {
    timeout: 180_000,
  }, async () => {
    await withBenchDatabase(
      'postgres',
      async (bench) => {
        const database = await bench.open();
        const examId = (await seedBenchExams(database, { 'QUEUE-2': 10 })).get('QUEUE-2') ?? '';
        await database.db.update(exams).set({ waitingRoom: true }).where(eq(exams.id, examId));
        const candidates: { authorization: string }[] = [];
        for (let n = 0; n < 6; n += 1) {
          const phone = `+86137${String(n).padStart(8, '0')}`;
          const { userId, token } = await benchSession(database, { phone, kind: 'individual', name: `考生${n}` });
          const avatarId = uuidv7();
          const image = Buffer.from('photo');
          await database.db
            .insert(avatars)
            .values({ id: avatarId, userId, contentType: 'image/webp', image, small: image });
          await database.db.insert(profiles).values({ ...benchProfile(userId, n, phone), avatarId });
          candidates.push({ authorization: `Bearer ${token}` });
        }
        const servers: RunningServer[] = [];
        try {
          const env = {
            ...bench.env,
            DEMO_DATA: 'false',
            REDIS_URL: redisUrl,
            REDIS_PREFIX: `exam-test:${randomBytes(4).toString('hex')}:`,
            WAITING_ROOM_ADMIT_PER_SECOND: '1',
          };
          servers.push(await startServerProcess(await freePort(), env));
          servers.push(await startServerProcess(await freePort(), env));
          const ask = async (server: number, headers: object, method: 'POST' | 'GET') => {
            const response = await fetch(`${servers[server]?.url}/api/front/exams/${examId}/queue`, {
              method,
              headers: { ...headers },
            });
            assert.equal(response.status, 200);
            return ((await response.json()) as { data: QueueStatus }).data;
          };
          const places = [];
          for (const [i, c] of candidates.entries()) places.push((await ask(i % 2, c, 'POST')).position);
          assert.deepEqual(places, [1, 2, 3, 4, 5, 6], 'one sequence across both processes');
          for (const [i, c] of candidates.entries()) {
            assert.equal((await ask((i + 1) % 2, c, 'POST')).position, i + 1, 'the same place on the other one');
          }
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          const states = [];
          for (const [i, c] of candidates.entries()) states.push(await ask(i % 2, c, 'GET'));
          const admitted = states.filter((s) => s.state === 'admitted').length;
          assert.ok(admitted >= 2 && admitted <= 5, `one a second for both together: ${admitted} admitted`);
          assert.ok(
            states.every((s, i) => (s.state === 'admitted') === i < admitted),
            'admitted from the front',
          );

          // Admitted through the first process, the token books through the second.
          const token = states[0]?.admission?.token ?? '';
          const book = async (admissionToken?: string) => {
            const quote = await fetch(`${servers[1]?.url}/api/front/checkout/quote`, {
              method: 'POST',
              headers: { ...candidates[0], 'content-type': 'application/json' },
              body: JSON.stringify({ examId }),
            });
            const { totalFen } = ((await quote.json()) as { data: { totalFen: number } }).data;
            return fetch(`${servers[1]?.url}/api/front/student-registration`, {
              method: 'POST',
              headers: { ...candidates[0], 'content-type': 'application/json', 'idempotency-key': uuidv7() },
              body: JSON.stringify({
                examId,
                expectedTotalFen: totalFen,
                ...(admissionToken ? { admissionToken } : {}),
              }),
            });
          };
          const refused = await book();
          assert.equal(refused.status, 403);
          assert.equal(((await refused.json()) as { errorCode: string }).errorCode, 'ADMISSION_REQUIRED');
          assert.equal((await book(token)).status, 200);
        } finally {
          for (const server of servers) await server.stop();
          await database.close();
        }
      },
      databaseUrl,
    );
  });
}
