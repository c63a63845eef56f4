import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import type { PromotionDraft } from '../../contract';
import { dataOf, envelope, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, payInWallet, quoteFor, readyCandidate } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { auditLog, orders, promotions } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 4: promotions and invitation codes kept by operators, and checkout pricing with them. */

let t: TestApp;
let operator: { authorization: string };
let basics: CatalogBasics;
let codeCount = 0;

before(async () => {
  ({ t, basics, operator } = await openConsoleApp(['catalog']));
});
after(() => t.close());

const DAY_MS = 86_400_000;
const REGISTER = '/api/front/student-registration';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: operator, payload });

/** A fresh code's draft: 15 % off everything, valid from yesterday for a year, uncapped, active. */
function draftOf(fields: Partial<PromotionDraft> = {}): PromotionDraft {
  codeCount += 1;
  return {
    code: `TEST${codeCount}`,
    kind: 'promotion',
    discountType: 'percent',
    percentOff: 15,
    amountOffFen: null,
    validFrom: new Date(t.clock.now.getTime() - DAY_MS).toISOString(),
    validUntil: new Date(t.clock.now.getTime() + 365 * DAY_MS).toISOString(),
    usageCap: null,
    scope: 'all',
    scopeTargetId: null,
    active: true,
    ...fields,
  };
}

async function addCode(fields: Partial<PromotionDraft> = {}) {
  const res = await call('POST', '/api/ops/promotions', draftOf(fields));
  assert.equal(res.statusCode, 200, res.body);
  return dataOf('opsCreatePromotion', res);
}

const newExam = (fields: Parameters<typeof examInTenDays>[2] = {}) => examInTenDays(t, basics, fields);

const auditRowsOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at, auditLog.id);

const tally = async () => ({
  promotions: (await t.database.db.select({ n: count() }).from(promotions))[0]?.n,
  audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n,
});

/** Books one seat at the quoted total and checks the order was made at exactly that total. */
async function bookAtQuote(headers: { authorization: string }, examId: string, promoCode?: string) {
  const quote = await quoteFor(t, headers, examId, promoCode);
  const booked = await book(t, headers, examId, promoCode ? { promoCode } : {});
  const { examId: _e, testDate: _d, promoCode: _p, referralCode: _r, ...lines } = quote;
  assert.deepEqual(booked.order.breakdown, lines, 'the amount charged is the amount shown');
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
  assert.equal(row?.totalFen, quote.totalFen);
  return { quote, booked, row };
}

const refusalOf = async (headers: { authorization: string }, examId: string, promoCode: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/front/checkout/quote',
    headers,
    payload: { examId, promoCode },
  });
  return { status: res.statusCode, code: envelope(res).errorCode };
};

describe('the console keeps promotions and invitation codes', () => {
  test('a new code is listed with its scope target and usage; percent is stored as basis points; audited', async () => {
    const created = await addCode({ code: 'autumn15', scope: 'category', scopeTargetId: basics.category.id });
    assert.equal(created.code, 'AUTUMN15');
    assert.equal(created.usageCount, 0);
    assert.deepEqual(created.scopeTarget, {
      id: basics.category.id,
      code: basics.category.code,
      name: { zh: basics.category.nameZh, en: basics.category.nameEn },
    });
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, created.id));
    assert.equal(row?.discountBps, 1500);
    assert.equal(row?.amountFen, null);

    const page = dataOf('opsPromotions', await call('GET', '/api/ops/promotions?q=umn1&kind=promotion'));
    assert.deepEqual(page.list, [created]);
    const invitations = dataOf('opsPromotions', await call('GET', '/api/ops/promotions?q=AUTUMN&kind=invitation'));
    assert.equal(invitations.total, 0);

    const [audit] = await auditRowsOf(created.id);
    assert.equal(audit?.action, 'promotion.create');
    assert.equal(audit?.targetLabel, 'AUTUMN15');
    assert.equal(audit?.before, null);
    assert.deepEqual(audit?.after, {
      code: 'AUTUMN15',
      kind: 'promotion',
      discountType: 'percent',
      percentOff: 15,
      amountOffFen: null,
      validFrom: created.validFrom,
      validUntil: created.validUntil,
      usageCap: null,
      scope: 'category',
      scopeTarget: basics.category.code,
      active: true,
    });
  });

  test('the list pages on the server, newest first', async () => {
    await addCode({ code: 'PAGEA1' });
    await addCode({ code: 'PAGEA2' });
    const first = dataOf('opsPromotions', await call('GET', '/api/ops/promotions?q=PAGEA&pageSize=1&current=1'));
    const second = dataOf('opsPromotions', await call('GET', '/api/ops/promotions?q=PAGEA&pageSize=1&current=2'));
    assert.equal(first.total, 2);
    assert.deepEqual([first.list[0]?.code, second.list[0]?.code], ['PAGEA2', 'PAGEA1']);
  });

  test('a change is audited before and after; an order already priced keeps its price', async () => {
    const code = await addCode({ code: 'CHANGE15' });
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const { booked, quote } = await bookAtQuote(headers, exam.id, 'CHANGE15');

    const changed = dataOf(
      'opsUpdatePromotion',
      await call('PUT', `/api/ops/promotions/${code.id}`, {
        ...draftOf({ code: 'CHANGE15', discountType: 'fixed', percentOff: null, amountOffFen: 5000 }),
        usageCap: 10,
        active: false,
      }),
    );
    assert.deepEqual(
      [changed.discountType, changed.percentOff, changed.amountOffFen, changed.usageCap, changed.active],
      ['fixed', null, 5000, 10, false],
    );
    const [, update] = await auditRowsOf(code.id);
    assert.equal(update?.action, 'promotion.update');
    assert.deepEqual(
      [update?.before?.percentOff, update?.before?.amountOffFen, update?.before?.active],
      [15, null, true],
    );
    assert.deepEqual(
      [update?.after?.percentOff, update?.after?.amountOffFen, update?.after?.active],
      [null, 5000, false],
    );

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
    assert.equal(order?.totalFen, quote.totalFen);
    assert.equal(order?.breakdown.promotionDiscountFen, 1500);
  });

  test('usage counts paid orders: promotions by the code typed, invitations by the profile that priced', async () => {
    const promotion = await addCode({ code: 'USED15' });
    const invitation = await addCode({ code: 'PALS15', kind: 'invitation' });
    const exam = await newExam();
    const { headers } = await readyCandidate(t, { invitationCode: 'PALS15' });
    const { booked, row } = await bookAtQuote(headers, exam.id, 'USED15');
    assert.equal(row?.promoCode, 'USED15');
    assert.equal(row?.invitationCode, 'PALS15');
    const usage = async () =>
      dataOf('opsPromotions', await call('GET', '/api/ops/promotions?q=15&pageSize=100')).list.filter((item) =>
        [promotion.id, invitation.id].includes(item.id),
      );
    assert.deepEqual(
      (await usage()).map((item) => item.usageCount),
      [0, 0],
      'a pending order is not a use yet',
    );
    await payInWallet(t, booked.order.id);
    assert.deepEqual(
      (await usage()).map((item) => item.usageCount),
      [1, 1],
    );
  });

  test('bad input is refused with its reason and writes nothing', async () => {
    const existing = await addCode({ code: 'TAKEN15' });
    const before = await tally();
    const cases: [string, string, object, number, string][] = [
      ['POST', '/api/ops/promotions', draftOf({ code: 'taken15' }), 409, 'PROMO_CODE_TAKEN'],
      [
        'POST',
        '/api/ops/promotions',
        draftOf({ scope: 'exam', scopeTargetId: uuidv7() }),
        400,
        'PROMOTION_SCOPE_INVALID',
      ],
      [
        'POST',
        '/api/ops/promotions',
        draftOf({ scope: 'category', scopeTargetId: uuidv7() }),
        400,
        'PROMOTION_SCOPE_INVALID',
      ],
      ['POST', '/api/ops/promotions', draftOf({ scope: 'exam', scopeTargetId: null }), 400, 'VALIDATION_FAILED'],
      ['POST', '/api/ops/promotions', draftOf({ amountOffFen: 100 }), 400, 'VALIDATION_FAILED'],
      ['POST', '/api/ops/promotions', draftOf({ percentOff: 101 }), 400, 'VALIDATION_FAILED'],
      [
        'POST',
        '/api/ops/promotions',
        draftOf({ validUntil: new Date(t.clock.now.getTime() - 2 * DAY_MS).toISOString() }),
        400,
        'PROMOTION_WINDOW_INVALID',
      ],
      ['POST', '/api/ops/promotions', draftOf({ code: 'no spaces' }), 400, 'VALIDATION_FAILED'],
      ['PUT', `/api/ops/promotions/${existing.id}`, draftOf({ code: 'RENAMED15' }), 409, 'PROMOTION_CODE_FIXED'],
      [
        'PUT',
        `/api/ops/promotions/${existing.id}`,
        draftOf({ code: 'TAKEN15', kind: 'invitation' }),
        409,
        'PROMOTION_CODE_FIXED',
      ],
      [
        'PUT',
        `/api/ops/promotions/${existing.id}`,
        draftOf({ code: 'TAKEN15', scope: 'exam', scopeTargetId: uuidv7() }),
        400,
        'PROMOTION_SCOPE_INVALID',
      ],
      ['PUT', `/api/ops/promotions/${uuidv7()}`, draftOf(), 404, 'NOT_FOUND'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const res = await call(method as 'POST', url, payload);
      assert.equal(res.statusCode, status, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(envelope(res).errorCode, code);
    }
    assert.deepEqual(await tally(), before);
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, existing.id));
    assert.deepEqual([row?.code, row?.kind, row?.examId], ['TAKEN15', 'promotion', null]);
  });
});

describe('pricing reads the codes with every rule', () => {
  test('an exam scope applies to that exam only', async () => {
    const exam = await newExam();
    const other = await newExam();
    await addCode({ code: 'EXAMONLY', scope: 'exam', scopeTargetId: exam.id });
    const { headers } = await readyCandidate(t);
    assert.deepEqual(await refusalOf(headers, other.id, 'EXAMONLY'), { status: 400, code: 'PROMO_CODE_NOT_FOR_EXAM' });
    const { quote } = await bookAtQuote(headers, exam.id, 'EXAMONLY');
    assert.equal(quote.promotionDiscountFen, 1500);
  });

  test("a category scope applies to the category's exams only", async () => {
    const sports = await newExam();
    const language = await newExam({ categoryId: basics.otherCategory.id });
    await addCode({ code: 'SPORTY', scope: 'category', scopeTargetId: basics.category.id });
    const { headers } = await readyCandidate(t);
    assert.deepEqual(await refusalOf(headers, language.id, 'SPORTY'), {
      status: 400,
      code: 'PROMO_CODE_NOT_FOR_EXAM',
    });
    const { quote } = await bookAtQuote(headers, sports.id, 'SPORTY');
    assert.equal(quote.promoCode, 'SPORTY');
  });

  test('outside its window or switched off, a code is refused; switched on, it applies', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const later = new Date(t.clock.now.getTime() + DAY_MS).toISOString();
    await addCode({ code: 'NOTYET', validFrom: later, validUntil: new Date(Date.parse(later) + DAY_MS).toISOString() });
    await addCode({
      code: 'BYGONE',
      validFrom: new Date(t.clock.now.getTime() - 3 * DAY_MS).toISOString(),
      validUntil: new Date(t.clock.now.getTime() - DAY_MS).toISOString(),
    });
    const off = await addCode({ code: 'SWITCHED', active: false });
    for (const code of ['NOTYET', 'BYGONE', 'SWITCHED', 'NOSUCHCODE']) {
      assert.deepEqual(await refusalOf(headers, exam.id, code), { status: 400, code: 'PROMO_CODE_INVALID' }, code);
    }
    const { active: _a, ...fields } = draftOf({ code: 'SWITCHED' });
    await call('PUT', `/api/ops/promotions/${off.id}`, { ...fields, active: true });
    const { quote } = await bookAtQuote(headers, exam.id, 'SWITCHED');
    assert.equal(quote.promotionDiscountFen, 1500);
  });

  test('a capped code counts pending and paid orders: used up, it is refused', async () => {
    const exam = await newExam();
    await addCode({ code: 'TWICE', usageCap: 2 });
    const first = await readyCandidate(t);
    const second = await readyCandidate(t);
    const { booked } = await bookAtQuote(first.headers, exam.id, 'TWICE');
    await payInWallet(t, booked.order.id);
    await bookAtQuote(second.headers, exam.id, 'TWICE');
    const third = await readyCandidate(t);
    assert.deepEqual(await refusalOf(third.headers, exam.id, 'TWICE'), { status: 409, code: 'PROMO_CODE_USED_UP' });
  });

  test('two bookings racing for the last use: exactly one gets it', async () => {
    const exam = await newExam();
    await addCode({ code: 'LASTONE', usageCap: 1 });
    const racers = [await readyCandidate(t), await readyCandidate(t)];
    const quotes = await Promise.all(racers.map(({ headers }) => quoteFor(t, headers, exam.id, 'LASTONE')));
    const answers = await Promise.all(
      racers.map(({ headers }, n) =>
        t.app.inject({
          method: 'POST',
          url: REGISTER,
          headers,
          payload: { examId: exam.id, promoCode: 'LASTONE', expectedTotalFen: quotes[n]?.totalFen },
        }),
      ),
    );
    const outcomes = answers.map((res) => [res.statusCode, envelope(res).errorCode ?? null]).sort();
    assert.deepEqual(outcomes, [
      [200, null],
      [409, 'PROMO_CODE_USED_UP'],
    ]);
    const [made] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.promoCode, 'LASTONE'), eq(orders.examId, exam.id)));
    assert.equal(made?.n, 1);
  });

  test('a capped invitation used up since the quote answers PRICE_CHANGED; the new quote books without it', async () => {
    await addCode({ code: 'ONEPAL', kind: 'invitation', usageCap: 1 });
    const exam = await newExam();
    const late = await readyCandidate(t, { invitationCode: 'ONEPAL' });
    const early = await readyCandidate(t, { invitationCode: 'ONEPAL' });
    const shown = await quoteFor(t, late.headers, exam.id);
    assert.equal(shown.referralCode, 'ONEPAL');
    await bookAtQuote(early.headers, exam.id);
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: late.headers,
      payload: { examId: exam.id, expectedTotalFen: shown.totalFen },
    });
    assert.deepEqual([res.statusCode, envelope(res).errorCode], [409, 'PRICE_CHANGED']);
    const { quote } = await bookAtQuote(late.headers, exam.id);
    assert.deepEqual([quote.referralCode, quote.referralDiscountFen], [null, 0]);
  });

  test('a fixed invitation takes its amount off; one for another exam gives no referral', async () => {
    await addCode({
      code: 'FRIEND30',
      kind: 'invitation',
      discountType: 'fixed',
      percentOff: null,
      amountOffFen: 3000,
    });
    const exam = await newExam();
    const { headers } = await readyCandidate(t, { invitationCode: 'FRIEND30' });
    const { quote, row } = await bookAtQuote(headers, exam.id);
    assert.equal(quote.referralDiscountFen, 3000);
    assert.equal(quote.referralCode, 'FRIEND30');
    assert.equal(quote.totalFen, 7000 + 42); // 0.6 % handling on the 70 yuan left
    assert.equal(row?.invitationCode, 'FRIEND30');

    const elsewhere = await newExam();
    await addCode({ code: 'PALSHERE', kind: 'invitation', scope: 'exam', scopeTargetId: exam.id });
    const other = await readyCandidate(t, { invitationCode: 'PALSHERE' });
    const { quote: plain, row: plainRow } = await bookAtQuote(other.headers, elsewhere.id);
    assert.deepEqual([plain.referralDiscountFen, plain.referralCode, plainRow?.invitationCode], [0, null, null]);
  });
});
