import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import type { OrderView } from '../../contract';
import { formatFen } from '../../contract/format';
import { dataOf, envelope, loginAs, multipart, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import {
  book,
  examInTenDays,
  followUpRefundsNow,
  nextPhone,
  payInWallet,
  quoteFor,
  readyCandidate,
} from '../../tests/helpers/booking';
import { taxId } from '../../tests/helpers/center';
import { type CatalogBasics, idCardNumber } from '../../tests/helpers/fixtures';
import { addTestOperator, loginOperator } from '../../tests/helpers/ops';
import { compact, readPdf } from '../../tests/helpers/pdf';
import { GROUP_HEADER, xlsxOf } from '../../tests/helpers/spreadsheets';
import { auditLog, fapiaoRequests } from '../db/schema';

/** Issue 16, item 3: a paid order's receipt (page and PDF) and its fapiao request, seen by operators. */

type Auth = { authorization: string };

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file), { discountCodes: true });

const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth ?? {} });
const receipt = async (orderId: string, auth: Auth) =>
  dataOf('receipt', await get(`/api/front/orders/${orderId}/receipt`, auth));
const fapiao = (orderId: string, auth: Auth | Record<string, never>, body: object) =>
  postAs(t, `/api/front/orders/${orderId}/fapiao`, auth, body);
const A_FAPIAO = { title: '海淀实验中学', taxId: taxId(), email: 'finance@example.cn' };

function assertError(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(envelope(res as Parameters<typeof envelope>[0]).errorCode, code);
}

/** The receipt PDF's text in `lang`, white space removed. */
async function pdfText(orderId: string, auth: Auth, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<string> {
  const res = await get(`/api/front/orders/${orderId}/receipt.pdf?lang=${lang}`, auth);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  const pages = await readPdf(res.rawPayload);
  return compact(pages.map((page) => page.text).join('\n'));
}

/** Every line of the order's breakdown printed on the receipt as the checkout formats it. */
function assertPrintsBreakdown(text: string, order: OrderView) {
  const { breakdown } = order;
  const minus = (fen: number) => formatFen(fen > 0 ? -fen : 0, 'zh-CN');
  for (const line of [
    `小计${formatFen(breakdown.subtotalFen, 'zh-CN')}`,
    `推荐优惠${minus(breakdown.referralDiscountFen)}`,
    `团体优惠${minus(breakdown.groupDiscountFen)}`,
    `手续费${formatFen(breakdown.handlingFen, 'zh-CN')}`,
    `实付金额${formatFen(breakdown.totalFen, 'zh-CN')}`,
  ]) {
    assert.ok(text.includes(compact(line)), `the receipt prints "${line}"`);
  }
  assert.ok(text.includes(minus(breakdown.promotionDiscountFen)));
}

/** A candidate's paid booking of a fresh exam (with a promo code, or an invitation code on the profile). */
async function paidBooking(options: { promoCode?: string; invitationCode?: string; paid?: boolean } = {}) {
  const exam = await examInTenDays(t, basics, { feeFen: 45_000 });
  const candidate = await readyCandidate(t, { name: '王小明', invitationCode: options.invitationCode });
  const quote = await quoteFor(t, candidate.headers, exam.id, options.promoCode);
  const booked = await book(t, candidate.headers, exam.id, { promoCode: options.promoCode });
  if (options.paid !== false) await payInWallet(t, booked.order.id);
  return { exam, candidate, quote, booked, orderId: booked.order.id };
}

/** A coordinator's paid group order of `size` new members (ten and more earn the group discount). */
async function paidGroupOrder(size: number) {
  const auth = await loginAs(t, nextPhone());
  const exam = await examInTenDays(t, basics, { feeFen: 30_000 });
  const coordinator = { name: '李老师', phone: '139 0000 1234', organization: '海淀实验中学' };
  const group = dataOf('createGroup', await postAs(t, '/api/front/groups', auth, { examId: exam.id, coordinator }));
  const names = Array.from({ length: size }, (_, i) => `学员${i + 1}`);
  const rows = names.map((name, i) => [name, nextPhone(), idCardNumber(String(500 + i)), '', '']);
  const body = multipart(await xlsxOf([GROUP_HEADER, ...rows]), 'class.xlsx', 'application/vnd.ms-excel');
  await t.app.inject({
    method: 'POST',
    url: `/api/front/groups/${group.id}/upload`,
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
  const quote = dataOf('groupQuote', await postAs(t, `/api/front/groups/${group.id}/quote`, auth, {}));
  const checkout = await postAs(t, `/api/front/groups/${group.id}/checkout`, auth, {
    expectedTotalFen: quote.totalFen,
  });
  const orderId = dataOf('groupCheckout', checkout).order?.id ?? '';
  await payInWallet(t, orderId);
  return { auth, names, quote, orderId };
}

async function fapiaoRows(orderId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(fapiaoRequests)
    .where(eq(fapiaoRequests.orderId, orderId));
  return row?.n ?? 0;
}

describe('the receipt', () => {
  test('of a promo order: the page and the PDF carry exactly the quote the candidate paid', async () => {
    const { candidate, quote, orderId, exam } = await paidBooking({ promoCode: 'SPRING10' });
    const view = await receipt(orderId, candidate.headers);
    assert.equal(view.order.status, 'paid');
    assert.deepEqual(view.order.breakdown, {
      unitPriceFen: quote.unitPriceFen,
      quantity: quote.quantity,
      subtotalFen: quote.subtotalFen,
      referralDiscountFen: quote.referralDiscountFen,
      promotionDiscountFen: quote.promotionDiscountFen,
      groupDiscountFen: quote.groupDiscountFen,
      handlingFen: quote.handlingFen,
      totalFen: quote.totalFen,
    });
    assert.ok(quote.promotionDiscountFen > 0);
    assert.equal(view.promoCode, 'SPRING10');
    assert.equal(view.payer.name, '王小明');
    assert.equal(view.payer.phone, `+86 ${candidate.phone.slice(0, 3)}****${candidate.phone.slice(7)}`);
    assert.deepEqual(
      view.items.map((item) => item.candidateName),
      ['王小明'],
    );
    assert.ok(view.order.transactionId);
    assert.ok(view.order.paidAt);
    assert.equal(view.fapiao, null);
    assert.equal(view.canRequestFapiao, true);

    const text = await pdfText(orderId, candidate.headers);
    assertPrintsBreakdown(text, view.order);
    assert.ok(text.includes(compact(`促销优惠（SPRING10）${formatFen(-quote.promotionDiscountFen, 'zh-CN')}`)));
    assert.ok(text.includes(orderId));
    assert.ok(text.includes(view.order.transactionId ?? ''));
    assert.ok(text.includes(exam.code));
    const english = await pdfText(orderId, candidate.headers, 'en-US');
    assert.ok(english.includes(compact(`Total paid ${formatFen(quote.totalFen, 'en-US')}`)), english);
  });

  test('of an invitation order prints its referral discount', async () => {
    const { candidate, quote, orderId } = await paidBooking({ invitationCode: 'FRIEND2026' });
    assert.ok(quote.referralDiscountFen > 0);
    const view = await receipt(orderId, candidate.headers);
    assert.equal(view.order.breakdown.referralDiscountFen, quote.referralDiscountFen);
    assert.equal(view.order.breakdown.totalFen, quote.totalFen);
    assertPrintsBreakdown(await pdfText(orderId, candidate.headers), view.order);
  });

  test("of a group order is the coordinator's, lists every member and prints the group discount", async () => {
    const { auth, names, quote, orderId } = await paidGroupOrder(10);
    assert.ok(quote.groupDiscountFen > 0);
    const view = await receipt(orderId, auth);
    assert.deepEqual(view.items.map((item) => item.candidateName).sort(), [...names].sort());
    assert.equal(view.order.breakdown.quantity, 10);
    assert.equal(view.order.breakdown.groupDiscountFen, quote.groupDiscountFen);
    assert.equal(view.order.breakdown.totalFen, quote.totalFen);
    assertPrintsBreakdown(await pdfText(orderId, auth), view.order);
    assert.equal(dataOf('requestFapiao', await fapiao(orderId, auth, A_FAPIAO)).status, 'requested');
  });

  test('of a refunded order shows the refund; no fapiao is taken for it', async () => {
    const { candidate, booked, orderId, quote } = await paidBooking();
    await postAs(t, `/api/front/registrations/${booked.registration.id}/cancel`, candidate.headers);
    await followUpRefundsNow(t);
    const view = await receipt(orderId, candidate.headers);
    assert.equal(view.order.status, 'refunded');
    assert.deepEqual(
      view.order.refunds.map((refund) => [refund.reason, refund.state, refund.amountFen]),
      [['canceled', 'succeeded', quote.totalFen]],
    );
    assert.equal(view.canRequestFapiao, false);
    const text = await pdfText(orderId, candidate.headers);
    assertPrintsBreakdown(text, view.order);
    assert.ok(text.includes(compact(`已退款${formatFen(quote.totalFen, 'zh-CN')}`)), text);
    assertError(await fapiao(orderId, candidate.headers, A_FAPIAO), 409, 'FAPIAO_ORDER_REFUNDED');
    assert.equal(await fapiaoRows(orderId), 0);
  });

  test('of a pending order is refused with ORDER_NOT_PAID, and so is a fapiao', async () => {
    const { candidate, orderId } = await paidBooking({ paid: false });
    assertError(await get(`/api/front/orders/${orderId}/receipt`, candidate.headers), 409, 'ORDER_NOT_PAID');
    assertError(await get(`/api/front/orders/${orderId}/receipt.pdf`, candidate.headers), 409, 'ORDER_NOT_PAID');
    assertError(await fapiao(orderId, candidate.headers, A_FAPIAO), 409, 'ORDER_NOT_PAID');
    assert.equal(await fapiaoRows(orderId), 0);
  });

  test('answers only its payer: no token 401, other kinds 403, another candidate or an unknown order 404', async () => {
    const { orderId } = await paidBooking();
    const stranger = await readyCandidate(t);
    const center = await loginAs(t, nextPhone(), 'testCenter');
    const examiner = await loginAs(t, nextPhone(), 'examiner');
    const operatorPhone = nextPhone();
    await addTestOperator(t, operatorPhone, ['finance']);
    const operator = await loginOperator(t, operatorPhone);
    const unknown = '0190a0f0-0000-7000-8000-000000000000';
    for (const path of ['receipt', 'receipt.pdf']) {
      assertError(await get(`/api/front/orders/${orderId}/${path}`), 401, 'UNAUTHORIZED');
      assertError(await get(`/api/front/orders/${orderId}/${path}`, center), 403, 'STUDENTS_ONLY');
      assertError(await get(`/api/front/orders/${orderId}/${path}`, examiner), 403, 'STUDENTS_ONLY');
      assertError(await get(`/api/front/orders/${orderId}/${path}`, operator), 403, 'STUDENTS_ONLY');
      assertError(await get(`/api/front/orders/${orderId}/${path}`, stranger.headers), 404, 'NOT_FOUND');
      assertError(await get(`/api/front/orders/${unknown}/${path}`, stranger.headers), 404, 'NOT_FOUND');
    }
    assertError(await fapiao(orderId, {}, A_FAPIAO), 401, 'UNAUTHORIZED');
    assertError(await fapiao(orderId, center, A_FAPIAO), 403, 'STUDENTS_ONLY');
    assertError(await fapiao(orderId, examiner, A_FAPIAO), 403, 'STUDENTS_ONLY');
    assertError(await fapiao(orderId, operator, A_FAPIAO), 403, 'STUDENTS_ONLY');
    assertError(await fapiao(orderId, stranger.headers, A_FAPIAO), 404, 'NOT_FOUND');
    assert.equal(await fapiaoRows(orderId), 0);
  });
});

describe('a fapiao request', () => {
  test('refuses bad input with a clear code and writes nothing', async () => {
    const { candidate, orderId } = await paidBooking();
    const bad = (body: object) => fapiao(orderId, candidate.headers, body);
    assertError(await bad({ ...A_FAPIAO, taxId: '91110108MA01C3X2L0' }), 400, 'FAPIAO_TAX_ID_INVALID');
    assertError(await bad({ ...A_FAPIAO, taxId: '12345' }), 400, 'FAPIAO_TAX_ID_INVALID');
    assertError(await bad({ ...A_FAPIAO, title: '  ' }), 400, 'VALIDATION_FAILED');
    assertError(await bad({ ...A_FAPIAO, email: 'not an address' }), 400, 'VALIDATION_FAILED');
    assertError(await bad({ title: '王小明', email: 'a@example.cn' }), 400, 'VALIDATION_FAILED');
    assert.equal(await fapiaoRows(orderId), 0);
  });

  test("is recorded once per order: a person's (empty tax ID) shows on the receipt, a second answers 409", async () => {
    const { candidate, orderId } = await paidBooking();
    const made = dataOf(
      'requestFapiao',
      await fapiao(orderId, candidate.headers, { title: ' 王小明 ', taxId: '', email: 'wang@example.cn' }),
    );
    assert.equal(made.status, 'requested');
    assert.equal(made.title, '王小明');
    assert.equal(made.taxId, '');
    const view = await receipt(orderId, candidate.headers);
    assert.deepEqual(view.fapiao, made);
    assert.equal(view.canRequestFapiao, false);
    assertError(await fapiao(orderId, candidate.headers, A_FAPIAO), 409, 'FAPIAO_ALREADY_REQUESTED');
    assert.equal(await fapiaoRows(orderId), 1);
  });

  test('a lower-case tax ID is stored in capitals', async () => {
    const { candidate, orderId } = await paidBooking();
    const made = dataOf(
      'requestFapiao',
      await fapiao(orderId, candidate.headers, { ...A_FAPIAO, taxId: taxId().toLowerCase() }),
    );
    assert.equal(made.taxId, taxId());
  });
});

describe('the fapiao desk', () => {
  const list = (auth: Auth, query = '') => get(`/api/ops/fapiao?pageSize=100${query}`, auth);
  const decide = (auth: Auth | Record<string, never>, id: string, body: object) =>
    postAs(t, `/api/ops/fapiao/${id}/decision`, auth, body);

  async function operatorWith(permissions: ('finance' | 'support')[]) {
    const phone = nextPhone();
    await addTestOperator(t, phone, permissions, `Operator ${phone}`);
    return loginOperator(t, phone);
  }

  test('lists requests by state; finance marks one rejected with a note (audited), the payer asks again, it is issued', async () => {
    const finance = await operatorWith(['finance']);
    const { candidate, orderId, quote, exam } = await paidBooking();
    const first = dataOf('requestFapiao', await fapiao(orderId, candidate.headers, A_FAPIAO));

    const requested = dataOf('opsFapiaoRequests', await list(finance, '&status=requested'));
    const row = requested.list.find((item) => item.id === first.id);
    assert.ok(row, 'the request is listed under requested');
    assert.equal(row.orderId, orderId);
    assert.equal(row.orderTotalFen, quote.totalFen);
    assert.equal(row.payer.name, '王小明');
    assert.equal(row.exam.code, exam.code);
    assert.equal(row.taxId, taxId());
    assert.ok(!dataOf('opsFapiaoRequests', await list(finance, '&status=issued')).list.some((i) => i.id === first.id));

    assertError(await decide(finance, first.id, { status: 'rejected', note: '' }), 400, 'VALIDATION_FAILED');
    const rejected = dataOf(
      'opsDecideFapiao',
      await decide(finance, first.id, { status: 'rejected', note: '税号与抬头不符' }),
    );
    assert.equal(rejected.status, 'rejected');
    assertError(await decide(finance, first.id, { status: 'issued', note: '' }), 409, 'FAPIAO_ALREADY_DECIDED');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, first.id), eq(auditLog.action, 'fapiao.reject')));
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0]?.after, { status: 'rejected', note: '税号与抬头不符' });

    const seen = await receipt(orderId, candidate.headers);
    assert.equal(seen.fapiao?.status, 'rejected');
    assert.equal(seen.fapiao?.note, '税号与抬头不符');
    assert.equal(seen.canRequestFapiao, true);

    const second = dataOf(
      'requestFapiao',
      await fapiao(orderId, candidate.headers, { ...A_FAPIAO, title: '海淀实验中学财务处' }),
    );
    const issued = dataOf('opsDecideFapiao', await decide(finance, second.id, { status: 'issued', note: 'No. 2611' }));
    assert.equal(issued.status, 'issued');
    assert.equal((await receipt(orderId, candidate.headers)).fapiao?.status, 'issued');
    assert.equal(
      (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, second.id)))[0]?.action,
      'fapiao.issue',
    );
    assertError(await fapiao(orderId, candidate.headers, A_FAPIAO), 409, 'FAPIAO_ALREADY_REQUESTED');
  });

  test('is closed to everyone but operators with finance; an unknown request is 404', async () => {
    const { candidate, orderId } = await paidBooking();
    const made = dataOf('requestFapiao', await fapiao(orderId, candidate.headers, A_FAPIAO));
    const support = await operatorWith(['support']);
    const finance = await operatorWith(['finance']);
    const center = await loginAs(t, nextPhone(), 'testCenter');
    const examiner = await loginAs(t, nextPhone(), 'examiner');
    const issued = { status: 'issued', note: '' };
    assertError(await get('/api/ops/fapiao'), 401, 'UNAUTHORIZED');
    assertError(await decide({}, made.id, issued), 401, 'UNAUTHORIZED');
    for (const auth of [candidate.headers, center, examiner]) {
      assertError(await list(auth), 403, 'OPERATORS_ONLY');
      assertError(await decide(auth, made.id, issued), 403, 'OPERATORS_ONLY');
    }
    assertError(await list(support), 403, 'PERMISSION_DENIED');
    assertError(await decide(support, made.id, issued), 403, 'PERMISSION_DENIED');
    assertError(await decide(finance, '0190a0f0-0000-7000-8000-000000000000', issued), 404, 'NOT_FOUND');
    assert.equal((await receipt(orderId, candidate.headers)).fapiao?.status, 'requested');
    const audit = await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, made.id));
    assert.equal(audit[0]?.n, 0);
  });
});
