import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import { REQUIRED_PROFILE_FIELDS } from '../../contract';
import {
  createTestApp,
  dataOf,
  envelope,
  loginAs,
  openFileApp,
  postAs,
  sendJsonText,
  type TestApp,
} from '../../tests/helpers/app';
import {
  book,
  type ExamFields,
  examInTenDays,
  nextPhone,
  payInWallet,
  quoteFor,
  readyCandidate,
  seatsTaken,
  sweepNow,
} from '../../tests/helpers/booking';
import { type CatalogBasics, insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { exams, orders, promotions, registrations } from '../db/schema';
import { ProviderError, sandboxProvider } from '../providers/payment';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file), { discountCodes: true });

const newExam = (fields: ExamFields = {}) => examInTenDays(t, basics, fields);

const post = (url: string, auth: Record<string, string>, payload?: unknown, headers?: Record<string, string>) =>
  postAs(t, url, auth, payload, headers);

const REGISTER = '/api/front/student-registration';
const QUOTE = '/api/front/checkout/quote';

/** What a quote shows for one seat of a test exam at its default fee (10,000 fen plus 0.6 % handling), no codes. */
const DEFAULT_TOTAL_FEN = 10_060;
/** A booking request confirming DEFAULT_TOTAL_FEN, as the checkout page sends it. */
const booking = (examId: string, extra: Record<string, unknown> = {}) => ({
  examId,
  expectedTotalFen: DEFAULT_TOTAL_FEN,
  ...extra,
});

describe('quote', () => {
  test('the breakdown with the profile referral and a percent promotion', async () => {
    const exam = await newExam({ feeFen: 12000 });
    const { headers } = await readyCandidate(t, { invitationCode: 'FRIEND2026' });
    const quote = dataOf('quote', await post(QUOTE, headers, { examId: exam.id, promoCode: 'spring10' }));
    assert.equal(quote.subtotalFen, 12000);
    assert.equal(quote.referralDiscountFen, 600);
    assert.equal(quote.promotionDiscountFen, 1200);
    assert.equal(quote.groupDiscountFen, 0);
    assert.equal(quote.handlingFen, 61); // 10200 x 0.6 % = 61.2
    assert.equal(quote.totalFen, 10261);
    assert.equal(quote.promoCode, 'SPRING10');
    assert.equal(quote.referralCode, 'FRIEND2026');
    assert.equal(quote.testDate, exam.startsAt.toISOString());
  });

  test('a group quantity gets the tier discount; an inactive invitation code none', async () => {
    const exam = await newExam({ feeFen: 10000 });
    const { headers } = await readyCandidate(t, { invitationCode: 'OLDFRIEND' });
    const quote = dataOf('quote', await post(QUOTE, headers, { examId: exam.id, quantity: 30 }));
    assert.equal(quote.referralDiscountFen, 0);
    assert.equal(quote.referralCode, null);
    assert.equal(quote.groupDiscountFen, 24000);
  });

  test('unknown or expired promo codes, unknown exams and bad bodies are refused', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const unknown = await post(QUOTE, headers, { examId: exam.id, promoCode: 'NOPE' });
    assert.equal(unknown.statusCode, 400);
    assert.equal(envelope(unknown).errorCode, 'PROMO_CODE_INVALID');
    const expired = await post(QUOTE, headers, { examId: exam.id, promoCode: 'EXPIRED' });
    assert.equal(envelope(expired).errorCode, 'PROMO_CODE_INVALID');
    const noExam = await post(QUOTE, headers, { examId: '0190a0f0-0000-7000-8000-000000000000' });
    assert.equal(noExam.statusCode, 404);
    assert.equal(envelope(noExam).errorCode, 'NOT_FOUND');
    const malformed = await sendJsonText(t, 'POST', QUOTE, headers, '{"examId":');
    assert.equal(envelope(malformed).errorCode, 'MALFORMED_JSON');
    const wrongType = await post(QUOTE, headers, { examId: exam.id, quantity: 'two' });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(envelope(wrongType).errorCode, 'VALIDATION_FAILED');
    const anonymous = await post(QUOTE, {}, { examId: exam.id });
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('register', () => {
  test('holds a seat and answers a pending order with the sandbox QR, expiring after the hold', async () => {
    const exam = await newExam({ feeFen: 12000 });
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id, { promoCode: 'WELCOME20' });
    assert.equal(booked.registration.status, 'pending');
    assert.equal(booked.registration.exam.id, exam.id);
    assert.equal(booked.registration.orderId, booked.order.id);
    assert.equal(booked.order.status, 'pending');
    assert.equal(booked.order.purpose, 'booking');
    assert.equal(booked.order.breakdown.promotionDiscountFen, 2000);
    assert.equal(booked.order.breakdown.totalFen, 10060);
    assert.equal(new Date(booked.order.expiresAt).getTime(), t.clock.now.getTime() + 15 * MINUTE);
    assert.match(booked.payment.qrContent, new RegExp(`/pay/sandbox/${booked.order.id}$`));
    assert.equal(booked.order.qrContent, booked.payment.qrContent);
    assert.equal(await seatsTaken(t, exam.id), 1);

    const again = await post(REGISTER, headers, {
      examId: exam.id,
      expectedTotalFen: (await quoteFor(t, headers, exam.id)).totalFen,
    });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).errorCode, 'ALREADY_REGISTERED');
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('only individuals may check out or book', async () => {
    const exam = await newExam();
    for (const kind of ['testCenter', 'examiner'] as const) {
      const other = await loginAs(t, nextPhone(), kind);
      for (const url of [QUOTE, REGISTER]) {
        const res = await post(url, other, url === REGISTER ? booking(exam.id) : { examId: exam.id });
        assert.equal(res.statusCode, 403, `${kind} ${url}`);
        assert.equal(envelope(res).errorCode, 'STUDENTS_ONLY');
      }
    }
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('an incomplete profile is refused with the missing fields', async () => {
    const exam = await newExam();
    const headers = await loginAs(t, nextPhone());
    const res = await post(REGISTER, headers, booking(exam.id));
    assert.equal(res.statusCode, 409);
    const body = envelope(res);
    assert.equal(body.errorCode, 'PROFILE_INCOMPLETE');
    assert.deepEqual(
      body.details?.map((d) => d.path),
      [...REQUIRED_PROFILE_FIELDS],
    );
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('an exam with an access code needs the right one', async () => {
    const exam = await newExam({ accessCode: 'COACH2024' });
    const { headers } = await readyCandidate(t);
    for (const accessCode of [undefined, 'WRONG', 'COACH2025']) {
      const res = await post(REGISTER, headers, booking(exam.id, accessCode ? { accessCode } : {}));
      assert.equal(res.statusCode, 400);
      assert.equal(envelope(res).errorCode, 'ACCESS_CODE_INVALID');
    }
    assert.equal(await seatsTaken(t, exam.id), 0);
    const booked = await book(t, headers, exam.id, { accessCode: 'COACH2024' });
    assert.equal(booked.registration.status, 'pending');
  });

  test('closed, inactive, unknown and malformed requests change nothing', async () => {
    const { headers } = await readyCandidate(t);
    const closed = await newExam({ registrationEndsAt: new Date(t.clock.now.getTime() - 1000) });
    const res = await post(REGISTER, headers, booking(closed.id));
    assert.equal(res.statusCode, 409);
    assert.equal(envelope(res).errorCode, 'REGISTRATION_CLOSED');
    const canceled = await newExam({ status: 'canceled' });
    assert.equal(envelope(await post(REGISTER, headers, booking(canceled.id))).errorCode, 'REGISTRATION_CLOSED');
    const inactive = await newExam({ status: 'inactive' });
    assert.equal((await post(REGISTER, headers, booking(inactive.id))).statusCode, 404);
    const unknown = await post(REGISTER, headers, booking('0190a0f0-0000-7000-8000-000000000000'));
    assert.equal(unknown.statusCode, 404);
    const badId = await post(REGISTER, headers, booking('not-a-uuid'));
    assert.equal(envelope(badId).errorCode, 'VALIDATION_FAILED');
    const extra = await post(REGISTER, headers, booking(closed.id, { seats: 3 }));
    assert.equal(envelope(extra).errorCode, 'VALIDATION_FAILED');
    const badPromo = await post(REGISTER, headers, booking((await newExam()).id, { promoCode: 'NOPE' }));
    assert.equal(envelope(badPromo).errorCode, 'PROMO_CODE_INVALID');
    const longKey = await post(REGISTER, headers, booking(closed.id), { 'idempotency-key': 'k'.repeat(129) });
    assert.equal(envelope(longKey).errorCode, 'VALIDATION_FAILED');
  });

  test('the last seat goes to one candidate; the next one hears SOLD_OUT', async () => {
    const exam = await newExam({ capacity: 1 });
    const first = await readyCandidate(t);
    const second = await readyCandidate(t);
    await book(t, first.headers, exam.id);
    const res = await post(REGISTER, second.headers, booking(exam.id));
    assert.equal(res.statusCode, 409);
    assert.equal(envelope(res).errorCode, 'SOLD_OUT');
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('a 100 % promotion books and pays at once, without the payment provider', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const booked = await book(t, headers, exam.id, { promoCode: 'FREE100' });
    assert.equal(booked.order.status, 'paid');
    assert.equal(booked.order.breakdown.totalFen, 0);
    assert.equal(booked.registration.status, 'register');
    assert.equal(booked.payment.qrContent, '');
  });
});

describe('money is what the screen said (DESIGN.md section 6)', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  /** Quotes, books at the quoted total, pays in the wallet; answers what each place says the candidate paid. */
  async function payAsQuoted(headers: { authorization: string }, examId: string, promoCode?: string) {
    const quote = await quoteFor(t, headers, examId, promoCode);
    const booked = await book(t, headers, examId, promoCode ? { promoCode } : {});
    const wallet = dataOf('walletOrder', await get(`/api/pay/sandbox/orders/${booked.order.id}`));
    await payInWallet(t, booked.order.id);
    const order = dataOf('order', await get(`/api/front/orders/${booked.order.id}`, headers));
    const transactions = dataOf('transactions', await get('/api/front/transactions', headers));
    const transaction = transactions.list.find((row) => row.orderId === booked.order.id);
    return { quote, booked, wallet, order, transaction };
  }

  const cases = [
    { title: 'SPRING10 (10 % off)', promoCode: 'SPRING10', invitationCode: undefined, totalFen: 10_865 },
    { title: 'WELCOME20 (20 yuan off)', promoCode: 'WELCOME20', invitationCode: undefined, totalFen: 10_060 },
    {
      title: 'the FRIEND2026 invitation of the profile',
      promoCode: undefined,
      invitationCode: 'FRIEND2026',
      totalFen: 11_468,
    },
    {
      title: 'SPRING10 and FRIEND2026 together',
      promoCode: 'SPRING10',
      invitationCode: 'FRIEND2026',
      totalFen: 10_261,
    },
  ];
  for (const { title, promoCode, invitationCode, totalFen } of cases) {
    test(`charged = quoted with ${title}: the order, the wallet and Transactions say the quoted total`, async () => {
      const exam = await newExam({ feeFen: 12_000 });
      const { headers } = await readyCandidate(t, invitationCode ? { invitationCode } : {});
      const { quote, booked, wallet, order, transaction } = await payAsQuoted(headers, exam.id, promoCode);
      assert.equal(quote.totalFen, totalFen);
      const { examId: _examId, testDate: _testDate, promoCode: _code, referralCode: _referral, ...lines } = quote;
      assert.deepEqual(booked.order.breakdown, lines);
      assert.equal(wallet.amountFen, totalFen);
      assert.equal(order.status, 'paid');
      assert.equal(order.breakdown.totalFen, totalFen);
      assert.equal(transaction?.totalFen, totalFen);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, booked.order.id));
      assert.equal(row?.totalFen, totalFen);
      assert.equal(row?.promoCode, promoCode ?? null);
    });
  }

  test('a fee changed since the quote answers PRICE_CHANGED and writes nothing; the new quote books', async () => {
    const exam = await newExam({ feeFen: 12_000 });
    const { headers, userId } = await readyCandidate(t);
    const shown = await quoteFor(t, headers, exam.id, 'SPRING10');
    await t.database.db.update(exams).set({ feeFen: 13_000 }).where(eq(exams.id, exam.id));
    const res = await post(
      REGISTER,
      headers,
      { examId: exam.id, promoCode: 'SPRING10', expectedTotalFen: shown.totalFen },
      { 'idempotency-key': 'price-changed-1' },
    );
    assert.equal(res.statusCode, 409);
    assert.equal(envelope(res).errorCode, 'PRICE_CHANGED');
    assert.equal(await seatsTaken(t, exam.id), 0);
    const [made] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    assert.equal(made?.n, 0);
    const [held] = await t.database.db
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.userId, userId));
    assert.equal(held?.n, 0);

    // Confirming the new quote books, with the same key: the refused attempt left nothing under it.
    const fresh = await quoteFor(t, headers, exam.id, 'SPRING10');
    assert.equal(fresh.totalFen, 11_770);
    const booked = await book(t, headers, exam.id, { promoCode: 'SPRING10', idempotencyKey: 'price-changed-1' });
    assert.equal(booked.order.breakdown.totalFen, fresh.totalFen);
    assert.equal(await seatsTaken(t, exam.id), 1);
  });

  test('an invitation switched off since the quote answers PRICE_CHANGED', async () => {
    await t.database.db.insert(promotions).values({
      id: randomUUID(),
      code: 'PALS2026',
      kind: 'invitation',
      discountBps: 500,
      validFrom: new Date(Date.now() - 86_400_000),
      validUntil: new Date(Date.now() + 365 * 86_400_000),
    });
    const exam = await newExam({ feeFen: 12_000 });
    const { headers } = await readyCandidate(t, { invitationCode: 'PALS2026' });
    const shown = await quoteFor(t, headers, exam.id);
    assert.equal(shown.referralCode, 'PALS2026');
    await t.database.db.update(promotions).set({ active: false }).where(eq(promotions.code, 'PALS2026'));
    const res = await post(REGISTER, headers, { examId: exam.id, expectedTotalFen: shown.totalFen });
    assert.equal(res.statusCode, 409);
    assert.equal(envelope(res).errorCode, 'PRICE_CHANGED');
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('a booking without the confirmed total, or with a made-up one, is refused', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const missing = await post(REGISTER, headers, { examId: exam.id });
    assert.equal(missing.statusCode, 400);
    assert.equal(envelope(missing).errorCode, 'VALIDATION_FAILED');
    const cheaper = await post(REGISTER, headers, booking(exam.id, { expectedTotalFen: 1 }));
    assert.equal(envelope(cheaper).errorCode, 'PRICE_CHANGED');
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('a repeat with the same Idempotency-Key answers the order it made, even after the price changed', async () => {
    const exam = await newExam();
    const { headers } = await readyCandidate(t);
    const first = dataOf('register', await post(REGISTER, headers, booking(exam.id), { 'idempotency-key': 'k-1' }));
    await t.database.db.update(exams).set({ feeFen: 20_000 }).where(eq(exams.id, exam.id));
    const again = dataOf('register', await post(REGISTER, headers, booking(exam.id), { 'idempotency-key': 'k-1' }));
    assert.equal(again.order.id, first.order.id);
    assert.equal(again.order.breakdown.totalFen, DEFAULT_TOTAL_FEN);
    assert.equal(await seatsTaken(t, exam.id), 1);
  });
});

describe('Idempotency-Key', () => {
  test('a double click with one key makes one registration and one order, even at once', async () => {
    const exam = await newExam();
    const { headers, userId } = await readyCandidate(t);
    const key = 'checkout-7f3a';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(REGISTER, headers, booking(exam.id), { 'idempotency-key': key })),
    );
    const bodies = answers.map((res) => dataOf('register', res));
    assert.equal(new Set(bodies.map((b) => b.order.id)).size, 1);
    assert.equal(new Set(bodies.map((b) => b.registration.id)).size, 1);
    assert.ok(bodies.every((b) => b.payment.qrContent.endsWith(b.order.id)));
    const [made] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    assert.equal(made?.n, 1);
    assert.equal(await seatsTaken(t, exam.id), 1);

    // Another user's keys are their own.
    const other = await readyCandidate(t);
    const theirs = await book(t, other.headers, exam.id, { idempotencyKey: key });
    assert.notEqual(theirs.order.id, bodies[0]?.order.id);
    assert.equal(await seatsTaken(t, exam.id), 2);
  });
});

describe('expiry', () => {
  test('an unpaid hold expires after 15 minutes, its seat goes back, and someone else can book it', async () => {
    const exam = await newExam({ capacity: 1 });
    const first = await readyCandidate(t);
    const second = await readyCandidate(t);
    const booked = await book(t, first.headers, exam.id);
    t.clock.advance(14 * MINUTE);
    await sweepNow(t);
    assert.equal(await seatsTaken(t, exam.id), 1);
    assert.equal(envelope(await post(REGISTER, second.headers, booking(exam.id))).errorCode, 'SOLD_OUT');

    t.clock.advance(MINUTE);
    assert.ok((await sweepNow(t)) >= 1);
    assert.equal(await seatsTaken(t, exam.id), 0);
    const order = dataOf(
      'order',
      await t.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers: first.headers }),
    );
    assert.equal(order.status, 'expired');
    assert.equal(order.qrContent, null);
    const [registration] = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, booked.registration.id));
    assert.equal(registration?.status, 'canceled');
    assert.equal(registration?.cancelReason, 'expired');

    const theirs = await book(t, second.headers, exam.id);
    assert.equal(theirs.registration.status, 'pending');
    // The expired hold no longer counts as a live registration: its owner is only told the exam is full.
    assert.equal(envelope(await post(REGISTER, first.headers, booking(exam.id))).errorCode, 'SOLD_OUT');
  });
});

describe('orders', () => {
  test("only the owner sees an order; others' ids, unknown and malformed ids are 404 or 400", async () => {
    const exam = await newExam();
    const owner = await readyCandidate(t);
    const stranger = await readyCandidate(t);
    const booked = await book(t, owner.headers, exam.id);
    const mine = dataOf(
      'order',
      await t.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers: owner.headers }),
    );
    assert.equal(mine.id, booked.order.id);
    assert.equal(mine.exam.id, exam.id);
    const theirs = await t.app.inject({ url: `/api/front/orders/${booked.order.id}`, headers: stranger.headers });
    assert.equal(theirs.statusCode, 404);
    const unknown = await t.app.inject({
      url: '/api/front/orders/0190a0f0-0000-7000-8000-000000000000',
      headers: owner.headers,
    });
    assert.equal(unknown.statusCode, 404);
    const malformed = await t.app.inject({ url: '/api/front/orders/42', headers: owner.headers });
    assert.equal(malformed.statusCode, 400);
    const badRefresh = await t.app.inject({
      url: `/api/front/orders/${booked.order.id}?refresh=yes`,
      headers: owner.headers,
    });
    assert.equal(badRefresh.statusCode, 400);
  });
});

describe('no oversell', () => {
  test('200 candidates booking 50 seats at once: exactly 50 succeed, 150 hear SOLD_OUT', async () => {
    const exam = await newExam({ capacity: 50 });
    const candidates = [];
    for (let i = 0; i < 200; i += 1) candidates.push(await readyCandidate(t));
    const answers = await Promise.all(candidates.map((c) => post(REGISTER, c.headers, booking(exam.id))));
    const statuses = answers.map((res) => res.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 50);
    const refused = answers.filter((res) => res.statusCode !== 200);
    assert.equal(refused.length, 150);
    assert.ok(refused.every((res) => res.statusCode === 409 && envelope(res).errorCode === 'SOLD_OUT'));
    assert.equal(await seatsTaken(t, exam.id), 50);
    const [made] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.examId, exam.id));
    assert.equal(made?.n, 50);
    const [live] = await t.database.db
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.examId, exam.id), eq(registrations.status, 'pending')));
    assert.equal(live?.n, 50);
  });
});

describe('payment provider down', () => {
  test('createOrder failing answers PAYMENT_PROVIDER_FAILED and leaves nothing held', async () => {
    const broken = await createTestApp({
      payment: ({ database, config, now }) => ({
        ...sandboxProvider({ db: database.db, secret: config.appSecret, now, payee: { zh: '公司', en: 'Company' } }),
        // A provider over the network: no local ledger to write in the booking's statement, a call that fails.
        localOrder: undefined,
        async createOrder(): Promise<{ qrContent: string }> {
          throw new ProviderError('connection refused');
        },
      }),
    });
    const { database, clock } = broken;
    try {
      const local = await insertCatalogBasics(database.db);
      const exam = await insertExam(database.db, local.beijing, local.category.id, {
        startsAt: new Date(clock.now.getTime() + 10 * DAY),
        capacity: 1,
      });
      const { headers, userId } = await readyCandidate(broken);
      const res = await broken.app.inject({ method: 'POST', url: REGISTER, headers, payload: booking(exam.id) });
      assert.equal(res.statusCode, 502);
      assert.equal(envelope(res).errorCode, 'PAYMENT_PROVIDER_FAILED');
      const [seats] = await database.db.select({ n: exams.seatsTaken }).from(exams).where(eq(exams.id, exam.id));
      assert.equal(seats?.n, 0);
      const [order] = await database.db.select().from(orders).where(eq(orders.userId, userId));
      assert.equal(order?.status, 'canceled');
      const [registration] = await database.db.select().from(registrations).where(eq(registrations.userId, userId));
      assert.equal(registration?.status, 'canceled');
      assert.equal(registration?.cancelReason, 'payment_failed');
    } finally {
      await broken.close();
    }
  });
});
