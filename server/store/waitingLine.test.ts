import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LineVisit, WaitingLine } from '../domain/ports';
import { localLooks, memoryWaitingLine } from './waitingLine';

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
