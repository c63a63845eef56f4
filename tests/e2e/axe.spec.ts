import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import enCheckout from '../../src/locales/en-US/checkout';
import enProfile from '../../src/locales/en-US/profile';
import { completeCenterProfile, createExam, operatorConsole, phones } from './journeys';
import { fillProfile, logInOnLoginPage } from './support';

/**
 * axe-core on every page, in both languages, at the size of the project (desktop, phone): no serious or critical
 * violation. Each page is one soft assertion, so a run names every page that fails and why.
 */

const LANGUAGES = ['en-US', 'zh-CN'] as const;

/** Every serious or critical violation on the page as it stands, as `rule: nodes`; measured again while any remain. */
async function seriousViolations(page: Page): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Modals zoom in and messages fade out: axe would measure the contrast of a half-drawn frame.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    found = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (found.length === 0) return found;
    await page.waitForTimeout(1_000);
  }
  return found;
}

/** Opens the path in the language (the stored choice the language menu makes), waits for it to settle, runs axe. */
async function checkPage(page: Page, path: string, language: string, ready: (page: Page) => Promise<void>) {
  await page.evaluate((lang) => localStorage.setItem('umi_locale', lang), language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect.soft(await seriousViolations(page), `${path} in ${language}`).toEqual([]);
}

/** The page shows its main heading (a page without one shows its main landmark). */
const heading = async (page: Page) => {
  await expect(page.getByRole('heading').first()).toBeVisible();
};

test('a candidate’s pages: login, home, exams, profile, booking, wallet, ticket, result, transactions', async ({
  page,
}) => {
  test.setTimeout(240_000);
  for (const language of LANGUAGES) {
    await page.goto('/user/login');
    await checkPage(page, '/user/login', language, heading);
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
      walletPath,
    ]) {
      await checkPage(page, path, language, heading);
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
  test.setTimeout(300_000);
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
      await checkPage(page, path, language, heading);
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
      await checkPage(page, path, language, heading);
    }
  }
});

test('an operator’s pages', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await operatorConsole(browser);
  for (const language of LANGUAGES) {
    for (const path of [
      '/ops',
      '/ops/centers',
      '/ops/catalog',
      '/ops/operators',
      '/ops/orders',
      '/ops/support',
      '/ops/audit',
    ]) {
      await checkPage(page, path, language, heading);
    }
  }
  const outside = await browser.newContext({ locale: 'en-US' });
  const visitor = await outside.newPage();
  for (const language of LANGUAGES) {
    await visitor.goto('/ops/login');
    await checkPage(visitor, '/ops/login', language, heading);
  }
  await outside.close();
  await context.close();
});
