import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dataOf, envelope, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, payInWallet, readyCandidate, sweepNow } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { auditLog, refunds, sandboxPayments, sandboxRefunds } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 5: orders searched, an order's history, manual refunds, the daily reconciliation, and exports. */

let t: TestApp;
let basics: CatalogBasics;
let finance: { authorization: string };
let financeId: string;

before(async () => {
  ({ t, basics, operatorId: financeId, operator: finance } = await openConsoleApp(['finance'], { name: 'Qian Li' }));
});
after(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: finance });
const search = async (query: string) => dataOf('opsOrders', await get(`/api/ops/orders?pageSize=100&${query}`));
const detail = async (orderId: string) => dataOf('opsOrder', await get(`/api/ops/orders/${orderId}`));
const refund = (orderId: string, payload: object) => postAs(t, `/api/ops/orders/${orderId}/refund`, finance, payload);
const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
const refundRows = async () => (await t.database.db.select({ n: count() }).from(refunds))[0]?.n ?? 0;

/** Beijing's date of the test clock. */
const beijingDay = () => new Date(t.clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A candidate's booking of a fresh exam, paid in the sandbox wallet unless `paid` is false. */
async function paidBooking(options: { feeFen?: number; paid?: boolean } = {}) {
  const exam = await examInTenDays(t, basics, { feeFen: options.feeFen ?? 20_000 });
  const candidate = await readyCandidate(t, { name: `Candidate ${exam.code}` });
  const booked = await book(t, candidate.headers, exam.id);
  if (options.paid !== false) await payInWallet(t, booked.order.id);
  return { exam, candidate, booked, orderId: booked.order.id, totalFen: booked.order.breakdown.totalFen };
}

async function readSheets(bytes: Buffer): Promise<(string | number | null)[][][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook.worksheets.map((sheet) => {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as (string | number | null)[]).slice(1));
    });
    return rows;
  });
}

describe('the order search', () => {
  test('finds orders by phone, order id, transaction id, exam, status and day, newest first, a page at a time', async () => {
    const first = await paidBooking();
    t.clock.advance(60_000);
    const second = await paidBooking();
    t.clock.advance(60_000);
    const unpaid = await paidBooking({ paid: false });
    const paidRow = (await detail(second.orderId)).transactionId;
    assert.ok(paidRow, 'a paid order has the provider transaction id');

    const byPhone = await search(`phone=${encodeURIComponent(`+86 ${first.candidate.phone}`)}`);
    assert.deepEqual(
      byPhone.list.map((row) => row.id),
      [first.orderId],
    );
    assert.equal(byPhone.list[0]?.payer.phone, `+86${first.candidate.phone}`);
    assert.equal(byPhone.list[0]?.refundableFen, first.totalFen);
    assert.deepEqual(
      (await search(`orderId=${second.orderId}`)).list.map((row) => row.id),
      [second.orderId],
    );
    assert.deepEqual(
      (await search(`transactionId=${paidRow}`)).list.map((row) => row.id),
      [second.orderId],
    );
    assert.deepEqual(
      (await search(`exam=${encodeURIComponent(unpaid.exam.code.toLowerCase())}`)).list.map((row) => row.id),
      [unpaid.orderId],
    );
    const pending = await search(`status=pending&exam=${unpaid.exam.code}`);
    assert.deepEqual(
      pending.list.map((row) => [row.id, row.refundableFen]),
      [[unpaid.orderId, 0]],
    );

    const today = await search(`from=${beijingDay()}&to=${beijingDay()}`);
    const ours = today.list.map((row) => row.id).filter((id) => [first, second, unpaid].some((o) => o.orderId === id));
    assert.deepEqual(ours, [unpaid.orderId, second.orderId, first.orderId], 'newest first');
    const page = dataOf('opsOrders', await get(`/api/ops/orders?pageSize=1&current=2&from=${beijingDay()}`));
    assert.equal(page.list.length, 1);
    assert.equal(page.total, today.total);
    assert.equal(page.list[0]?.id, today.list[1]?.id);
    assert.equal((await search('from=2001-01-01&to=2001-01-02')).total, 0);
  });

  test('refuses a bad phone or days in the wrong order with a clear error', async () => {
    const phone = await get('/api/ops/orders?phone=12345');
    assert.equal(phone.statusCode, 400);
    assert.equal(envelope(phone).errorCode, 'PHONE_INVALID');
    const days = await get('/api/ops/orders?from=2026-02-02&to=2026-02-01');
    assert.equal(days.statusCode, 400);
    assert.equal(envelope(days).errorCode, 'VALIDATION_FAILED');
  });

  test('exports every order the search finds (all pages) as an .xlsx file readable back', async () => {
    const orders = [await paidBooking({ feeFen: 12_345 }), await paidBooking({ feeFen: 12_345 })];
    const code = orders[0]?.exam.code ?? '';
    const res = await get(`/api/ops/orders.xlsx?exam=${code}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const [sheet] = await readSheets(res.rawPayload);
    assert.ok(sheet);
    assert.match(String(sheet[0]?.[0]), /订单号 \/ Order/);
    assert.deepEqual(
      sheet.slice(1).map((row) => [row[0], row[4], row[7]]),
      [[orders[0]?.orderId, code, (orders[0]?.totalFen ?? 0) / 100]],
    );

    const all = await search('');
    const every = await get('/api/ops/orders.xlsx');
    const [allRows] = await readSheets(every.rawPayload);
    assert.equal((allRows?.length ?? 0) - 1, all.total, 'every order, not one page');
  });
});

describe('an order', () => {
  test('answers its price lines, registrations, refunds and timeline; an unknown id is 404', async () => {
    const order = await paidBooking();
    const shown = await detail(order.orderId);
    assert.equal(shown.breakdown.totalFen, order.totalFen);
    assert.deepEqual(
      shown.registrations.map((r) => [r.id, r.status, r.exam.code]),
      [[order.booked.registration.id, 'register', order.exam.code]],
    );
    assert.deepEqual(
      shown.timeline.map((event) => [event.type, event.type === 'payment' ? event.outcome : null]),
      [
        ['created', null],
        ['payment', 'applied'],
      ],
    );

    const unknown = await get(`/api/ops/orders/${uuidv7()}`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).errorCode, 'NOT_FOUND');
  });

  test("its timeline shows a paid move of its registration to another exam, and an unpaid order's closing", async () => {
    const order = await paidBooking({ feeFen: 10_000 });
    const dearer = await examInTenDays(t, basics, { feeFen: 15_000 });
    const changed = dataOf(
      'changeRegistration',
      await postAs(t, `/api/front/registrations/${order.booked.registration.id}/change`, order.candidate.headers, {
        examId: dearer.id,
      }),
    );
    const changeOrderId = changed.order?.id ?? '';
    await payInWallet(t, changeOrderId);
    const shown = await detail(order.orderId);
    const moves = shown.timeline.flatMap((event) =>
      event.type === 'change' ? [[event.from.code, event.to.code, event.changeOrderId]] : [],
    );
    assert.deepEqual(moves, [[order.exam.code, dearer.code, changeOrderId]]);
    assert.equal(shown.registrations[0]?.exam.code, dearer.code);

    const unpaid = await paidBooking({ paid: false });
    t.clock.advance(16 * 60_000);
    await sweepNow(t);
    const closed = (await detail(unpaid.orderId)).timeline.at(-1);
    assert.deepEqual([closed?.type, closed?.type === 'closed' ? closed.status : null], ['closed', 'expired']);
  });
});

describe('a manual refund', () => {
  test('gives back part, then the rest, through the provider; each is audited and shown with who asked', async () => {
    const order = await paidBooking({ feeFen: 30_000 });
    const part = 10_000;
    const res = await refund(order.orderId, { amountFen: part, reason: 'Room was too cold' });
    assert.equal(res.statusCode, 200, res.body);
    const afterPart = dataOf('opsRefundOrder', res);
    assert.deepEqual(
      {
        status: afterPart.status,
        refundedFen: afterPart.refundedFen,
        refundableFen: afterPart.refundableFen,
        registration: afterPart.registrations[0]?.status,
      },
      { status: 'paid', refundedFen: part, refundableFen: order.totalFen - part, registration: 'register' },
    );
    const [manual] = afterPart.refunds;
    assert.deepEqual(
      { reason: manual?.reason, note: manual?.note, by: manual?.requestedBy, state: manual?.state },
      { reason: 'manual', note: 'Room was too cold', by: { id: financeId, name: 'Qian Li' }, state: 'succeeded' },
    );
    const refundSteps = afterPart.timeline.flatMap((event) =>
      event.type === 'refund' ? [[event.step, event.by?.name ?? null]] : [],
    );
    assert.deepEqual(refundSteps, [
      ['requested', 'Qian Li'],
      ['succeeded', null],
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, order.orderId)));
    assert.equal(audit?.actorId, financeId);
    assert.deepEqual(audit?.before, { refundableFen: order.totalFen, refundedFen: 0 });
    assert.deepEqual(audit?.after, {
      refundId: manual?.id,
      amountFen: part,
      reason: 'Room was too cold',
      refundableFen: order.totalFen - part,
    });

    const before = { audit: await auditRows(), refunds: await refundRows() };
    const over = await refund(order.orderId, { amountFen: order.totalFen - part + 1, reason: 'Too much' });
    assert.equal(over.statusCode, 409);
    assert.equal(envelope(over).errorCode, 'REFUND_EXCEEDS_REFUNDABLE');
    assert.deepEqual({ audit: await auditRows(), refunds: await refundRows() }, before, 'nothing written');

    const rest = dataOf(
      'opsRefundOrder',
      await refund(order.orderId, { amountFen: order.totalFen - part, reason: 'The rest' }),
    );
    assert.deepEqual(
      { status: rest.status, refundedFen: rest.refundedFen, refundableFen: rest.refundableFen },
      { status: 'refunded', refundedFen: order.totalFen, refundableFen: 0 },
    );
    const [paidBack] = await t.database.db
      .select({ n: count() })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.orderId, order.orderId));
    assert.equal(paidBack?.n, 2, 'both went through the provider');

    const again = await refund(order.orderId, { amountFen: 1, reason: 'More' });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).errorCode, 'ORDER_NOT_REFUNDABLE');
  });

  test('the same request sent twice refunds once', async () => {
    const order = await paidBooking();
    const payload = { amountFen: 5_000, reason: 'Double click' };
    const [one, two] = await Promise.all([refund(order.orderId, payload), refund(order.orderId, payload)]);
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(two.statusCode, 200, two.body);
    const shown = await detail(order.orderId);
    assert.deepEqual(
      shown.refunds.map((r) => r.amountFen),
      [5_000],
    );
    assert.equal(shown.refundedFen, 5_000);
  });

  test('refuses an unpaid order, an unknown one and bad input, writing nothing', async () => {
    const unpaid = await paidBooking({ paid: false });
    const paid = await paidBooking();
    const before = { audit: await auditRows(), refunds: await refundRows() };
    const cases: [string, object, number, string][] = [
      [unpaid.orderId, { amountFen: 100, reason: 'Not paid' }, 409, 'ORDER_NOT_REFUNDABLE'],
      [uuidv7(), { amountFen: 100, reason: 'Nobody' }, 404, 'NOT_FOUND'],
      [paid.orderId, { amountFen: 0, reason: 'Nothing' }, 400, 'VALIDATION_FAILED'],
      [paid.orderId, { amountFen: 1.5, reason: 'Half a fen' }, 400, 'VALIDATION_FAILED'],
      [paid.orderId, { amountFen: 100 }, 400, 'VALIDATION_FAILED'],
      [paid.orderId, { amountFen: 100, reason: '   ' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [orderId, payload, status, code] of cases) {
      const res = await refund(orderId, payload);
      assert.equal(res.statusCode, status, `${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(envelope(res).errorCode, code);
    }
    assert.deepEqual({ audit: await auditRows(), refunds: await refundRows() }, before);
  });
});

describe('the daily reconciliation', () => {
  /** A fresh Beijing day on the test clock, so each test has the day to itself. */
  const nextDay = () => {
    t.clock.advance(2 * 86_400_000);
    return beijingDay();
  };
  const reconcile = async (date: string) =>
    dataOf('opsReconciliation', await get(`/api/ops/reconciliation?date=${date}`));
  const alter = (orderId: string, change: object) =>
    t.app.inject({ method: 'POST', url: `/api/pay/sandbox/ledger/${orderId}`, payload: change });

  test('finds nothing wrong when the sandbox ledger agrees, and exports the totals', async () => {
    const date = nextDay();
    const one = await paidBooking({ feeFen: 10_000 });
    const two = await paidBooking({ feeFen: 20_000 });
    await refund(two.orderId, { amountFen: 3_000, reason: 'Goodwill' });
    const day = await reconcile(date);
    const expected = {
      paidCount: 2,
      paidFen: one.totalFen + two.totalFen,
      refundedCount: 1,
      refundedFen: 3_000,
    };
    assert.deepEqual(
      {
        provider: day.provider,
        platform: day.platform,
        providerTotals: day.providerTotals,
        mismatches: day.mismatches,
      },
      { provider: 'sandbox', platform: expected, providerTotals: expected, mismatches: [] },
    );

    const file = await get(`/api/ops/reconciliation.xlsx?date=${date}`);
    assert.equal(file.statusCode, 200, file.body);
    const [totals, mismatches] = await readSheets(file.rawPayload);
    assert.deepEqual(totals?.slice(1), [
      ['平台 / Platform', 2, expected.paidFen / 100, 1, 30],
      ['支付渠道 / Provider', 2, expected.paidFen / 100, 1, 30],
    ]);
    assert.equal(mismatches?.length, 1, 'the header alone');
  });

  test('lists every kind of mismatch once the sandbox ledger is altered', async () => {
    const date = nextDay();
    const amount = await paidBooking();
    const closed = await paidBooking();
    const missingThere = await paidBooking();
    const refunded = await paidBooking();
    await refund(refunded.orderId, { amountFen: 1_000, reason: 'Goodwill' });
    const [manual] = (await detail(refunded.orderId)).refunds;

    assert.equal((await alter(amount.orderId, { amountFen: amount.totalFen + 1 })).statusCode, 200);
    assert.equal((await alter(closed.orderId, { state: 'closed' })).statusCode, 200);
    // The provider forgot one payment, and paid a refund of another amount.
    await t.database.db.delete(sandboxPayments).where(eq(sandboxPayments.orderId, missingThere.orderId));
    await t.database.db
      .update(sandboxRefunds)
      .set({ amountFen: 999 })
      .where(eq(sandboxRefunds.refundId, manual?.id ?? ''));
    // A payment the provider took for an order nobody here has heard of.
    const stranger = uuidv7();
    await t.database.db.insert(sandboxPayments).values({
      orderId: stranger,
      amountFen: 500,
      descriptionZh: '别处',
      descriptionEn: 'Elsewhere',
      expiresAt: t.clock.now,
      state: 'paid',
      transactionId: 'SBXSTRANGER',
      paidAt: t.clock.now,
      notifyUrl: 'http://127.0.0.1/none',
    });

    // And a refund it paid that nobody here asked for.
    await t.database.db
      .insert(sandboxRefunds)
      .values({ refundId: uuidv7(), orderId: stranger, amountFen: 700, refundedAt: t.clock.now });

    const day = await reconcile(date);
    const found = day.mismatches.map((m) => [
      m.kind,
      m.subject,
      m.orderId,
      m.platform?.amountFen,
      m.provider?.amountFen,
    ]);
    assert.deepEqual(
      found.sort((a, b) => String(a).localeCompare(String(b))),
      [
        ['amount_differs', 'payment', amount.orderId, amount.totalFen, amount.totalFen + 1],
        ['amount_differs', 'refund', refunded.orderId, 1_000, 999],
        ['missing_at_provider', 'payment', missingThere.orderId, missingThere.totalFen, undefined],
        ['missing_here', 'payment', null, undefined, 500],
        ['missing_here', 'refund', null, undefined, 700],
        ['status_differs', 'payment', closed.orderId, closed.totalFen, closed.totalFen],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const status = day.mismatches.find((m) => m.kind === 'status_differs');
    assert.deepEqual([status?.platform?.status, status?.provider?.status], ['paid', 'closed']);

    const file = await get(`/api/ops/reconciliation.xlsx?date=${date}`);
    const [, rows] = await readSheets(file.rawPayload);
    assert.equal((rows?.length ?? 0) - 1, day.mismatches.length);
  });

  test("the sandbox's ledger route refuses an unknown order and a change that changes nothing", async () => {
    const unknown = await alter(uuidv7(), { amountFen: 1 });
    assert.equal(unknown.statusCode, 404);
    const { orderId } = await paidBooking();
    for (const change of [{}, { amountFen: -1 }, { state: 'lost' }, { amountFen: 1, note: 'x' }]) {
      const res = await alter(orderId, change);
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
    }
    const altered = dataOf('walletConfirm', await alter(orderId, { amountFen: 1, state: 'closed' }));
    assert.deepEqual([altered.orderId, altered.amountFen, altered.state], [orderId, 1, 'closed']);
  });

  test('refuses a day not begun yet and a malformed date', async () => {
    const tomorrow = new Date(t.clock.now.getTime() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    for (const date of [tomorrow, '2026-13-01', '']) {
      const res = await get(`/api/ops/reconciliation?date=${date}`);
      assert.equal(res.statusCode, 400, `${date}: ${res.body}`);
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
    }
  });
});
