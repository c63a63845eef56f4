import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import enOps from '../../src/locales/en-US/ops';
import zhOps from '../../src/locales/zh-CN/ops';
import { E2E_OPERATOR, idNumberOfWoman, photo, readOtp, uniquePhone } from './support';

const ops = (key: keyof typeof enOps, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), enOps[key]);

/** Today in Beijing, the console's day. */
const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A candidate books the first open demo exam and pays in the sandbox wallet, all over the API; answers the order. */
async function paidOrder(request: APIRequestContext): Promise<{ orderId: string; totalFen: number; examCode: string }> {
  const phone = uniquePhone();
  await request.post('/api/front/otp', { data: { phone, kind: 'individual' } });
  const login = await request.post('/api/front/login', {
    data: { phone, code: await readOtp(phone), kind: 'individual' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  const avatar = await request.post('/api/front/profile/avatar', {
    headers,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: await photo() } },
  });
  const saved = await request.put('/api/front/profile', {
    headers,
    data: {
      name: 'Zhou Yun',
      gender: 'female',
      email: 'zhou.yun@example.com',
      contactPhone: '13912345678',
      address: '1 Chang An Avenue',
      idNumber: idNumberOfWoman(),
      dateOfBirth: '1990-03-07',
      provinceCode: '11',
      cityCode: '1101',
      avatarId: (await avatar.json()).data.avatarId,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const exams = (await (await request.get('/api/front/exams?pageSize=20')).json()).data.list as {
    id: string;
    code: string;
    requiresAccessCode: boolean;
    seatsLeft: number;
  }[];
  const exam = exams.find((candidate) => !candidate.requiresAccessCode && candidate.seatsLeft > 0);
  if (!exam) throw new Error('no demo exam open for booking');
  const quote = await (await request.post('/api/front/checkout/quote', { headers, data: { examId: exam.id } })).json();
  const booked = await request.post('/api/front/student-registration', {
    headers,
    data: { examId: exam.id, expectedTotalFen: quote.data.totalFen },
  });
  const order = (await booked.json()).data.order as { id: string };
  expect((await request.post(`/api/pay/sandbox/orders/${order.id}/confirm`)).ok()).toBeTruthy();
  return { orderId: order.id, totalFen: quote.data.totalFen, examCode: exam.code };
}

async function logInAsOperator(page: Page) {
  await page.goto('/ops/login');
  await page.getByLabel('Phone number').fill(E2E_OPERATOR.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await readOtp(E2E_OPERATOR.phone));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/ops\/login/);
}

test('an operator finds a paid order, refunds part of it, and reconciles the day before and after the sandbox ledger changes', async ({
  page,
  request,
}) => {
  const { orderId, totalFen, examCode } = await paidOrder(request);
  await logInAsOperator(page);
  await page.goto('/ops/orders');

  await page.getByLabel(ops('pages.ops.orders.search.orderId')).fill(orderId);
  await page.getByRole('button', { name: ops('pages.ops.orders.filter') }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: ops('pages.ops.orders.open') }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: ops('pages.ops.orders.open') }).click();

  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(orderId)).toBeVisible();
  await drawer.getByRole('button', { name: ops('pages.ops.orders.detail.refund') }).click();
  const form = page.getByRole('dialog').last();
  await form.getByLabel(ops('pages.ops.orders.refund.amount')).fill('10');
  await form.getByLabel(ops('pages.ops.orders.refund.reason')).fill('The exam room changed');
  await form.getByRole('button', { name: ops('pages.ops.orders.refund.submit'), exact: true }).click();
  const confirm = page.getByRole('dialog', {
    name: ops('pages.ops.orders.refund.confirm.title', { amount: 'CN¥10.00', exam: examCode }),
  });
  await confirm.getByRole('button', { name: ops('pages.ops.orders.refund.confirm.ok'), exact: true }).click();
  await expect(page.getByText(ops('pages.ops.orders.refund.done', { amount: 'CN¥10.00' }))).toBeVisible();
  await expect(drawer.getByRole('table').getByText('The exam room changed')).toBeVisible();
  await expect(drawer.getByText(`CN¥${((totalFen - 1000) / 100).toFixed(2)}`).first()).toBeVisible();

  await page.goto('/ops/orders');
  await page.getByRole('tab', { name: ops('pages.ops.orders.tab.reconciliation') }).click();
  const day = page.getByLabel(ops('pages.ops.orders.reconciliation.day'));
  await day.click();
  await day.fill(beijingToday());
  await day.press('Enter');
  await expect(page.getByText(ops('pages.ops.orders.reconciliation.agree'))).toBeVisible();

  const altered = await request.post(`/api/pay/sandbox/ledger/${orderId}`, { data: { amountFen: totalFen + 1 } });
  expect(altered.ok()).toBeTruthy();
  await page.reload();
  await page.getByRole('tab', { name: ops('pages.ops.orders.tab.reconciliation') }).click();
  await day.click();
  await day.fill(beijingToday());
  await day.press('Enter');
  await expect(page.getByText(ops('pages.ops.orders.reconciliation.kind.amount_differs'))).toBeVisible();
  await expect(page.getByRole('cell', { name: orderId })).toBeVisible();

  // The same page in Chinese: the order search finds the order there too.
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto('/ops/orders');
  await page.getByLabel(zhOps['pages.ops.orders.search.orderId']).fill(orderId);
  // antd spaces out a two-character Chinese button label (查 询).
  const filter = new RegExp(`^${[...zhOps['pages.ops.orders.filter']].join('\\s?')}$`);
  await page.getByRole('button', { name: filter }).click();
  await expect(page.getByRole('button', { name: zhOps['pages.ops.orders.open'] })).toHaveCount(1);
});
