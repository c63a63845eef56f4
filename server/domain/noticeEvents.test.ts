import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { api } from '../../contract';
import { dataOf, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { book, payInWallet, readyCandidate, sandboxOf } from '../../tests/helpers/booking';
import { createCenterExam, examDraft, readyCenter } from '../../tests/helpers/center';
import { type CatalogBasics, insertResult, userIdOf } from '../../tests/helpers/fixtures';
import { outboxOf } from '../../tests/helpers/notifications';
import { exams, orders, refunds, registrations, users } from '../db/schema';
import { bookingDeps } from '../plugins/domainDeps';
import { updateExam } from './centerExams';
import { newCertificateNumber } from './certificates';
import { cancelExam } from './examCancel';
import { applyVerifiedPayment, followUpRefunds } from './payments';
import type { UnitOfWork } from './ports';
import { publishResults } from './results';

/**
 * Each business change writes its notices in its own transaction: they exist when it committed, and when the outbox
 * write fails the change itself is rolled back (nothing half done: no change without its notice, no notice without
 * its change).
 */
let t: TestApp;
let basics: CatalogBasics;
openFileApp((file) => ({ t, basics } = file), { env: { CHANGE_LOCK_HOURS: '1' } });

/** The app's unit of work, but writing to the outbox fails: what a failure after the change's own writes does. */
function failingOutbox(uow: UnitOfWork): UnitOfWork {
  return {
    run: (work) =>
      uow.run((tx) => {
        const notifications = {
          ...tx.notifications,
          async enqueue() {
            throw new Error('outbox unavailable');
          },
        };
        return work(Object.create(tx, { notifications: { value: notifications } }));
      }),
  };
}

const eventsOf = async (userId: string, event: string) =>
  (await outboxOf(t, userId))
    .filter((row) => row.event === event)
    .map((row) => row.channel)
    .sort();

async function userRow(phone: string, kind: 'testCenter' | 'individual') {
  const id = await userIdOf(t.database.db, phone, kind);
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row;
}

async function centerWithPaidCandidate() {
  const center = await readyCenter(t);
  const exam = await createCenterExam(t, center.auth, basics.category.id);
  const candidate = await readyCandidate(t);
  const booked = await book(t, candidate.headers, exam.id);
  return { center, exam, candidate, booked };
}

describe('notices are written in the transaction of their change', () => {
  test('booking paid: told with the payment, or neither', async () => {
    const { candidate, booked } = await centerWithPaidCandidate();
    const payment = {
      orderId: booked.order.id,
      transactionId: 'tx-1',
      amountFen: booked.order.breakdown.totalFen,
      paidAt: t.clock.now,
    };
    const failing = { ...bookingDeps(t.app), payment: sandboxOf(t), uow: failingOutbox(t.app.uow) };
    await assert.rejects(applyVerifiedPayment(failing, payment), /outbox unavailable/);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
    assert.equal(order?.status, 'pending', 'the payment was rolled back with its notice');
    assert.deepEqual(await eventsOf(candidate.userId, 'booking.paid'), []);

    await payInWallet(t, booked.order.id);
    assert.deepEqual(await eventsOf(candidate.userId, 'booking.paid'), ['email', 'inapp', 'sms']);
    await payInWallet(t, booked.order.id);
    assert.deepEqual(await eventsOf(candidate.userId, 'booking.paid'), ['email', 'inapp', 'sms'], 'told once');
  });

  test('refund completed: counted as refunded with its notice, or still owed and tried again', async () => {
    const { candidate, booked } = await centerWithPaidCandidate();
    await payInWallet(t, booked.order.id);
    const refund = await t.app.uow.run((tx) =>
      tx.refunds.owePaymentBack(booked.order.id, 1000, 'canceled', t.clock.now),
    );
    assert.ok(refund);
    const quiet = { info() {}, warn() {}, error() {} };
    const deps = { ...bookingDeps(t.app), payment: sandboxOf(t), log: quiet };
    await followUpRefunds({ ...deps, uow: failingOutbox(t.app.uow) });
    const [owed] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    assert.equal(owed?.status, 'requested', 'not counted as refunded without its notice');
    assert.deepEqual(await eventsOf(candidate.userId, 'refund.completed'), []);

    t.clock.advance(3 * 60_000); // past the claim's lease
    await followUpRefunds(deps);
    const [done] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    assert.equal(done?.status, 'succeeded');
    assert.deepEqual(await eventsOf(candidate.userId, 'refund.completed'), ['email', 'inapp', 'sms']);
  });

  test('exam canceled: the candidates are told with the cancellation, or it does not happen', async () => {
    const { center, exam, candidate, booked } = await centerWithPaidCandidate();
    await payInWallet(t, booked.order.id);
    const user = await userRow(center.phone, 'testCenter');
    await assert.rejects(
      cancelExam({ ...bookingDeps(t.app), uow: failingOutbox(t.app.uow) }, user, exam.id),
      /outbox unavailable/,
    );
    const [row] = await t.database.db.select().from(exams).where(eq(exams.id, exam.id));
    assert.equal(row?.status, 'active');
    assert.deepEqual(await eventsOf(candidate.userId, 'exam.canceled'), []);

    dataOf('cancelExam', await postAs(t, `/api/center/exams/${exam.id}/cancel`, center.auth));
    assert.deepEqual(await eventsOf(candidate.userId, 'exam.canceled'), ['email', 'inapp', 'sms']);
    // The sandbox refunds at once: the refund's completion is told too.
    assert.deepEqual(await eventsOf(candidate.userId, 'refund.completed'), ['email', 'inapp', 'sms']);
  });

  test('exam changed: a new time or place is told to paid candidates with the edit; other edits tell nobody', async () => {
    const { center, exam, candidate, booked } = await centerWithPaidCandidate();
    await payInWallet(t, booked.order.id);
    const unpaid = await readyCandidate(t);
    await book(t, unpaid.headers, exam.id);
    const user = await userRow(center.phone, 'testCenter');
    const startsAt = new Date(Date.parse(exam.startsAt) + 3_600_000);
    const draft = examDraft(t, basics.category.id, {
      code: exam.code,
      startsAt: startsAt.toISOString(),
      registrationEndsAt: new Date(startsAt.getTime() - 86_400_000).toISOString(),
    });
    await assert.rejects(
      updateExam(
        { ...bookingDeps(t.app), uow: failingOutbox(t.app.uow) },
        user,
        exam.id,
        api.updateExam.body.parse(draft),
      ),
      /outbox unavailable/,
    );
    const [before] = await t.database.db.select().from(exams).where(eq(exams.id, exam.id));
    assert.equal(before?.startsAt.toISOString(), new Date(exam.startsAt).toISOString(), 'the edit was rolled back');

    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/center/exams/${exam.id}`, headers: center.auth, payload: body });
    assert.equal((await put({ ...draft, feeFen: 10000, capacity: 40 })).statusCode, 200);
    assert.deepEqual(await eventsOf(candidate.userId, 'exam.changed'), ['email', 'inapp', 'sms']);
    assert.deepEqual(await eventsOf(unpaid.userId, 'exam.changed'), [], 'an unpaid hold is not told');
    assert.equal((await put({ ...draft, capacity: 50 })).statusCode, 200);
    assert.equal((await eventsOf(candidate.userId, 'exam.changed')).length, 3, 'a capacity change is no news');
  });

  test('results published: told with the publication, or it does not happen', async () => {
    const { center, exam, candidate, booked } = await centerWithPaidCandidate();
    await payInWallet(t, booked.order.id);
    await t.database.db
      .update(registrations)
      .set({ status: 'checkin', checkedInAt: t.clock.now })
      .where(eq(registrations.id, booked.registration.id));
    await insertResult(t.database.db, booked.registration.id, { outcome: 'pass', publishedAt: null });
    const user = await userRow(center.phone, 'testCenter');
    const deps = {
      repos: t.app.repos,
      uow: failingOutbox(t.app.uow),
      now: t.app.now,
      certificateNumber: newCertificateNumber,
      links: t.app.links,
    };
    await assert.rejects(publishResults(deps, user, exam.id), /outbox unavailable/);
    const [row] = await t.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, booked.registration.id)));
    assert.equal(row?.status, 'checkin', 'the publication was rolled back');
    assert.deepEqual(await eventsOf(candidate.userId, 'result.published'), []);

    dataOf('publishResults', await postAs(t, `/api/center/exams/${exam.id}/results/publish`, center.auth));
    assert.deepEqual(await eventsOf(candidate.userId, 'result.published'), ['email', 'inapp', 'sms']);
  });
});
