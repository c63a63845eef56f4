import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { dataOf, envelope, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { book, payInWallet, quoteFor, readyCandidate } from '../../tests/helpers/booking';
import { examDraft, readyCenter } from '../../tests/helpers/center';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { placesOf, seatLedger, sweepWaitlistsNow } from '../../tests/helpers/waitlist';
import { notifications } from '../db/schema';

/**
 * The waiting list under concurrent changes (run on PGlite and, with TEST_DB=postgres, on PostgreSQL): cancellations,
 * departures, declines, acceptances, offer expiries and capacity changes of one exam at once, with many waiting.
 * After each burst the seats add up: taken = live registrations + open offers, never above capacity, and while
 * anyone waits no seat is free to the public; no place is offered twice and no outsider got a seat past the line.
 */

const MINUTE = 60_000;
type Auth = Record<string, string>;
type Candidate = Awaited<ReturnType<typeof readyCandidate>>;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

/** Every answer of a burst is a success or a refusal a client understands: never a 500 (a deadlock, a lost lock). */
function assertUnderstood(res: { statusCode: number; body: string }) {
  assert.ok([200, 404, 409].includes(res.statusCode), `${res.statusCode} ${res.body}`);
}

async function assertSeatsAddUp(examId: string) {
  const ledger = await seatLedger(t, examId);
  assert.equal(
    ledger.taken,
    ledger.live + ledger.offered,
    `taken = live registrations + open offers: ${JSON.stringify(ledger)}`,
  );
  assert.ok(ledger.taken <= ledger.capacity, JSON.stringify(ledger));
  if (ledger.waiting > 0)
    assert.equal(ledger.taken, ledger.capacity, `a seat is free while people wait: ${JSON.stringify(ledger)}`);
  // Every place reached an offer at most once: one offer message per place that was ever offered.
  const places = await placesOf(t, examId);
  const everOffered = places.filter((p) => p.offeredAt !== null);
  const offers = await t.database.db
    .select({ key: notifications.dedupeKey })
    .from(notifications)
    .where(eq(notifications.event, 'waitlist.offer'));
  for (const place of everOffered) {
    assert.equal(offers.filter((o) => o.key === `waitlist.offer:${place.id}:inapp`).length, 1);
  }
  // One live place per candidate, and an accepted place names the registration that took its seat.
  const live = places.filter((p) => p.status === 'waiting' || p.status === 'offered');
  assert.equal(new Set(live.map((p) => p.userId)).size, live.length);
  for (const place of places.filter((p) => p.status === 'accepted')) assert.ok(place.registrationId);
  return ledger;
}

/** Books at the quoted price without throwing: answers the raw response. */
async function tryBook(who: { headers: Auth }, examId: string) {
  const { totalFen } = await quoteFor(t, who.headers as { authorization: string }, examId);
  return postAs(t, '/api/front/student-registration', who.headers, { examId, expectedTotalFen: totalFen });
}

async function setup(capacity: number, waitingCount: number) {
  const center = await readyCenter(t);
  const draft = examDraft(t, basics.category.id, { capacity });
  const exam = dataOf('createExam', await postAs(t, '/api/center/exams', center.auth, draft));
  const holders: (Candidate & { registrationId: string })[] = [];
  for (let n = 0; n < capacity; n += 1) {
    const candidate = await readyCandidate(t);
    const booked = await book(t, candidate.headers, exam.id);
    await payInWallet(t, booked.order.id);
    holders.push({ ...candidate, registrationId: booked.registration.id });
  }
  const line: Candidate[] = [];
  for (let n = 0; n < waitingCount; n += 1) {
    const candidate = await readyCandidate(t);
    dataOf('waitlistJoin', await postAs(t, `/api/front/exams/${exam.id}/waitlist`, candidate.headers));
    line.push(candidate);
  }
  const resize = (seats: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/center/exams/${exam.id}`,
      headers: center.auth,
      payload: { ...draft, capacity: seats },
    });
  return { exam, holders, line, resize };
}

const statusOf = async (examId: string, userId: string) =>
  (await placesOf(t, examId)).find((p) => p.userId === userId)?.status;

describe('the waiting list under concurrent changes', () => {
  test('cancels, departures, capacity changes and outsiders at once: the line gets every freed seat', async () => {
    const { exam, holders, line, resize } = await setup(5, 12);
    const outsiders = await Promise.all(Array.from({ length: 4 }, () => readyCandidate(t)));
    const answers = await Promise.all([
      ...holders.map((h) => postAs(t, `/api/front/registrations/${h.registrationId}/cancel`, h.headers)),
      ...line
        .slice(9)
        .map((c) =>
          t.app.inject({ method: 'DELETE', url: `/api/front/exams/${exam.id}/waitlist`, headers: c.headers }),
        ),
      resize(7),
      resize(6),
      resize(8),
      ...outsiders.map((o) => tryBook(o, exam.id)),
    ]);
    answers.forEach(assertUnderstood);
    // Nobody from outside the line got a seat: more wait than seats came free.
    for (const res of answers.slice(-outsiders.length)) {
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(envelope(res).errorCode, 'SOLD_OUT');
    }
    const ledger = await assertSeatsAddUp(exam.id);
    assert.equal(ledger.live, 0);
    assert.equal(ledger.offered, Math.min(ledger.capacity, 9));
    // Served in order of joining: the offers went to the first in line.
    const places = await placesOf(t, exam.id);
    const offered = places.filter((p) => p.status === 'offered').map((p) => p.userId);
    assert.deepEqual(
      offered,
      line.slice(0, offered.length).map((c) => c.userId),
    );
  });

  test('accepts, declines and expiries at once: each held seat ends with one candidate or passes on', async () => {
    const { exam, holders, line } = await setup(4, 10);
    await Promise.all(holders.map((h) => postAs(t, `/api/front/registrations/${h.registrationId}/cancel`, h.headers)));
    await assertSeatsAddUp(exam.id);
    const [a, b, c, d] = line;
    assert.ok(a && b && c && d);
    // a and b accept at once; c declines; then d's offer runs out while two sweeps, its booking and its leaving race.
    const accepting = await Promise.all([tryBook(a, exam.id), tryBook(b, exam.id), tryBook(a, exam.id)]);
    accepting.forEach(assertUnderstood);
    // b books its seat; a's two requests book one seat between them (the other is refused, holding nothing).
    assert.equal(accepting[1]?.statusCode, 200);
    assert.equal([accepting[0], accepting[2]].filter((r) => r?.statusCode === 200).length, 1);
    const declined = await t.app.inject({
      method: 'DELETE',
      url: `/api/front/exams/${exam.id}/waitlist`,
      headers: c.headers,
    });
    assertUnderstood(declined);
    await assertSeatsAddUp(exam.id);

    t.clock.advance(121 * MINUTE);
    try {
      const raced = await Promise.all([
        sweepWaitlistsNow(t),
        sweepWaitlistsNow(t),
        tryBook(d, exam.id),
        t.app.inject({ method: 'DELETE', url: `/api/front/exams/${exam.id}/waitlist`, headers: d.headers }),
      ]);
      for (const res of raced.slice(2) as { statusCode: number; body: string }[]) assertUnderstood(res);
      const ledger = await assertSeatsAddUp(exam.id);
      assert.equal(ledger.live, 2);
      // d's leaving raced the sweep: whichever came first ended the offer, once.
      assert.ok(['lapsed', 'declined'].includes((await statusOf(exam.id, d.userId)) ?? ''));
      assert.equal(await statusOf(exam.id, a.userId), 'accepted');
      assert.equal(await statusOf(exam.id, b.userId), 'accepted');
      assert.equal(await statusOf(exam.id, c.userId), 'declined');
    } finally {
      t.clock.advance(-121 * MINUTE);
    }
  });

  test('many rounds of mixed changes keep the seats adding up', async () => {
    const { exam, holders, line, resize } = await setup(6, 16);
    const booked = new Map(holders.map((h) => [h.userId, h]));
    let capacity = 6;
    for (let round = 0; round < 4; round += 1) {
      const places = await placesOf(t, exam.id);
      const offeredTo = line.filter((c) => places.some((p) => p.userId === c.userId && p.status === 'offered'));
      const cancels = [...booked.values()].slice(0, 2);
      for (const h of cancels) booked.delete(h.userId);
      capacity += round % 2 === 0 ? 1 : -1;
      const burst = await Promise.all([
        ...cancels.map((h) => postAs(t, `/api/front/registrations/${h.registrationId}/cancel`, h.headers)),
        ...offeredTo.slice(0, 1).map((c) => tryBook(c, exam.id)),
        ...offeredTo
          .slice(1, 2)
          .map((c) =>
            t.app.inject({ method: 'DELETE', url: `/api/front/exams/${exam.id}/waitlist`, headers: c.headers }),
          ),
        resize(capacity),
        sweepWaitlistsNow(t).then(() => ({ statusCode: 200, body: '' })),
      ]);
      burst.forEach(assertUnderstood);
      await assertSeatsAddUp(exam.id);
    }
  });
});
