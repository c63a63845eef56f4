import { eq } from 'drizzle-orm';
import { exams } from '../../server/db/schema';
import { sweepExpiredOrders } from '../../server/domain/booking';
import { followUpRefunds } from '../../server/domain/payments';
import { type PaymentProvider, sandboxProvider } from '../../server/providers/payment';
import { dataOf, loginAs, type TestApp } from './app';
import { type insertCatalogBasics, insertCompleteProfile, insertExam, userIdOf } from './fixtures';

let phoneCounter = 0;

/** A fresh mainland mobile number per call, so candidates of one file never collide. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `139${String(phoneCounter).padStart(8, '0')}`;
}

/** A logged-in individual with a complete profile: may book at once. */
export async function readyCandidate(t: TestApp, options: { invitationCode?: string; name?: string } = {}) {
  const phone = nextPhone();
  const headers = await loginAs(t, phone);
  const userId = await userIdOf(t.database.db, phone);
  await insertCompleteProfile(t.database.db, userId, options);
  return { phone, headers, userId };
}

/**
 * A second handle on the app's sandbox: same ledger and same derived key, so the notifications it signs are the ones
 * the wallet would send. Tests use it to hold a notification back and deliver it later, or more than once.
 */
export function sandboxOf(t: TestApp) {
  return sandboxProvider({
    db: t.database.db,
    secret: t.config.appSecret,
    now: () => t.clock.now,
    payee: { zh: t.config.site.companyNameZh, en: t.config.site.companyNameEn },
  });
}

/** The checkout lines a candidate is shown for one seat of `examId` (with `promoCode`, if any). */
export async function quoteFor(t: TestApp, headers: { authorization: string }, examId: string, promoCode?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/front/checkout/quote',
    headers,
    payload: { examId, ...(promoCode ? { promoCode } : {}) },
  });
  return dataOf('quote', res);
}

/**
 * Books `examId` for a candidate over HTTP as the checkout page does: quotes it, then books at the quoted total.
 * Answers the registration response.
 */
export async function book(
  t: TestApp,
  headers: { authorization: string },
  examId: string,
  extra: { promoCode?: string; accessCode?: string; idempotencyKey?: string } = {},
) {
  const { idempotencyKey, ...body } = extra;
  const { totalFen } = await quoteFor(t, headers, examId, body.promoCode);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/front/student-registration',
    headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { examId, ...body, expectedTotalFen: totalFen },
  });
  return dataOf('register', res);
}

/** Pays an order through the wallet's Confirm, as the sandbox wallet page does. */
export async function payInWallet(t: TestApp, orderId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/orders/${orderId}/confirm` });
  return dataOf('walletConfirm', res);
}

const quietLog = { info() {}, warn() {}, error() {} };

/** Runs the expiry sweep the app runs on a timer, at the test clock's time (tests advance it first). */
export function sweepNow(t: TestApp) {
  return sweepExpiredOrders({
    repos: t.app.repos,
    uow: t.app.uow,
    links: t.app.links,
    payment: sandboxOf(t),
    config: t.config,
    now: () => t.clock.now,
    log: quietLog,
    seats: t.app.seats,
    seatBatches: t.app.seatBatches,
    recentExams: t.app.recentExams,
  });
}

/**
 * Runs the refund follow-up the app runs on a timer, at the test clock's time, against `payment` (the app's sandbox
 * unless given), taking `batch` refunds at a time. Answers how many refunds it handled.
 */
export function followUpRefundsNow(t: TestApp, payment: PaymentProvider = sandboxOf(t), batch?: number) {
  const deps = {
    repos: t.app.repos,
    uow: t.app.uow,
    links: t.app.links,
    payment,
    config: t.config,
    now: () => t.clock.now,
    log: quietLog,
    seats: t.app.seats,
    seatBatches: t.app.seatBatches,
    recentExams: t.app.recentExams,
  };
  return followUpRefunds(deps, batch);
}

type CatalogBasics = Awaited<ReturnType<typeof insertCatalogBasics>>;
export type ExamFields = Partial<Parameters<typeof insertExam>[3]>;

/** An exam at the Beijing center of `basics`, ten days after the test clock unless `fields` say otherwise. */
export function examInTenDays(t: TestApp, basics: CatalogBasics, fields: ExamFields = {}) {
  return insertExam(t.database.db, basics.beijing, basics.category.id, {
    startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    ...fields,
  });
}

/** The seats an exam has taken, as the database holds them. */
export async function seatsTaken(t: TestApp, examId: string): Promise<number | undefined> {
  const [row] = await t.database.db.select({ n: exams.seatsTaken }).from(exams).where(eq(exams.id, examId));
  return row?.n;
}
