import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import enCheckout from '../../src/locales/en-US/checkout';
import enExaminer from '../../src/locales/en-US/examiner';
import enResult from '../../src/locales/en-US/result';
import enTicket from '../../src/locales/en-US/ticket';
import { writeCameraVideo } from './fakeCamera';
import {
  approveCenter,
  bookAndPay,
  center,
  completeCenterProfile,
  createExam,
  operatorConsole,
  phones,
  readyCandidate,
} from './journeys';
import { expectAccessible, logInOnLoginPage } from './support';

const CANDIDATE = 'Li Hua';

test('a center creates an exam, a candidate books and pays, an examiner scans the ticket, the center publishes, the certificate verifies', async ({
  browser,
  page,
}) => {
  // Four people, three browsers and a camera: longer than one page's test.
  test.setTimeout(360_000);
  const phone = phones();
  const name = `E2E Swimming ${phone.center.slice(-6)}`;

  // The test center: profile, an exam, an examiner assigned by phone.
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  const businessName = `Haidian Test Center ${phone.center.slice(-6)}`;
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, `E2E-${phone.center.slice(-8)}`, name);
  const operator = await operatorConsole(browser);
  await approveCenter(operator.page, businessName);
  await operator.context.close();
  await page.getByRole('tab', { name: center('pages.center.examPage.tab.examiners') }).click();
  await page.getByLabel(center('pages.center.examiners.phone')).fill(phone.examiner);
  await page.getByRole('button', { name: center('pages.center.examiners.assign') }).click();
  await expect(page.getByRole('cell', { name: phone.examiner, exact: true })).toBeVisible();
  await expectAccessible(page);

  // The candidate books and pays in the sandbox wallet, and opens the ticket.
  const { context: candidateContext, page: candidate } = await readyCandidate(browser, phone.candidate);
  await bookAndPay(candidate, examId);
  await candidate
    .getByRole('button', { name: enCheckout['pages.checkout.done.viewTicket'] })
    .click({ timeout: 30_000 });
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
      timeout: 40_000,
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
