import { expect, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import enCheckout from '../../src/locales/en-US/checkout';
import enExam from '../../src/locales/en-US/exam';
import enWallet from '../../src/locales/en-US/wallet';
import zhCheckout from '../../src/locales/zh-CN/checkout';
import zhWallet from '../../src/locales/zh-CN/wallet';
import {
  approveCenter,
  center,
  completeCenterProfile,
  createExam,
  operatorConsole,
  phones,
  readyCandidate,
} from './journeys';
import { expectAccessible, logInOnLoginPage } from './support';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONE = 'Asia/Shanghai';
type CheckoutTexts = Record<keyof typeof enCheckout, string>;
type WalletTexts = Record<keyof typeof enWallet, string>;

/**
 * The next whole minute (the form's pickers set minutes) at least 40 s ahead, on the exam zone's clock: the candidate,
 * ready beforehand, arrives before it and sees the countdown, and the opening comes within 100 s.
 */
function nextOpening() {
  return dayjs().tz(ZONE).add(100, 'second').startOf('minute');
}

/** The center opens registration at `opensAt` through the exam's waiting room, in the exam form. */
async function openThroughWaitingRoom(page: Page, name: string, opensAt: dayjs.Dayjs) {
  await page.goto('/home/center');
  await page.getByRole('button', { name: center('pages.center.console.edit.label').replace('{name}', name) }).click();
  const form = page.getByRole('dialog', { name: center('pages.center.exam.editTitle') });
  const opening = form.getByLabel(
    `${center('pages.center.exam.registrationOpensAt')} ${center('pages.center.exam.optional')}`,
  );
  await opening.click();
  await opening.fill(opensAt.format('YYYY-MM-DD HH:mm'));
  await opening.press('Enter');
  await form.getByRole('switch', { name: center('pages.center.exam.waitingRoom') }).click();
  await expectAccessible(page);
  await form.getByRole('button', { name: center('pages.center.exam.save') }).click();
  await expect(page.getByText(center('pages.center.exam.updated').replace('{name}', name))).toBeVisible();
}

/** From "It's your turn" to a paid booking, in the page's language (`texts`, `wallet`). */
async function continueAndPay(page: Page, texts: CheckoutTexts, wallet: WalletTexts) {
  await page.getByRole('button', { name: texts['pages.queue.admitted.continue'] }).click();
  await page.getByRole('button', { name: texts['pages.checkout.next'] }).click();
  await page.getByRole('button', { name: texts['pages.checkout.payNow'] }).click();
  const walletUrl = await page.getByRole('link', { name: texts['pages.checkout.pay.openWallet'] }).getAttribute('href');
  const walletPage = await page.context().newPage();
  await walletPage.goto(walletUrl as string);
  await walletPage.getByRole('button', { name: wallet['pages.wallet.confirm'] }).click();
  await expect(walletPage.getByText(wallet['pages.wallet.paid'])).toBeVisible();
  await walletPage.close();
  await expect(page.getByText(texts['pages.checkout.done.title'])).toBeVisible({ timeout: 30_000 });
}

test("candidates wait in an exam's waiting room, are admitted and book, in English and in Chinese", async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const phone = phones();
  const suffix = phone.center.slice(-6);
  const name = `E2E Rush ${suffix}`;
  const code = `RUSH-${phone.center.slice(-8)}`;
  const businessName = `Rush Test Center ${suffix}`;

  // A center's exam, approved by an operator so candidates find it, opens through its waiting room a minute ahead
  // (set once the candidate is ready, so the countdown is still running when they arrive).
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, code, name);
  const operator = await operatorConsole(browser);
  await approveCenter(operator.page, businessName);
  await operator.context.close();
  const english = await readyCandidate(browser, phone.candidate);
  const candidate = english.page;
  await page.bringToFront();
  await openThroughWaitingRoom(page, name, nextOpening());

  // The candidate finds it marked as such; Book leads into the room, which counts down and promises no head start.
  await candidate.bringToFront();
  await candidate.goto('/home/examlist');
  await candidate.getByLabel(enExam['pages.examlist.filter.q']).fill(code);
  await candidate.getByRole('button', { name: enExam['pages.examlist.filter.search'], exact: true }).click();
  const row = candidate.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(enExam['pages.examlist.waitingRoom'])).toBeVisible();
  await row.getByRole('button', { name: enExam['pages.examlist.action.book'], exact: true }).click();
  await expect(candidate).toHaveURL(new RegExp(`/home/exams/${examId}/queue$`));
  await expect(candidate.getByRole('timer', { name: enCheckout['pages.queue.countdown.label'] })).toBeVisible();
  await expect(candidate.getByText(enCheckout['pages.queue.fair'])).toBeVisible();
  await expectAccessible(candidate);

  // At the opening the server admits at its rate; the page asks when told and says it is the candidate's turn.
  await expect(candidate.getByRole('heading', { name: enCheckout['pages.queue.admitted.title'] })).toBeVisible({
    timeout: 150_000,
  });
  await expectAccessible(candidate);
  await continueAndPay(candidate, enCheckout, enWallet);
  await english.context.close();

  // A second candidate, in Chinese, arrives after the opening: in line behind, or admitted at once, then books.
  const chinese = await readyCandidate(browser, `134${phone.candidate.slice(3)}`);
  await chinese.page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await chinese.page.goto(`/home/exams/${examId}/queue`);
  await expect(chinese.page.getByRole('heading', { name: zhCheckout['pages.queue.title'] })).toBeVisible();
  await expect(
    chinese.page
      .getByRole('status')
      .getByText(zhCheckout['pages.queue.position'])
      .or(chinese.page.getByRole('heading', { name: zhCheckout['pages.queue.admitted.title'] })),
  ).toBeVisible();
  await expect(chinese.page.getByRole('heading', { name: zhCheckout['pages.queue.admitted.title'] })).toBeVisible({
    timeout: 60_000,
  });
  await continueAndPay(chinese.page, zhCheckout, zhWallet);
  await chinese.context.close();
});
