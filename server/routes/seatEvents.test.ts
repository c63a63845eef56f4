import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { dataOf, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, payInWallet, readyCandidate, seatsTaken, sweepNow } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { freeingSeats, releaseSeats, type SeatsFreed, seatEvents } from '../domain/seats';

const MINUTE = 60_000;

let t: TestApp;
let basics: CatalogBasics;
let heard: SeatsFreed[];
let stopListening: () => void;

openFileApp((file) => ({ t, basics } = file));

/** Listens to the app's "seats came free" event from now on; what it hears is in `heard`. */
function listen() {
  heard = [];
  stopListening = t.app.seats.onSeatsFreed((event) => {
    heard.push(event);
  });
}

afterEach(() => stopListening());

describe('seats came free', () => {
  test('a candidate cancelling a paid seat frees it once, after the cancel committed', async () => {
    const exam = await examInTenDays(t, basics);
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id);
    await payInWallet(t, booked.order.id);
    listen();

    const res = await postAs(t, `/api/front/registrations/${booked.registration.id}/cancel`, headers);
    assert.equal(dataOf('cancelRegistration', res).registration.status, 'canceled');

    assert.deepEqual(heard, [{ examId: exam.id, count: 1 }]);
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('the expiry sweep frees the seats of the holds that ran out, once per exam', async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    for (const examId of [exam.id, exam.id, other.id]) {
      const { headers } = await readyCandidate(t);
      await book(t, headers, examId);
    }
    listen();
    await sweepNow(t);
    assert.equal(heard.length, 0, 'nothing has expired yet');

    t.clock.advance(16 * MINUTE);
    assert.equal(await sweepNow(t), 3);

    const byExam = [...heard].sort((a, b) => b.count - a.count);
    assert.deepEqual(byExam, [
      { examId: exam.id, count: 2 },
      { examId: other.id, count: 1 },
    ]);
    assert.equal(await seatsTaken(t, exam.id), 0);
    assert.equal(await seatsTaken(t, other.id), 0);
  });

  test('a transaction that rolls back frees nothing and tells nobody', async () => {
    const exam = await examInTenDays(t, basics);
    const { headers } = await readyCandidate(t);
    await book(t, headers, exam.id);
    listen();

    await assert.rejects(
      freeingSeats(t.app.seats, (freed) =>
        t.app.uow.run(async (tx) => {
          await releaseSeats(tx, freed, exam.id, 1);
          throw new Error('refused after the release');
        }),
      ),
      /refused after the release/,
    );

    assert.equal(heard.length, 0);
    assert.equal(await seatsTaken(t, exam.id), 1);
  });
});

test('a listener that fails is logged and the others still hear', async () => {
  const logged: string[] = [];
  const events = seatEvents({ info() {}, warn() {}, error: (_details, message) => logged.push(message) });
  const later: SeatsFreed[] = [];
  events.onSeatsFreed(() => {
    throw new Error('listener bug');
  });
  events.onSeatsFreed(async () => {
    throw new Error('async listener bug');
  });
  const stop = events.onSeatsFreed((event) => {
    later.push(event);
  });
  events.seatsFreed({ examId: 'e', count: 2 });
  stop();
  events.seatsFreed({ examId: 'e', count: 1 });
  await new Promise((resolve) => setImmediate(resolve));

  assert.deepEqual(later, [{ examId: 'e', count: 2 }]);
  assert.deepEqual(logged, Array(4).fill('a seats-freed listener failed'));
});
