import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { idCardCheckCharacter } from '../../contract/idcard';
import enCheckout from '../../src/locales/en-US/checkout';
import enProfile from '../../src/locales/en-US/profile';

/** Every one-time code the server has printed for this phone so far (`[sms] to=+86... code=......`), oldest first. */
export function sentOtps(phone: string): string[] {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set: run through playwright.config.ts');
  const line = new RegExp(`^\\[sms\\] to=\\+86${phone} code=(\\d{6})$`, 'gm');
  return [...readFileSync(logFile, 'utf8').matchAll(line)].map((match) => match[1] as string);
}

/** Every notice SMS the console provider printed for this phone so far (`[sms] to=+86... text=...`), oldest first. */
export function sentTexts(phone: string): string[] {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set: run through playwright.config.ts');
  const line = new RegExp(`^\\[sms\\] to=\\+86${phone} text=(.*)$`, 'gm');
  return [...readFileSync(logFile, 'utf8').matchAll(line)].map((match) => match[1] as string);
}

/**
 * The newest one-time code for this phone once more than `seen` have been printed: a phone that logs in again (the
 * run's operator) waits for the code it just asked for, not the one it used before.
 */
export async function readOtp(phone: string, seen = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const codes = sentOtps(phone);
      code = codes.length > seen ? codes.at(-1) : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** The Playwright worker running this test (0, 1, ...): tests of different workers run at the same time. */
const workerIndex = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

let lastIssued = 0;

/**
 * Eight digits that end no other phone of this run, reserving `count` consecutive numbers: the worker's own first
 * digit, then a number that only grows and starts from the clock, so a worker restarted after a failure does not
 * issue its predecessor's numbers again.
 */
export function uniqueDigits(count = 1): string {
  const first = Math.max(lastIssued + 1, Date.now() % 1e7);
  lastIssued = first + count - 1;
  return `${workerIndex() % 10}${String(first).padStart(7, '0')}`;
}

/** A phone number no other test uses, so the 60-second resend interval never gets in the way. */
export function uniquePhone(): string {
  return `139${uniqueDigits()}`;
}

/**
 * The run's operators, one per worker (global-setup adds them through `npm run operator -- add`): an operator logs in
 * with a code sent at most once a second, which two workers logging in at once would share.
 */
export const E2E_OPERATORS = [1, 2, 3, 4].map((n) => ({ phone: `1330000999${n}`, name: `E2E Operator ${n}` }));

/** The operator of the worker running this test. */
export const e2eOperator = () => E2E_OPERATORS[workerIndex() % E2E_OPERATORS.length] as (typeof E2E_OPERATORS)[number];

export type KindLabel = 'Individual' | 'Test center' | 'Examiner';

/** Logs in on the page already showing /user/login, as a person would. */
export async function logInOnLoginPage(page: Page, kind: KindLabel, phone = uniquePhone()): Promise<string> {
  await page.getByText(kind, { exact: true }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await readOtp(phone));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  return phone;
}

/**
 * axe-core on the page as it stands: no serious or critical violation. A violation must last: a frame caught
 * mid-transition (a validation message fading out after its transition was measured as done) is measured again,
 * for up to 5 s, and only what is still there fails.
 */
export async function expectAccessible(page: Page) {
  expect(await seriousViolations(page), 'serious or critical accessibility violations').toEqual([]);
}

/** Every serious or critical violation on the page as it stands, as `rule: help (nodes)`, measured as said above. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Modals zoom in and messages fade out: axe would measure the contrast of a half-drawn frame.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const serious = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('; ')})`,
      );
  };
  let found = await serious();
  for (let waited = 0; found.length > 0 && waited < 5_000; waited += 1_000) {
    await page.waitForTimeout(1_000);
    found = await serious();
  }
  return found;
}

/** The two languages of the UI, in which axe checks every page. */
export const LANGUAGES = ['en-US', 'zh-CN'] as const;

/**
 * Picks Chinese in the header's language menu, as a person would. The menu's code arrives on the first click and the
 * menu animates open, so on a busy machine a pick can miss: the button is pressed only while the menu is closed (a
 * second press would close it), and the pick is tried again until the document's language is Chinese.
 */
export async function chooseChinese(page: Page) {
  const html = page.locator('html');
  const item = page.getByRole('menuitem', { name: /简体中文/ });
  await expect(async () => {
    if ((await html.getAttribute('lang')) === 'zh-CN') return;
    if (!(await item.isVisible())) await page.getByRole('button', { name: /^Language/ }).click();
    await item.click({ timeout: 5_000 });
    await expect(html).toHaveAttribute('lang', 'zh-CN', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

/** The page shows its main heading. */
export async function headingShown(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
}

/**
 * Opens the path in the language (the stored choice the language menu makes), waits for it to settle, runs axe: one
 * soft assertion per page, so a run names every page that fails and why.
 */
export async function checkPage(page: Page, path: string, language: string, ready = headingShown) {
  await page.evaluate((lang) => localStorage.setItem('umi_locale', lang), language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect.soft(await seriousViolations(page), `${path} in ${language}`).toEqual([]);
}

/** The table row, or on a phone the card (a list item), that shows `text`: the lists are tables only on wide screens. */
export function itemOf(page: Page, text: string): Locator {
  return page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text });
}

/**
 * Opens the province and city field named `field` and picks a province, then one of its cities (English UI). Near the
 * bottom of the window the menu opens above the field and can still be moving into place when the province is
 * clicked; on a busy machine that click once landed beside it and no cities ever showed. So the province is clicked
 * again until its cities show (clicking an open province again changes nothing).
 */
export async function chooseRegion(page: Page, field: string, province: string, city: string) {
  await page.getByLabel(field).click();
  const provinceItem = page.getByRole('menu').first().getByRole('menuitemcheckbox', { name: province });
  const cityItem = page.getByRole('menu').nth(1).getByRole('menuitemcheckbox', { name: city });
  await expect(async () => {
    await provinceItem.click({ timeout: 5_000 });
    await expect(cityItem).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await cityItem.click();
}

/** An ID card number that agrees with 1990-03-07 and a woman (even 17th digit). */
export function idNumberOfWoman(): string {
  const first17 = '11010519900307002';
  return first17 + idCardCheckCharacter(first17);
}

/** A portrait photo within the ID photo rules (at least 295 × 413 px), at the ticket box's 300 dpi size. */
export async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 354, height: 496, channels: 3, background: '#7a8ca5' } })
    .png()
    .toBuffer();
}

export async function fillProfile(page: Page) {
  const label = (key: keyof typeof enProfile) => enProfile[key];
  await page.getByLabel(label('pages.profile.name'), { exact: true }).fill('Li Hua');
  await page.getByLabel(label('pages.profile.gender.female')).check();
  await page.getByLabel(label('pages.profile.email')).fill('li.hua@example.com');
  await page.getByLabel(label('pages.profile.contactPhone')).fill('13912345678');
  await page.getByLabel(label('pages.profile.idNumber')).fill(idNumberOfWoman());
  const birth = page.getByLabel(label('pages.profile.dateOfBirth'));
  await birth.click();
  await birth.fill('1990-03-07');
  await birth.press('Enter');
  await chooseRegion(page, label('pages.profile.region'), 'Beijing', 'Beijing');
  await page.getByLabel(label('pages.profile.address')).fill('59 Zhongguancun Street, Haidian District');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  // The crop step: the photo centred at the ticket's proportions, confirmed as it is.
  const crop = page.getByRole('dialog', { name: label('pages.profile.photo.crop.title') });
  await expect(crop.getByRole('img', { name: label('pages.profile.photo.crop.preview') })).toBeVisible();
  await crop.getByRole('button', { name: label('pages.profile.photo.crop.confirm') }).click();
  await expect(page.getByRole('img', { name: label('pages.profile.avatar.alt') })).toBeVisible();
}

/**
 * The sandbox wallet the payment dialog's QR opens, as a phone that scans it would: another device, phone-sized,
 * where nobody is logged in. The caller closes its context.
 */
export async function walletOnPhone(browser: Browser, payment: Locator): Promise<Page> {
  const walletUrl = await payment
    .getByRole('link', { name: enCheckout['pages.checkout.pay.openWallet'] })
    .getAttribute('href');
  expect(walletUrl).toMatch(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true });
  const wallet = await phone.newPage();
  await wallet.goto(walletUrl as string);
  return wallet;
}
