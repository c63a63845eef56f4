import { expect, type Page, test } from '@playwright/test';
import enExam from '../../src/locales/en-US/exam';
import enOps from '../../src/locales/en-US/ops';
import zhOps from '../../src/locales/zh-CN/ops';
import { STORAGE_KEYS } from '../../src/utils/session';
import {
  approveCenter,
  bookAndPay,
  completeCenterProfile,
  createExam,
  operatorConsole,
  ops,
  phones,
  readyCandidate,
} from './journeys';
import { e2eOperator, expectAccessible, logInOnLoginPage } from './support';

/** The name fillProfile gives every candidate. */
const CANDIDATE = 'Li Hua';

/** The figure a dashboard card shows under its heading, as text ("3", "¥1,234.00"). */
async function figure(page: Page, key: Parameters<typeof ops>[0]): Promise<string> {
  const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: ops(key), exact: true }) });
  return (await card.locator('.ant-statistic-content').textContent()) ?? '';
}

/** Yuan as a number from a figure such as "¥1,234.50". */
const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The dashboard's figures over its default range (the last 14 days), once they have loaded. */
async function dashboardFigures(page: Page) {
  await page.goto('/ops');
  await expect(
    page.getByRole('heading', { name: ops('pages.ops.dashboard.figure.revenue'), exact: true }),
  ).toBeVisible();
  return {
    registrations: Number(await figure(page, 'pages.ops.dashboard.figure.registrations')),
    revenue: yuan(await figure(page, 'pages.ops.dashboard.figure.revenue')),
    refunded: yuan(await figure(page, 'pages.ops.dashboard.figure.refunded')),
  };
}

/**
 * The orders the payer's phone finds. ProTable now and then keeps its search button loading after its first answer
 * (pro-components#4771): an operator would reload the page, and so does this.
 */
async function searchOrders(page: Page, payerPhone: string) {
  await expect(async () => {
    await page.goto('/ops/orders');
    await page.getByLabel(ops('pages.ops.orders.search.phone')).fill(payerPhone);
    await page.getByRole('button', { name: ops('pages.ops.orders.filter'), exact: true }).click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** The reconciliation tab for one Beijing day, in the console's language (`texts`). */
async function reconcile(page: Page, day: string, texts: Record<keyof typeof enOps, string> = enOps) {
  await page.goto('/ops/orders');
  await page.getByRole('tab', { name: texts['pages.ops.orders.tab.reconciliation'] }).click();
  const field = page.getByLabel(texts['pages.ops.orders.reconciliation.day']);
  await field.click();
  await field.fill(day);
  await field.press('Enter');
}

/** The candidate's exam list searched for one exam code: the row, or the empty answer. */
async function searchOpenExams(page: Page, code: string) {
  await page.goto('/home/examlist');
  await page.getByLabel(enExam['pages.examlist.filter.q']).fill(code);
  await page.getByRole('button', { name: enExam['pages.examlist.filter.search'], exact: true }).click();
}

test('an operator verifies a new center, refunds part of a paid order, and the dashboard, audit log and reconciliation account for it', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const phone = phones();
  const suffix = phone.center.slice(-6);
  const name = `E2E Operated ${suffix}`;
  const code = `OPS-${phone.center.slice(-8)}`;
  const businessName = `Chaoyang Test Center ${suffix}`;

  // The operator the server's command line added logs in; the dashboard shows where the day stands.
  const operator = await operatorConsole(browser);
  const console_ = operator.page;
  const before = await dashboardFigures(console_);
  await expectAccessible(console_);

  // A new center signs up, uploads its license and creates an exam: candidates cannot find it yet.
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, code, name);
  const candidate = await readyCandidate(browser, phone.candidate);
  await searchOpenExams(candidate.page, code);
  await expect(candidate.page.getByText(enExam['pages.examlist.open.empty'])).toBeVisible();

  // The operator approves it (back at the console's window: an idle background window draws no frames, and the
  // tables' loading state waits for one); now the candidate finds it, books and pays.
  await console_.bringToFront();
  await approveCenter(console_, businessName);
  await searchOpenExams(candidate.page, code);
  await expect(candidate.page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await bookAndPay(candidate.page, examId);
  await candidate.context.close();

  // The operator finds the order by the payer's phone and refunds CN¥30 of it.
  await console_.bringToFront();
  await searchOrders(console_, phone.candidate);
  const row = console_.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  // The exam's fee and the handling charge, as the checkout showed them to the candidate.
  const total = /CN¥([\d,]+\.\d{2})/.exec((await row.textContent()) ?? '')?.[1] as string;
  const totalFen = Math.round(Number(total.replace(/,/g, '')) * 100);
  expect(totalFen).toBeGreaterThanOrEqual(10_000);
  await row.getByRole('button', { name: ops('pages.ops.orders.open.label', { exam: code, payer: CANDIDATE }) }).click();
  const drawer = console_.getByRole('dialog').filter({ hasText: ops('pages.ops.orders.timeline.title') });
  await expect(drawer.getByText(ops('pages.ops.orders.timeline.created', { total: `CN¥${total}` }))).toBeVisible();
  await expect(
    drawer.getByText(ops('pages.ops.orders.timeline.payment.applied', { provider: 'sandbox' })),
  ).toBeVisible();
  await drawer.getByRole('button', { name: ops('pages.ops.orders.detail.refund'), exact: true }).click();
  const refund = console_.getByRole('dialog', { name: ops('pages.ops.orders.refund.title', { exam: code }) });
  await refund.getByLabel(ops('pages.ops.orders.refund.amount')).fill('30');
  await refund.getByLabel(ops('pages.ops.orders.refund.reason')).fill('Goodwill: the hall changed at short notice');
  await expectAccessible(console_);
  await refund.getByRole('button', { name: ops('pages.ops.orders.refund.submit'), exact: true }).click();
  await console_
    .getByRole('dialog', { name: ops('pages.ops.orders.refund.confirm.title', { amount: 'CN¥30.00', exam: code }) })
    .getByRole('button', { name: ops('pages.ops.orders.refund.confirm.ok'), exact: true })
    .click();
  await expect(console_.getByText(ops('pages.ops.orders.refund.done', { amount: 'CN¥30.00' }))).toBeVisible();

  // The dashboard counts the registration, the payment and the refund the sandbox pays out.
  await expect
    .poll(async () => (await dashboardFigures(console_)).refunded - before.refunded, {
      timeout: 60_000,
      intervals: [2_000],
    })
    .toBe(30);
  const after = await dashboardFigures(console_);
  expect(after.registrations - before.registrations).toBe(1);
  expect(Math.round((after.revenue - before.revenue) * 100)).toBe(totalFen);

  // The audit log names the operator for the approval and the refund.
  await console_.goto('/ops/audit');
  for (const action of ['pages.ops.audit.action.center.approve', 'pages.ops.audit.action.order.refund'] as const) {
    await expect(
      console_
        .getByRole('row')
        .filter({ hasText: ops(action) })
        .filter({ hasText: e2eOperator().name })
        .first(),
    ).toBeVisible();
  }
  await expectAccessible(console_);

  // Today's reconciliation agrees with the sandbox's ledger, until the sandbox's record of the payment is altered.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
  await reconcile(console_, today);
  await expect(console_.getByText(ops('pages.ops.orders.reconciliation.agree'))).toBeVisible();
  await expect(
    console_.getByText(ops('pages.ops.orders.reconciliation.provider.name', { provider: 'sandbox', date: today })),
  ).toBeVisible();
  await expectAccessible(console_);
  const orderId = await orderIdOf(console_, phone.candidate);
  const altered = await console_.request.post(`/api/pay/sandbox/ledger/${orderId}`, { data: { amountFen: 9_000 } });
  expect(altered.ok()).toBe(true);
  await reconcile(console_, today);
  await expect(console_.getByText(ops('pages.ops.orders.reconciliation.mismatches', { count: '1' }))).toBeVisible();
  const mismatch = console_.getByRole('row').filter({ hasText: orderId });
  await expect(mismatch.getByText(ops('pages.ops.orders.reconciliation.kind.amount_differs'))).toBeVisible();
  await expect(mismatch.getByText('CN¥90.00', { exact: false })).toBeVisible();

  // Put the sandbox's record right again, and read the day in Chinese: both records agree.
  expect(
    (await console_.request.post(`/api/pay/sandbox/ledger/${orderId}`, { data: { amountFen: totalFen } })).ok(),
  ).toBe(true);
  await console_.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await reconcile(console_, today, zhOps);
  await expect(console_.getByText(zhOps['pages.ops.orders.reconciliation.agree'])).toBeVisible();
  await expectAccessible(console_);
  await operator.context.close();
});

/** The order id of the payer's only order, as the console's search answers it. */
async function orderIdOf(page: Page, payerPhone: string): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const answer = await page.request.get(`/api/ops/orders?phone=${payerPhone}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await answer.json();
  expect(body.data.list).toHaveLength(1);
  return body.data.list[0].id as string;
}
