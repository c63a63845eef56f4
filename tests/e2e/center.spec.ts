import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import enCenter from '../../src/locales/en-US/center';
import enCheckout from '../../src/locales/en-US/checkout';
import enExaminer from '../../src/locales/en-US/examiner';
import enOps from '../../src/locales/en-US/ops';
import enProfile from '../../src/locales/en-US/profile';
import enResult from '../../src/locales/en-US/result';
import enTicket from '../../src/locales/en-US/ticket';
import enWallet from '../../src/locales/en-US/wallet';
import { writeCameraVideo } from './fakeCamera';
import { E2E_OPERATOR, expectAccessible, fillProfile, logInOnLoginPage, photo, readOtp } from './support';

/** A unified social credit code with a valid GB 32100 check character. */
const TAX_ID = '91350100M000100Y43';
const CANDIDATE = 'Li Hua';

const center = (key: keyof typeof enCenter) => enCenter[key];
const ops = (key: keyof typeof enOps, values: Record<string, string> = {}) =>
  enOps[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** Three phones of this run that no other test uses: the center, its examiner, the candidate. */
function phones() {
  const digits = String(Date.now() % 1e8).padStart(8, '0');
  return { center: `137${digits}`, examiner: `136${digits}`, candidate: `135${digits}` };
}

async function typeDate(page: Page, label: string, value: dayjs.Dayjs) {
  const field = page.getByLabel(label);
  await field.click();
  await field.fill(value.format('YYYY-MM-DD HH:mm'));
  await field.press('Enter');
}

async function completeCenterProfile(page: Page, businessName: string) {
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
  await page.getByLabel(enProfile['pages.profile.region']).click();
  await page.getByRole('menuitemcheckbox', { name: 'Beijing' }).click();
  await page.getByRole('menuitemcheckbox', { name: '北京市' }).click();
  await page.getByLabel(enProfile['pages.profile.address']).fill('1 Zhongguancun Street, Haidian District');
  await expectAccessible(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(center('pages.center.profile.saved'))).toBeVisible();
}

/** An operator approves the new center in the console, so candidates can find and book its exams. */
async function approveAsOperator(browser: Browser, businessName: string) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/ops/login');
  await page.getByLabel('Phone number').fill(E2E_OPERATOR.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await readOtp(E2E_OPERATOR.phone));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/ops\/login/);
  await page.goto('/ops/centers');
  await page.getByRole('button', { name: ops('pages.ops.centers.approve.label', { name: businessName }) }).click();
  await page
    .getByRole('button', { name: ops('pages.ops.centers.approve'), exact: true })
    .last()
    .click();
  await expect(page.getByText(ops('pages.ops.centers.approve.done', { name: businessName }))).toBeVisible();
  await context.close();
}

async function createExam(page: Page, code: string, name: string): Promise<string> {
  await page.goto('/home/center');
  await expect(page.getByRole('heading', { name: center('pages.center.console.title') })).toBeVisible();
  await page.getByRole('button', { name: center('pages.center.console.create') }).click();
  const form = page.getByRole('dialog', { name: center('pages.center.exam.createTitle') });
  await form.getByLabel(center('pages.center.exam.code')).fill(code);
  await form.getByLabel(center('pages.center.exam.category')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await form.getByLabel(center('pages.center.exam.nameZh')).fill('端到端考试');
  await form.getByLabel(center('pages.center.exam.nameEn')).fill(name);
  await form.getByLabel(center('pages.center.exam.locationZh')).fill('一号考场');
  await form.getByLabel(center('pages.center.exam.locationEn')).fill('Hall 1');
  const start = dayjs().add(5, 'day').hour(9).minute(0);
  await typeDate(page, center('pages.center.exam.startsAt'), start);
  await typeDate(page, center('pages.center.exam.registrationEndsAt'), start.subtract(1, 'day'));
  await form.getByLabel(center('pages.center.exam.fee')).fill('100');
  await form.getByLabel(center('pages.center.exam.capacity')).fill('50');
  await expectAccessible(page);
  await form.getByRole('button', { name: center('pages.center.exam.create') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: new RegExp(center('pages.center.console.open')) }).click();
  await expect(page).toHaveURL(/\/home\/center\/exams\/[0-9a-f-]{36}/);
  return page.url().split('/').at(-1) as string;
}

test('a center creates an exam, a candidate books and pays, an examiner scans the ticket, the center publishes, the certificate verifies', async ({
  browser,
  page,
}) => {
  // Four people, three browsers and a camera: longer than one page's test.
  test.setTimeout(180_000);
  const phone = phones();
  const name = `E2E Swimming ${phone.center.slice(-6)}`;

  // The test center: profile, an exam, an examiner assigned by phone.
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  const businessName = `Haidian Test Center ${phone.center.slice(-6)}`;
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, `E2E-${phone.center.slice(-8)}`, name);
  await approveAsOperator(browser, businessName);
  await page.getByRole('tab', { name: center('pages.center.examPage.tab.examiners') }).click();
  await page.getByLabel(center('pages.center.examiners.phone')).fill(phone.examiner);
  await page.getByRole('button', { name: center('pages.center.examiners.assign') }).click();
  await expect(page.getByRole('cell', { name: phone.examiner, exact: true })).toBeVisible();
  await expectAccessible(page);

  // The candidate books and pays in the sandbox wallet, and opens the ticket.
  const candidateContext = await browser.newContext({ locale: 'en-US' });
  const candidate = await candidateContext.newPage();
  await candidate.goto('/user/login');
  await logInOnLoginPage(candidate, 'Individual', phone.candidate);
  await candidate.goto('/home/profile');
  await fillProfile(candidate);
  await candidate.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(candidate.getByText(enProfile['pages.profile.saved'])).toBeVisible();
  await candidate.goto(`/home/singleRegistration?examId=${examId}`);
  await candidate.getByRole('button', { name: enCheckout['pages.checkout.next'] }).click();
  await candidate.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();
  const walletUrl = await candidate
    .getByRole('link', { name: enCheckout['pages.checkout.pay.openWallet'] })
    .getAttribute('href');
  const wallet = await candidateContext.newPage();
  await wallet.goto(walletUrl as string);
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).click();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.close();
  await candidate
    .getByRole('button', { name: enCheckout['pages.checkout.done.viewTicket'] })
    .click({ timeout: 15_000 });
  const qr = candidate.getByRole('img', {
    name: enTicket['pages.ticket.qrLabel'].replace('{name}', CANDIDATE).replace('{exam}', name),
  });
  await expect(qr).toBeVisible();

  // The examiner's phone camera sees the printed ticket: a video made from the QR as the ticket page drew it.
  const work = mkdtempSync(join(tmpdir(), 'exam-e2e-camera-'));
  const video = join(work, 'ticket.y4m');
  await writeCameraVideo(await qr.screenshot(), video);
  const camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const door = await camera.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'en-US',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['camera'],
    });
    const examiner = await door.newPage();
    await examiner.goto('/user/login');
    await logInOnLoginPage(examiner, 'Examiner', phone.examiner);
    await examiner.goto('/home/examlist');
    // This examiner has one exam: the one the center assigned.
    await expect(examiner.getByRole('heading', { name })).toBeVisible();
    await examiner.getByRole('button', { name: enExaminer['pages.examiner.exams.qrCode'] }).click();
    await expect(examiner).toHaveURL(/\/home\/examiner\/scan\?examId=/);
    await expect(examiner.getByText(enExaminer['pages.examiner.scan.identity.title'])).toBeVisible({
      timeout: 20_000,
    });
    await expect(examiner.getByText(CANDIDATE, { exact: true })).toBeVisible();
    await expectAccessible(examiner);
    await examiner.getByRole('button', { name: enExaminer['pages.examiner.scan.checkin'], exact: true }).click();
    await expect(
      examiner.getByText(enExaminer['pages.examiner.scan.checkedIn'].replace('{name}', CANDIDATE)),
    ).toBeVisible();
    await expect(
      examiner.getByText(
        enExaminer['pages.examiner.scan.counter'].replace('{checkedIn}', '1').replace('{expected}', '1'),
      ),
    ).toBeVisible();
    await door.close();
  } finally {
    await camera.close();
    rmSync(work, { recursive: true, force: true });
  }

  // The center enters the result and publishes: a certificate number is issued.
  await page.reload();
  await page.getByRole('tab', { name: center('pages.center.examPage.tab.results') }).click();
  await page
    .getByLabel(center('pages.center.results.outcome.label').replace('{name}', CANDIDATE))
    .getByText(center('pages.center.results.outcome.pass'))
    .click();
  await page.getByRole('button', { name: center('pages.center.results.publish') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: center('pages.center.results.publish') })
    .click();
  const certificate = page.getByText(/EA-\d{4}-[0-9A-Z]{8}-[0-9A-Z]/).first();
  await expect(certificate).toBeVisible();
  const number = /EA-\d{4}-[0-9A-Z]{8}-[0-9A-Z]/.exec((await certificate.textContent()) ?? '')?.[0] as string;
  await expectAccessible(page);

  // The candidate sees the pass and the certificate.
  await candidate.goto('/home/result');
  await expect(candidate.getByText(enResult['pages.result.pass']).first()).toBeVisible();
  await expect(candidate.getByText(enResult['pages.result.certificate'].replace('{number}', number))).toBeVisible();
  await candidate.getByRole('button', { name: enResult['pages.result.printCertificate'] }).click();
  await expect(candidate.getByText(enResult['pages.result.certificate.certifies'])).toBeVisible();
  await expectAccessible(candidate);
  await candidateContext.close();

  // Anyone can check the certificate at /verify, without logging in.
  const publicContext = await browser.newContext({ locale: 'en-US' });
  const visitor = await publicContext.newPage();
  await visitor.goto(`/verify?number=${number}`);
  await expect(visitor.getByText(name)).toBeVisible();
  await expect(visitor.getByText('L* H**')).toBeVisible();
  await expectAccessible(visitor);
  await publicContext.close();
});
