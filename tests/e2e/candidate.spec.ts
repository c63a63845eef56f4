import { expect, type Page, test } from '@playwright/test';
import { maskIdCard } from '../../contract/idcard';
import enCheckout from '../../src/locales/en-US/checkout';
import enExam from '../../src/locales/en-US/exam';
import enProfile from '../../src/locales/en-US/profile';
import enReceipt from '../../src/locales/en-US/receipt';
import enStatus from '../../src/locales/en-US/status';
import enTicket from '../../src/locales/en-US/ticket';
import enTransaction from '../../src/locales/en-US/transaction';
import enWallet from '../../src/locales/en-US/wallet';
import zhCheckout from '../../src/locales/zh-CN/checkout';
import {
  chooseChinese,
  expectAccessible,
  fillProfile,
  idNumberOfWoman,
  itemOf,
  logInOnLoginPage,
  walletOnPhone,
} from './support';

interface ExamAnswer {
  id: string;
  name: { en: string; zh: string };
  feeFen: number;
  requiresAccessCode: boolean;
  seatsLeft: number;
  arrivalLeadMinutes: number;
  startsAt: string;
}

/** Fen as the English pages show them: CN¥108.65. */
const money = (fen: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(fen / 100);

/** Open demo exams anyone can book without an access code and still change (over 72 hours away), soonest first. */
async function bookableExams(page: Page): Promise<ExamAnswer[]> {
  const answer = await (await page.request.get('/api/front/exams?pageSize=20')).json();
  const changeable = Date.now() + 80 * 3600_000;
  return (answer.data.list as ExamAnswer[]).filter(
    (exam) => !exam.requiresAccessCode && exam.seatsLeft > 0 && Date.parse(exam.startsAt) > changeable,
  );
}

test('a new candidate completes the profile, books, pays in the sandbox wallet and gets the ticket', async ({
  browser,
  page,
}) => {
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Individual');
  const [exam] = await bookableExams(page);
  expect(exam, 'a demo exam open for booking').toBeTruthy();

  await page.goto('/home/examlist');
  await expect(page.getByRole('heading', { name: enExam['pages.examlist.open.title'] })).toBeVisible();
  const row = itemOf(page, exam.name.en);
  await row.getByRole('button', { name: enExam['pages.examlist.action.book'], exact: true }).click();

  // A new account has no profile: the booking page asks for it, and brings the candidate back afterwards.
  await expect(page).toHaveURL(/\/home\/singleRegistration\?examId=/);
  const prompt = page.getByRole('dialog', { name: enCheckout['component.profileRequired.title'] });
  await expect(prompt.getByText(enCheckout['component.profileRequired.message'])).toBeVisible();
  await expectAccessible(page);
  await prompt.getByRole('button', { name: enCheckout['component.profileRequired.goToProfile'] }).click();
  await expect(page).toHaveURL(/\/home\/profile\?redirect=/);
  await fillProfile(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page).toHaveURL(new RegExp(`/home/singleRegistration\\?examId=${exam.id}`));

  await page.getByRole('button', { name: enCheckout['pages.checkout.next'] }).click();
  await expect(page.getByRole('heading', { name: enCheckout['pages.checkout.heading'] })).toBeVisible();
  await expect(page.getByText(enCheckout['pages.checkout.line.handling'])).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();

  const payment = page.getByRole('dialog', { name: enCheckout['pages.checkout.pay.title'] });
  await expect(payment).toBeVisible();
  await expect(payment.locator('svg').first()).toBeVisible();
  await expect(payment.getByRole('timer')).toBeVisible();
  await expectAccessible(page);

  // The wallet a phone opens by scanning the QR.
  const wallet = await walletOnPhone(browser, payment);
  await expect(wallet.getByText(enWallet['pages.wallet.sandbox'])).toBeVisible();
  await expectAccessible(wallet);
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).click();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.context().close();

  // The checkout notices the payment by itself (it polls) and shows Done.
  await expect(page.getByText(enCheckout['pages.checkout.done.title'])).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: enCheckout['pages.checkout.done.change'] })).toBeEnabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: enCheckout['pages.checkout.done.viewTicket'] }).click();
  await expect(page).toHaveURL(/\/home\/ticket\?registrationId=/);
  await expect(page.getByRole('heading', { name: enTicket['pages.ticket.title'] })).toBeVisible();
  await expect(page.getByRole('rowgroup').getByText('Li Hua', { exact: true })).toBeVisible();
  await expect(page.getByRole('rowgroup').getByText(maskIdCard(idNumberOfWoman()))).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: enTicket['pages.ticket.qrLabel'].replace('{name}', 'Li Hua').replace('{exam}', exam.name.en),
    }),
  ).toBeVisible();
  await expect(
    page.getByText(enTicket['pages.ticket.instructions'].replace('{n}', String(exam.arrivalLeadMinutes))),
  ).toBeVisible();
  await expectAccessible(page);
  // Printed, it is the admission ticket alone: no header, footer or buttons; the photo and the QR stay.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: enTicket['pages.ticket.print'] })).toBeHidden();
  await expect(
    page.getByRole('img', { name: enTicket['pages.ticket.photo'].replace('{name}', 'Li Hua') }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: enTicket['pages.ticket.qrLabel'].replace('{name}', 'Li Hua').replace('{exam}', exam.name.en),
    }),
  ).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/home/transaction');
  const paid = itemOf(page, exam.name.en);
  await expect(paid).toBeVisible();
  await expect(paid.getByText(enStatus['status.order.paid'])).toBeVisible();
  await expectAccessible(page);

  // The checkout once more, in Chinese, for the next exam.
  const second = (await bookableExams(page)).find((other) => other.id !== exam.id);
  expect(second, 'a second demo exam').toBeTruthy();
  await page.goto(`/home/singleRegistration?examId=${second?.id}`);
  await expect(page.getByRole('button', { name: enCheckout['pages.checkout.next'] })).toBeVisible();
  await chooseChinese(page);
  await page.getByRole('button', { name: zhCheckout['pages.checkout.next'] }).click();
  await expect(page.getByRole('heading', { name: zhCheckout['pages.checkout.heading'] })).toBeVisible();
  for (const line of [
    'subtotal',
    'referralDiscount',
    'promotionDiscount',
    'groupDiscount',
    'handling',
    'total',
  ] as const) {
    await expect(page.getByText(zhCheckout[`pages.checkout.line.${line}`], { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: zhCheckout['pages.checkout.payNow'] }).click();
  await expect(page.getByRole('dialog', { name: zhCheckout['pages.checkout.pay.title'] })).toBeVisible();
  await expectAccessible(page);
});

test('the total Check Out shows with a promo code is what the wallet, Transactions and the receipt say was paid', async ({
  browser,
  page,
}) => {
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Individual');
  await page.goto('/home/profile');
  await fillProfile(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(enProfile['pages.profile.saved'])).toBeVisible();
  const [exam] = await bookableExams(page);
  expect(exam, 'a demo exam open for booking').toBeTruthy();

  await page.goto(`/home/singleRegistration?examId=${exam.id}`);
  await page.getByLabel(enCheckout['pages.checkout.promoCode']).fill('SPRING10');
  await page.getByRole('button', { name: enCheckout['pages.checkout.next'] }).click();
  await expect(page.getByRole('heading', { name: enCheckout['pages.checkout.heading'] })).toBeVisible();
  /** The value beside a label in a bordered list of lines (Check Out, the receipt). */
  const lineOf = (label: string) =>
    page
      .locator('tr')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('td');
  const promotion = `-${money(Math.round(exam.feeFen / 10))}`;
  await expect(lineOf(enCheckout['pages.checkout.line.promotionDiscount'])).toHaveText(promotion);
  const total = (await lineOf(enCheckout['pages.checkout.line.total']).textContent()) ?? '';
  expect(total).toMatch(/^CN¥[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();

  const payment = page.getByRole('dialog', { name: enCheckout['pages.checkout.pay.title'] });
  await expect(payment.getByText(enCheckout['pages.checkout.pay.amount'].replace('{amount}', total))).toBeVisible();
  const wallet = await walletOnPhone(browser, payment);
  await expect(wallet.getByText(total, { exact: true })).toBeVisible();
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).click();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.context().close();
  await expect(page.getByText(enCheckout['pages.checkout.done.title'])).toBeVisible({ timeout: 30_000 });

  await page.goto('/home/transaction');
  const paid = itemOf(page, exam.name.en);
  await expect(paid.getByText(total, { exact: true })).toBeVisible();
  await paid
    .getByRole('link', { name: enTransaction['pages.transaction.receiptOf'].replace('{exam}', exam.name.en) })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(enReceipt['pages.receipt.title']) })).toBeVisible();
  await expect(lineOf(enReceipt['pages.receipt.promotionDiscountCode'].replace('{code}', 'SPRING10'))).toHaveText(
    promotion,
  );
  await expect(lineOf(enCheckout['pages.checkout.line.total'])).toHaveText(total);
  await expectAccessible(page);
});
