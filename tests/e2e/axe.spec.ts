import { expect, type Page, test } from '@playwright/test';
import enCheckout from '../../src/locales/en-US/checkout';
import enProfile from '../../src/locales/en-US/profile';
import { completeCenterProfile, createExam, phones } from './journeys';
import { checkPage, fillProfile, LANGUAGES, logInOnLoginPage } from './support';

/**
 * axe-core on every page of candidates, centers and examiners, in both languages, at the size of the project (desktop,
 * phone): no serious or critical violation. The operators' console: axe-ops.spec.ts.
 */

test('a candidate’s pages: login, home, exams, profile, booking, wallet, ticket, result, transactions', async ({
  page,
}) => {
  test.setTimeout(480_000);
  for (const language of LANGUAGES) {
    await page.goto('/user/login');
    await checkPage(page, '/user/login', language);
  }
  await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Individual');
  await page.goto('/home/profile');
  await fillProfile(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(enProfile['pages.profile.saved'])).toBeVisible();

  // A booking left waiting for its payment: the wallet page and the booking's own page.
  const answer = await (await page.request.get('/api/front/exams?pageSize=20')).json();
  const exam = (answer.data.list as { id: string; requiresAccessCode: boolean; seatsLeft: number }[]).find(
    (one) => !one.requiresAccessCode && one.seatsLeft > 0,
  );
  expect(exam, 'a demo exam open for booking').toBeTruthy();
  await page.goto(`/home/singleRegistration?examId=${exam?.id}`);
  await page.getByRole('button', { name: enCheckout['pages.checkout.next'] }).click();
  await page.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();
  const walletUrl = await page
    .getByRole('link', { name: enCheckout['pages.checkout.pay.openWallet'] })
    .getAttribute('href');
  const walletPath = new URL(walletUrl as string).pathname;

  for (const language of LANGUAGES) {
    for (const path of [
      '/home',
      '/home/examlist',
      '/home/profile',
      `/home/singleRegistration?examId=${exam?.id}`,
      `/home/gRegistration?examId=${exam?.id}`,
      '/home/ticket',
      '/home/result',
      '/home/transaction',
      '/home/waitlist',
      '/home/notifications',
      walletPath,
    ]) {
      await checkPage(page, path, language);
    }
  }
});

/** Moves the session of `from` (its stored token and kind) to `to`, which then opens pages as the same account. */
async function shareSession(from: Page, to: Page) {
  const session = await from.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('type')]);
  await to.goto('/user/login');
  await to.evaluate(([token, kind]) => {
    localStorage.setItem('access_token', token ?? '');
    localStorage.setItem('type', kind ?? '');
  }, session);
}

test('a test center’s and an examiner’s pages', async ({ browser, page }) => {
  test.setTimeout(600_000);
  const phone = phones();
  // The center and its exam are made on a desktop-sized screen, where centers work; the pages are then checked at
  // the project's size.
  const office = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const desk = await office.newPage();
  await desk.goto('/user/login');
  await logInOnLoginPage(desk, 'Test center', phone.center);
  await completeCenterProfile(desk, `Axe Center ${phone.center}`);
  const examId = await createExam(desk, `AXE${phone.center.slice(-6)}`, `Axe exam ${phone.center}`);
  await shareSession(desk, page);
  await office.close();
  for (const language of LANGUAGES) {
    for (const path of ['/home/center', `/home/center/exams/${examId}`, '/home/profile']) {
      await checkPage(page, path, language);
    }
  }

  const door = await browser.newContext({ locale: 'en-US' });
  const examiner = await door.newPage();
  await examiner.goto('/user/login');
  await logInOnLoginPage(examiner, 'Examiner', phone.examiner);
  await shareSession(examiner, page);
  await door.close();
  for (const language of LANGUAGES) {
    for (const path of ['/home/examlist', '/home/profile', '/home/examiner/scan']) {
      await checkPage(page, path, language);
    }
  }
});
