import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import enCenter from '../../src/locales/en-US/center';
import enCheckout from '../../src/locales/en-US/checkout';
import enOps from '../../src/locales/en-US/ops';
import enProfile from '../../src/locales/en-US/profile';
import enWallet from '../../src/locales/en-US/wallet';
import {
  chooseRegion,
  e2eOperator,
  expectAccessible,
  fillProfile,
  logInOnLoginPage,
  photo,
  readOtp,
  sentOtps,
  uniqueDigits,
} from './support';

/** Steps several journeys share: a center ready with an exam, an operator at the console, a candidate who paid. */

/** A unified social credit code with a valid GB 32100 check character. */
const TAX_ID = '91350100M000100Y43';

export const center = (key: keyof typeof enCenter) => enCenter[key];
export const ops = (key: keyof typeof enOps, values: Record<string, string> = {}) =>
  enOps[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** Phones of this run that no other test uses: the center, its examiner, the candidate. */
export function phones() {
  const digits = uniqueDigits();
  return { center: `137${digits}`, examiner: `136${digits}`, candidate: `135${digits}` };
}

async function typeDate(page: Page, label: string, value: dayjs.Dayjs) {
  const field = page.getByLabel(label);
  await field.click();
  await field.fill(value.format('YYYY-MM-DD HH:mm'));
  await field.press('Enter');
}

/** The center's profile with its business license, as a new center completes it after signing up. */
export async function completeCenterProfile(page: Page, businessName: string) {
  await page.goto('/home/profile');
  await page.getByLabel(center('pages.center.profile.businessName')).fill(businessName);
  await page.getByLabel(center('pages.center.profile.taxId')).fill(TAX_ID);
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: await photo() });
  await expect(page.getByRole('img', { name: center('pages.center.profile.license.alt') })).toBeVisible();
  await page.getByLabel(center('pages.center.profile.capacity')).fill('200');
  await page.getByLabel(center('pages.center.profile.contactName')).fill('Wang Fang');
  await page.getByLabel(center('pages.center.profile.contactPhone')).fill('13911112222');
  await chooseRegion(page, enProfile['pages.profile.region'], 'Beijing', 'Beijing');
  await page.getByLabel(enProfile['pages.profile.address']).fill('1 Zhongguancun Street, Haidian District');
  await expectAccessible(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(center('pages.center.profile.saved'))).toBeVisible();
}

/**
 * When a test's own exam starts: 9:00, fifty days on, after every demo exam (server/db/seed/demo.ts goes to 45 days).
 * Lists are soonest first, so the demo exams that other tests book fill the first page, and no test running at the
 * same time takes one of these for a demo exam and books it.
 */
export const ownExamStart = () => dayjs().add(50, 'day').hour(9).minute(0);

/**
 * Picks the first option of an antd select and checks that it shows as chosen. On a busy machine a click on an option
 * while the list was still opening has been lost (CI: "Please select a category"), so the pick is tried again.
 */
export async function chooseFirstOption(page: Page, combobox: Locator) {
  const chosen = combobox.locator(
    'xpath=ancestor::div[contains(@class, "ant-select-selector")]//*[contains(@class, "ant-select-selection-item")]',
  );
  await expect(async () => {
    await combobox.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 2_000 });
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A new exam (ownExamStart) for ¥100 and `seats` seats (50); answers its id, with the center's page of it open. */
export async function createExam(page: Page, code: string, name: string, seats = 50): Promise<string> {
  await page.goto('/home/center');
  await expect(page.getByRole('heading', { name: center('pages.center.console.title') })).toBeVisible();
  await page.getByRole('button', { name: center('pages.center.console.create') }).click();
  const form = page.getByRole('dialog', { name: center('pages.center.exam.createTitle') });
  await form.getByLabel(center('pages.center.exam.code')).fill(code);
  await chooseFirstOption(page, form.getByLabel(center('pages.center.exam.category')));
  await form.getByLabel(center('pages.center.exam.nameZh')).fill('端到端考试');
  await form.getByLabel(center('pages.center.exam.nameEn')).fill(name);
  await form.getByLabel(center('pages.center.exam.locationZh')).fill('一号考场');
  await form.getByLabel(center('pages.center.exam.locationEn')).fill('Hall 1');
  const start = ownExamStart();
  await typeDate(page, center('pages.center.exam.startsAt'), start);
  await typeDate(page, center('pages.center.exam.registrationEndsAt'), start.subtract(1, 'day'));
  await form.getByLabel(center('pages.center.exam.fee')).fill('100');
  await form.getByLabel(center('pages.center.exam.capacity')).fill(String(seats));
  await expectAccessible(page);
  await form.getByRole('button', { name: center('pages.center.exam.create') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: new RegExp(center('pages.center.console.open')) }).click();
  await expect(page).toHaveURL(/\/home\/center\/exams\/[0-9a-f-]{36}/);
  return page.url().split('/').at(-1) as string;
}

/** The worker's operator (added by the CLI in global-setup) logged in at /ops/login, in a context of its own. */
export async function operatorConsole(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const operator = e2eOperator();
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/ops/login');
  await page.getByLabel('Phone number').fill(operator.phone);
  const seen = sentOtps(operator.phone).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await readOtp(operator.phone, seen));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/ops\/login/);
  return { context, page };
}

/** The operator approves the center in the verification queue, so candidates can find and book its exams. */
export async function approveCenter(page: Page, businessName: string) {
  await page.goto('/ops/centers');
  await page.getByRole('button', { name: ops('pages.ops.centers.approve.label', { name: businessName }) }).click();
  await page
    .getByRole('button', { name: ops('pages.ops.centers.approve'), exact: true })
    .last()
    .click();
  await expect(page.getByText(ops('pages.ops.centers.approve.done', { name: businessName }))).toBeVisible();
}

/** A candidate with a complete profile, logged in in a context of their own. */
export async function readyCandidate(
  browser: Browser,
  phone: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Individual', phone);
  await page.goto('/home/profile');
  await fillProfile(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(enProfile['pages.profile.saved'])).toBeVisible();
  return { context, page };
}

/** The candidate books the exam and pays in the sandbox wallet; the checkout then offers the ticket. */
export async function bookAndPay(candidate: Page, examId: string) {
  await candidate.goto(`/home/singleRegistration?examId=${examId}`);
  await checkOutAndPay(candidate);
}

/** On the booking page's details step: Next, Pay now, and paying in the sandbox wallet. */
export async function checkOutAndPay(candidate: Page) {
  await candidate.getByRole('button', { name: enCheckout['pages.checkout.next'] }).click();
  await candidate.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();
  const walletUrl = await candidate
    .getByRole('link', { name: enCheckout['pages.checkout.pay.openWallet'] })
    .getAttribute('href');
  const wallet = await candidate.context().newPage();
  await wallet.goto(walletUrl as string);
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).click();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.close();
}
