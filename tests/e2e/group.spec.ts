import { expect, type Page, test } from '@playwright/test';
import enCheckout from '../../src/locales/en-US/checkout';
import enErrors from '../../src/locales/en-US/errors';
import enExam from '../../src/locales/en-US/exam';
import enGroup from '../../src/locales/en-US/gRegistration';
import enStatus from '../../src/locales/en-US/status';
import enWallet from '../../src/locales/en-US/wallet';
import { csvOf, GROUP_HEADER, memberRows, xlsxOf } from '../helpers/spreadsheets';
import { expectAccessible, itemOf, logInOnLoginPage, uniqueDigits, walletOnPhone } from './support';

interface ExamAnswer {
  id: string;
  name: { en: string; zh: string };
  requiresAccessCode: boolean;
  seatsLeft: number;
}

/** An open demo exam without an access code and with room for a small class (the last such on the first page My Exams shows, away from other specs). */
async function examForAGroup(page: Page): Promise<ExamAnswer> {
  const answer = await (await page.request.get('/api/front/exams?pageSize=10')).json();
  const exams = (answer.data.list as ExamAnswer[]).filter((exam) => !exam.requiresAccessCode && exam.seatsLeft >= 10);
  const exam = exams.at(-1);
  expect(exam, 'a demo exam with room for a group').toBeTruthy();
  return exam as ExamAnswer;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Members whose phones no other test of the run uses. */
function classList(count: number): string[][] {
  return memberRows(count, { firstPhone: Number(`138${uniqueDigits(count)}`) });
}

async function startGroup(page: Page): Promise<ExamAnswer> {
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Individual');
  const exam = await examForAGroup(page);
  await page.goto('/home/examlist');
  const row = itemOf(page, exam.name.en);
  await row.getByRole('button', { name: enExam['pages.examlist.action.groupBook'] }).click();
  await expect(page).toHaveURL(new RegExp(`/home/gRegistration\\?examId=${exam.id}`));
  await expect(page.getByText(enGroup['pages.gRegistration.step.info']).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(enGroup['pages.gRegistration.info.name']).fill('Teacher Wang');
  await page.getByLabel(enGroup['pages.gRegistration.info.organization']).fill('No. 1 Middle School');
  await page.getByRole('button', { name: enGroup['pages.gRegistration.next'] }).click();
  await expect(page.getByText(enGroup['pages.gRegistration.upload.templates'])).toBeVisible();
  await expect(page).toHaveURL(/groupId=/);
  return exam;
}

async function chooseFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type=file]').first().setInputFiles({ name, mimeType, buffer });
}

test('a coordinator registers a class: upload with refused rows, upload again, one payment, every ticket', async ({
  browser,
  page,
}) => {
  const exam = await startGroup(page);
  await expectAccessible(page);

  // The templates download from the server; uploaded unchanged, they hold no member (no sample to charge for).
  for (const name of ['xlsx', 'csv'] as const) {
    const link = page.getByRole('link', { name: enGroup[`pages.gRegistration.upload.template.${name}`] });
    const download = await page.request.get((await link.getAttribute('href')) as string);
    expect(download.ok()).toBe(true);
    expect(download.headers()['content-disposition']).toContain(`.${name}`);
    if (name === 'xlsx') {
      await chooseFile(page, 'template.xlsx', XLSX, await download.body());
      await expect(page.getByText(enErrors['errors.GROUP_FILE_EMPTY'])).toBeVisible();
    }
  }

  // A first file saved by Excel in China: GBK CSV with one good row and one with a broken phone.
  const [good, broken] = classList(2);
  const first = csvOf([GROUP_HEADER, good as string[], [broken?.[0] ?? '', '12345', broken?.[2] ?? '', '', '']], {
    encoding: 'gbk',
  });
  await chooseFile(page, 'class.csv', 'text/csv', first);
  const rejected = page.getByRole('table', { name: enGroup['pages.gRegistration.upload.rejected'] });
  await expect(rejected).toBeVisible();
  await expect(
    rejected.getByText(`Phone "12345": ${enGroup['pages.gRegistration.reason.PHONE_INVALID']}`, { exact: true }),
  ).toBeVisible();
  await expect(rejected.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(page.getByText(enGroup['pages.gRegistration.upload.total'].replace('{n}', '2'))).toBeVisible();
  await expectAccessible(page);

  // Upload again: the corrected class as .xlsx replaces the first result.
  const members = classList(3);
  await page.getByRole('button', { name: enGroup['pages.gRegistration.upload.again'] }).click();
  await chooseFile(page, 'class.xlsx', XLSX, await xlsxOf([GROUP_HEADER, ...members]));
  await expect(page.getByText(enGroup['pages.gRegistration.upload.total'].replace('{n}', '3'))).toBeVisible();
  await expect(rejected).toBeHidden();
  const accepted = page.getByRole('table', {
    name: enGroup['pages.gRegistration.upload.accepted'].replace('{n}', '3'),
  });
  for (const member of members) await expect(accepted.getByText(member[0] as string)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: enGroup['pages.gRegistration.next'] }).click();
  await expect(page.getByRole('heading', { name: enGroup['pages.gRegistration.step.payment'] })).toBeVisible();
  await expect(page.getByText(enCheckout['pages.checkout.line.groupDiscount'])).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: enCheckout['pages.checkout.payNow'] }).click();
  const payment = page.getByRole('dialog', { name: enCheckout['pages.checkout.pay.title'] });
  await expect(payment).toBeVisible();
  await expectAccessible(page);

  // The coordinator pays on a phone, in the sandbox wallet the QR opens.
  const wallet = await walletOnPhone(browser, payment);
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).click();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.context().close();

  await expect(page.getByText(enGroup['pages.gRegistration.done.title'])).toBeVisible({ timeout: 30_000 });
  const roster = page.getByRole('table', { name: enGroup['pages.gRegistration.done.roster'] });
  for (const member of members) {
    await expect(roster.getByRole('row').filter({ hasText: member[0] as string })).toContainText(
      enStatus['status.registration.register'],
    );
  }
  for (const member of members) {
    await expect(
      page.getByText(enGroup['pages.gRegistration.done.ticketTitle'].replace('{name}', member[0] as string)),
    ).toBeVisible();
  }
  await expectAccessible(page);
  // Printed: only the tickets, each with its QR.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: enGroup['pages.gRegistration.done.print'] })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // A member logs in with their own phone and finds the exam among their registrations.
  const memberContext = await browser.newContext({ locale: 'en-US' });
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/user/login');
  await logInOnLoginPage(memberPage, 'Individual', members[0]?.[1]);
  await memberPage.goto('/home/examlist');
  await expect(itemOf(memberPage, exam.name.en).first()).toContainText(enStatus['status.registration.register']);
  await memberContext.close();
});

test('Skip leaves the group steps for single registration of the same exam', async ({ page }) => {
  const exam = await startGroup(page);
  await page.getByRole('button', { name: enGroup['pages.gRegistration.upload.skip'] }).click();
  await expect(page).toHaveURL(new RegExp(`/home/singleRegistration\\?examId=${exam.id}`));
});
