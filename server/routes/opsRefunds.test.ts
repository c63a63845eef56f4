import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq, sql } from 'drizzle-orm';
import { dataOf, envelope, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, followUpRefundsNow, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { openConsoleApp, QUICK_REFUND_FAILURE } from '../../tests/helpers/ops';
import { auditLog, orders, refunds, sandboxPayments } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 5 (in part): refunds the provider refused for good, listed for finance and asked for again. */

let t: TestApp;
let basics: CatalogBasics;
let finance: { authorization: string };
let financeId: string;

before(async () => {
  ({
    t,
    basics,
    operatorId: financeId,
    operator: finance,
  } = await openConsoleApp(['finance'], {
    name: 'Zhao Min',
    env: QUICK_REFUND_FAILURE,
  }));
});
after(() => t.close());

const retry = (refundId: string) => postAs(t, `/api/ops/refunds/${refundId}/retry`, finance);
const failedList = async () =>
  dataOf('opsFailedRefunds', await t.app.inject({ url: '/api/ops/refunds/failed?pageSize=100', headers: finance }));
const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

async function refundOf(orderId: string) {
  const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} has no refund`);
  return row;
}

const refuseRefundsOf = (orderId: string) =>
  t.database.db
    .update(sandboxPayments)
    .set({ refundedFen: sql`${sandboxPayments.amountFen}` })
    .where(eq(sandboxPayments.orderId, orderId));

/** A paid booking canceled while the provider refuses its refund: the refund is requested, one attempt failed. */
async function canceledWhileRefused() {
  const exam = await examInTenDays(t, basics, { feeFen: 12_000 });
  const candidate = await readyCandidate(t);
  const booked = await book(t, candidate.headers, exam.id);
  await payInWallet(t, booked.order.id);
  await refuseRefundsOf(booked.order.id);
  await postAs(t, `/api/front/registrations/${booked.registration.id}/cancel`, candidate.headers);
  return { ...candidate, exam, booked };
}

/** Runs the sweeper until every refused refund is given up (four attempts in this file's settings). */
async function sweepUntilGivenUp() {
  for (let round = 0; round < 5; round += 1) {
    t.clock.advance(4 * 60_000);
    await followUpRefundsNow(t);
  }
}

describe('failed refunds', () => {
  test('are listed with their order, payer and exam; a retry sends the refund again and is audited', async () => {
    const owed = await canceledWhileRefused();
    await sweepUntilGivenUp();
    const given = await refundOf(owed.booked.order.id);
    assert.equal(given.status, 'failed');

    const listed = (await failedList()).list.find((refund) => refund.orderId === owed.booked.order.id);
    assert.ok(listed, 'listed for finance');
    assert.deepEqual(
      {
        state: listed.state,
        amountFen: listed.amountFen,
        reason: listed.reason,
        attempts: listed.attempts,
        payer: listed.order.payer.phone,
        exam: listed.order.exam.code,
        transactionId: listed.order.transactionId !== null,
      },
      {
        state: 'failed',
        amountFen: owed.booked.order.breakdown.totalFen,
        reason: 'canceled',
        attempts: 4,
        payer: `+86${owed.phone}`,
        exam: owed.exam.code,
        transactionId: true,
      },
    );
    assert.match(listed.lastError ?? '', /refused/);

    const res = await retry(given.id);
    assert.equal(res.statusCode, 200, res.body);
    const retried = dataOf('opsRetryRefund', res);
    assert.deepEqual(
      { state: retried.state, attempts: retried.attempts, completedAt: retried.completedAt },
      { state: 'requested', attempts: 0, completedAt: null },
    );
    const stored = await refundOf(owed.booked.order.id);
    assert.equal(stored.nextAttemptAt.getTime(), t.clock.now.getTime(), 'due at once');
    assert.ok(!(await failedList()).list.some((refund) => refund.id === given.id), 'no longer listed as failed');

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.retry'), eq(auditLog.targetId, given.id)));
    assert.equal(row?.actorId, financeId);
    assert.equal(row?.actorName, 'Zhao Min');
    assert.deepEqual(row?.before, { status: 'failed', attempts: 4, lastError: given.lastError });
    assert.deepEqual(row?.after, {
      status: 'requested',
      attempts: 0,
      nextAttemptAt: t.clock.now.toISOString(),
    });

    // The provider takes it this time: the sweeper pays it out and the order is refunded.
    await t.database.db
      .update(sandboxPayments)
      .set({ refundedFen: 0 })
      .where(eq(sandboxPayments.orderId, owed.booked.order.id));
    assert.equal(await followUpRefundsNow(t), 1);
    assert.equal((await refundOf(owed.booked.order.id)).status, 'succeeded');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, owed.booked.order.id));
    assert.equal(order?.status, 'refunded');
  });

  test('only a failed refund is retried: any other is refused and nothing is written', async () => {
    const owed = await canceledWhileRefused();
    const requested = await refundOf(owed.booked.order.id);
    assert.equal(requested.status, 'requested');
    const rowsBefore = await auditRows();
    const res = await retry(requested.id);
    assert.equal(res.statusCode, 409);
    assert.equal(envelope(res).errorCode, 'REFUND_NOT_FAILED');
    assert.deepEqual(await refundOf(owed.booked.order.id), requested, 'the refund is as it was');

    const unknown = await retry(uuidv7());
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).errorCode, 'NOT_FOUND');
    assert.equal(await auditRows(), rowsBefore);
  });

  test('are listed the longest owed first, a page at a time', async () => {
    const first = await canceledWhileRefused();
    t.clock.advance(1_000);
    const second = await canceledWhileRefused();
    await sweepUntilGivenUp();
    const all = await failedList();
    const ours = all.list
      .map((refund) => refund.orderId)
      .filter((id) => [first, second].some((o) => o.booked.order.id === id));
    assert.deepEqual(ours, [first.booked.order.id, second.booked.order.id]);
    const page = dataOf(
      'opsFailedRefunds',
      await t.app.inject({ url: '/api/ops/refunds/failed?current=2&pageSize=1', headers: finance }),
    );
    assert.equal(page.total, all.total);
    assert.deepEqual(
      page.list.map((refund) => refund.id),
      all.list.slice(1, 2).map((refund) => refund.id),
    );
  });

  test("a manual refund the provider refuses is listed with the operator's words and who asked; its retry shows in the order's timeline", async () => {
    const exam = await examInTenDays(t, basics, { feeFen: 9_000 });
    const candidate = await readyCandidate(t);
    const booked = await book(t, candidate.headers, exam.id);
    await payInWallet(t, booked.order.id);
    await refuseRefundsOf(booked.order.id);
    const asked = await postAs(t, `/api/ops/orders/${booked.order.id}/refund`, finance, {
      amountFen: 2_000,
      reason: 'Parking was closed',
    });
    assert.equal(asked.statusCode, 200, asked.body);
    await sweepUntilGivenUp();
    const listed = (await failedList()).list.find((refund) => refund.orderId === booked.order.id);
    assert.deepEqual(
      [listed?.reason, listed?.note, listed?.requestedBy, listed?.state],
      ['manual', 'Parking was closed', { id: financeId, name: 'Zhao Min' }, 'failed'],
    );

    assert.equal((await retry(listed?.id ?? '')).statusCode, 200);
    const order = dataOf(
      'opsOrder',
      await t.app.inject({ url: `/api/ops/orders/${booked.order.id}`, headers: finance }),
    );
    assert.deepEqual(
      order.timeline.flatMap((event) => (event.type === 'refund' ? [[event.step, event.by?.name ?? null]] : [])),
      [
        ['requested', 'Zhao Min'],
        ['requested', 'Zhao Min'],
      ],
      'asked for, then asked again (its failure is behind the retry)',
    );
    assert.deepEqual([order.refundFailedFen, order.refundPendingFen], [0, 2_000]);
  });
});
