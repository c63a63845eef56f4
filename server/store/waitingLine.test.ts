import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import type { LineVisit, WaitingLine } from '../domain/ports';
import { createRedis } from '.';
import { localLooks, memoryWaitingLine, redisWaitingLine } from './waitingLine';

/** A shared line that counts the visits reaching it. */
function countedLine(): { line: WaitingLine; visits: () => number } {
  const inner = memoryWaitingLine();
  let visits = 0;
  return {
    line: {
      visit: (visit) => {
        visits += 1;
        return inner.visit(visit);
      },
      close: () => inner.close(),
    },
    visits: () => visits,
  };
}

const START = 1_000_000;
const look = (userId: string, nowMs: number, ranksFinal = true): LineVisit => ({
  examId: 'exam',
  userId,
  admit: { nowMs, startMs: START, perSecond: 10 },
  ranksFinal,
  expiresAtMs: Date.now() + 60_000,
});

describe('looks answered in process (localLooks)', () => {
  test('once ranks are final, a look within the freshness window costs the shared line nothing and admits on time', async () => {
    const shared = countedLine();
    const line = localLooks(shared.line, 250);
    for (const user of ['a', 'b', 'c', 'd']) await line.visit({ ...look(user, START), join: 'arrival' });
    const joins = shared.visits();
    assert.deepEqual(await line.visit(look('d', START + 100)), { rank: 3, admitted: 1, length: 4 });
    assert.deepEqual(await line.visit(look('c', START + 240)), { rank: 2, admitted: 2.4, length: 4 });
    assert.equal(
      shared.visits(),
      joins,
      'places seen at the joins, looks within 250 ms of the last visit: answered here',
    );
    assert.deepEqual(await line.visit(look('d', START + 260)), { rank: 3, admitted: 2.6, length: 4 });
    assert.equal(shared.visits(), joins + 1, 'past the window the shared line is asked, and agrees');
    await line.visit(look('d', START + 400));
    assert.equal(shared.visits(), joins + 1, 'the copy it answered with is fresh again');
    await line.close();
  });

  test('joins, accounts not seen yet and looks before ranks are final always go to the shared line', async () => {
    const shared = countedLine();
    const line = localLooks(shared.line, 250);
    await line.visit({ ...look('a', START), join: 'arrival' });
    await line.visit({ ...look('b', START + 10), join: 'arrival' });
    assert.equal(shared.visits(), 2);
    await line.visit(look('c', START + 20));
    assert.equal(shared.visits(), 3, 'an account without a place seen here');
    await line.visit(look('a', START + 30, false));
    await line.visit(look('a', START + 40, false));
    assert.equal(shared.visits(), 5, 'ranks not final yet: every look is shared');
    await line.close();
  });
});

const lines: [string, () => WaitingLine][] = [['memory', () => memoryWaitingLine()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  lines.push([
    'redis',
    () => {
      const redis = createRedis(redisUrl);
      const line = redisWaitingLine(redis, `exam-test:${randomBytes(4).toString('hex')}:`);
      return { visit: line.visit, close: async () => void (await redis.quit()) };
    },
  ]);
}

for (const [name, make] of lines) {
  describe(`${name} waiting line under a crowd arriving at once`, () => {
    test('1,200 joins sent together (more than one Redis call carries) keep their order, each with its own place', async () => {
      const line = make();
      const crowd = Array.from({ length: 1200 }, (_, i) => `user-${i}`);
      const standings = await Promise.all(
        crowd.map((userId) => line.visit({ ...look(userId, START), join: 'arrival' })),
      );
      assert.deepEqual(
        standings.map((standing) => standing.rank),
        crowd.map((_, i) => i),
      );
      const again = await line.visit({ ...look('user-7', START + 1000), join: 'arrival' });
      assert.deepEqual(again, { rank: 7, admitted: 10, length: 1200 }, 'joining twice keeps the first place');
      await line.close();
    });

    test('draws before the opening rank by draw, ahead of every arrival after it; two exams are two lines', async () => {
      const line = make();
      const visits = [
        line.visit({ ...look('late', START), join: 'arrival' }),
        line.visit({ ...look('early-b', START), join: { draw: 0.9 } }),
        line.visit({ ...look('early-a', START), join: { draw: 0.1 } }),
        line.visit({ ...look('other', START), examId: 'other-exam', join: 'arrival' }),
      ];
      const [, , , other] = await Promise.all(visits);
      const rankOf = async (userId: string) => (await line.visit(look(userId, START))).rank;
      assert.deepEqual(
        [await rankOf('early-a'), await rankOf('early-b'), await rankOf('late')],
        [0, 1, 2],
        'as each visit saw it, each joined at the end; read again, the draws rank first',
      );
      assert.deepEqual(other, { rank: 0, admitted: 0, length: 1 });
      await line.close();
    });
  });
}
