import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, count, eq, inArray } from 'drizzle-orm';
import { envelope, openFileApp, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, quoteFor, readyCandidate, seatsTaken } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { orders, registrations, sandboxPayments } from '../db/schema';
import { newBookingOrder, newRegistration } from '../domain/booking';
import type { SeatOutcome } from '../domain/ports';
import { priceBooking } from '../domain/pricing';

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const REGISTER = '/api/front/student-registration';

/** One booking request as the checkout page sends it, answering the status and the envelope. */
async function register(headers: { authorization: string }, examId: string, expectedTotalFen: number, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: REGISTER,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { examId, expectedTotalFen },
  });
  return { status: res.statusCode, body: envelope(res) };
}

/** Live registrations of an exam, as the database holds them. */
async function liveRegistrations(examId: string): Promise<{ userId: string }[]> {
  return t.database.db
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.examId, examId), inArray(registrations.status, ['pending', 'register', 'checkin'])));
}

/** Counts the statements the app's batches send, from now until `stop` is called. */
function countBatchStatements() {
  const repository = t.app.repos.registrations;
  const original = repository.bookSeats;
  const sizes: number[] = [];
  repository.bookSeats = (examId, bookings) => {
    sizes.push(bookings.length);
    return original(examId, bookings);
  };
  return {
    sizes,
    stop: () => {
      repository.bookSeats = original;
    },
  };
}

/** A single booking of one seat of `exam` at its fee, as register() builds it, with the Idempotency-Key `key`. */
function bookingOf(exam: { id: string; feeFen: number }, userId: string, key: string | undefined) {
  const breakdown = priceBooking({ unitPriceFen: exam.feeFen, quantity: 1, handlingFeeBps: t.config.handlingFeeBps });
  const deps = { payment: t.app.providers.payment, config: t.config };
  return {
    registration: newRegistration(userId, exam.id, false, t.clock.now),
    order: newBookingOrder(deps, {
      userId,
      examId: exam.id,
      breakdown,
      promotion: undefined,
      referralCode: null,
      key,
      now: t.clock.now,
    }),
  };
}

describe('bookings of one exam seated many per statement', () => {
  test('a crowd larger than the exam: never more seats than capacity, the rest sold out, one seat each', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 7 });
    const crowd = await Promise.all(Array.from({ length: 20 }, () => readyCandidate(t)));
    const { totalFen } = await quoteFor(t, crowd[0]?.headers ?? { authorization: '' }, exam.id);
    const answers = await Promise.all(crowd.map((c) => register(c.headers, exam.id, totalFen)));

    assert.equal(answers.filter((a) => a.status === 200).length, 7);
    const refused = answers.filter((a) => a.status !== 200);
    assert.deepEqual(new Set(refused.map((a) => a.body.errorCode)), new Set(['SOLD_OUT']));
    assert.equal(await seatsTaken(t, exam.id), 7);
    const live = await liveRegistrations(exam.id);
    assert.equal(live.length, 7);
    assert.equal(new Set(live.map((r) => r.userId)).size, 7, 'one live registration per candidate');
    // Each seated booking's sandbox payment was written in its statement: the QR opens a ledger row of its amount.
    for (const answer of answers.filter((a) => a.status === 200)) {
      const data = answer.body.data as { order: { id: string; total: number }; payment: { qrContent: string } };
      assert.match(data.payment.qrContent, new RegExp(`/pay/sandbox/${data.order.id}$`));
      const [ledger] = await t.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderId, data.order.id));
      assert.equal(ledger?.amountFen, totalFen);
    }
  });

  test('the same Idempotency-Key twice in one burst answers one booking; another key of that candidate is refused', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 10 });
    const twice = await readyCandidate(t);
    const others = await Promise.all(Array.from({ length: 4 }, () => readyCandidate(t)));
    const { totalFen } = await quoteFor(t, twice.headers, exam.id);
    const answers = await Promise.all([
      register(twice.headers, exam.id, totalFen, 'same-key-1'),
      ...others.map((c) => register(c.headers, exam.id, totalFen)),
      register(twice.headers, exam.id, totalFen, 'same-key-1'),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200, 200],
    );
    const orderOf = (a: (typeof answers)[number] | undefined) =>
      (a?.body.data as { order: { id: string } } | undefined)?.order.id;
    assert.equal(orderOf(answers.at(-1)), orderOf(answers[0]), 'the repeated key answers the same order');
    const otherKey = await register(twice.headers, exam.id, totalFen, 'another-key');
    assert.equal(otherKey.status, 409);
    assert.equal(otherKey.body.errorCode, 'ALREADY_REGISTERED');
    assert.equal(await seatsTaken(t, exam.id), 5);
    const [ofTwice] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, twice.userId));
    assert.equal(ofTwice?.n, 1);
  });

  test('a repeated Idempotency-Key is answered its booking even when the checks would now refuse it (sold out)', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 1 });
    const candidate = await readyCandidate(t);
    const { totalFen } = await quoteFor(t, candidate.headers, exam.id);
    const first = await register(candidate.headers, exam.id, totalFen, 'only-seat');
    assert.equal(first.status, 200);
    const again = await register(candidate.headers, exam.id, totalFen, 'only-seat');
    assert.equal(again.status, 200, 'the full exam does not refuse the repeat');
    assert.deepEqual(again.body.data, first.body.data);
    const stranger = await readyCandidate(t);
    assert.equal((await register(stranger.headers, exam.id, totalFen, 'only-seat')).body.errorCode, 'SOLD_OUT');
  });

  test('a candidate who already holds a seat is refused in the batch while the others are seated', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 3 });
    const holder = await readyCandidate(t);
    await book(t, holder.headers, exam.id);
    const others = await Promise.all(Array.from({ length: 2 }, () => readyCandidate(t)));
    const { totalFen } = await quoteFor(t, holder.headers, exam.id);
    const [again, ...seated] = await Promise.all([
      register(holder.headers, exam.id, totalFen),
      ...others.map((c) => register(c.headers, exam.id, totalFen)),
    ]);
    assert.equal(again?.body.errorCode, 'ALREADY_REGISTERED');
    assert.deepEqual(
      seated.map((a) => a.status),
      [200, 200],
      'the refused booking took no seat from the others',
    );
    assert.equal(await seatsTaken(t, exam.id), 3);
  });

  test('bookings that arrive while a statement runs go together in the next one, each with its own outcome', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 4 });
    const crowd = await Promise.all(Array.from({ length: 6 }, () => readyCandidate(t)));
    const statements = countBatchStatements();
    const outcomes = await Promise.all(
      crowd.map((c, i) => t.app.seatBatches.book(bookingOf(exam, c.userId, `batch-${i}`))),
    );
    statements.stop();
    // The first found no statement running and went alone; the five that came meanwhile went in one.
    assert.deepEqual(statements.sizes, [1, 5]);
    assert.deepEqual(outcomes, ['seated', 'seated', 'seated', 'seated', 'soldOut', 'soldOut'] satisfies SeatOutcome[]);
    assert.equal(await seatsTaken(t, exam.id), 4);
  });

  test('a row colliding at insert takes no seat and fails nothing else (the statement itself)', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 5 });
    const a = await readyCandidate(t);
    const b = await readyCandidate(t);
    const booking = (userId: string, key: string) => bookingOf(exam, userId, key);
    // The batcher never puts one candidate twice in a statement; here the second row of `a` collides with the first
    // inside the statement, as a booking committed by another process meanwhile would.
    const outcomes = await t.app.repos.registrations.bookSeats(exam.id, [
      booking(a.userId, 'k1'),
      booking(a.userId, 'k2'),
      booking(b.userId, 'k3'),
    ]);
    assert.deepEqual(outcomes, ['seated', 'registered', 'seated'] satisfies SeatOutcome[]);
    assert.equal(await seatsTaken(t, exam.id), 2);
    assert.equal((await liveRegistrations(exam.id)).length, 2);

    // Asked again with a used key, or for a seated candidate: refused, and no seat is taken.
    const repeat = await t.app.repos.registrations.bookSeats(exam.id, [
      booking(b.userId, 'k3'),
      booking(a.userId, 'k4'),
    ]);
    assert.deepEqual(repeat, ['keyUsed', 'registered'] satisfies SeatOutcome[]);
    assert.equal(await seatsTaken(t, exam.id), 2);
  });

  test('sold out in the statement: the bookings past the last seat are answered sold out, in arrival order', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 2 });
    const crowd = await Promise.all(Array.from({ length: 4 }, () => readyCandidate(t)));
    const outcomes = await t.app.repos.registrations.bookSeats(
      exam.id,
      crowd.map((c) => bookingOf(exam, c.userId, undefined)),
    );
    assert.deepEqual(outcomes, ['seated', 'seated', 'soldOut', 'soldOut'] satisfies SeatOutcome[]);
    assert.equal(await seatsTaken(t, exam.id), 2);
  });
});
