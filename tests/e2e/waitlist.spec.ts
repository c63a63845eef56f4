import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { formatFen } from '../../contract/format';
import { NOTICE_TEXTS } from '../../server/documents/notices';
import enCheckout from '../../src/locales/en-US/checkout';
import enExam from '../../src/locales/en-US/exam';
import enMenu from '../../src/locales/en-US/menu';
import enReceipt from '../../src/locales/en-US/receipt';
import enTicket from '../../src/locales/en-US/ticket';
import enTransaction from '../../src/locales/en-US/transaction';
import enWaitlist from '../../src/locales/en-US/waitlist';
import {
  approveCenter,
  bookAndPay,
  checkOutAndPay,
  completeCenterProfile,
  createExam,
  operatorConsole,
  phones,
  readyCandidate,
} from './journeys';
import { expectAccessible, logInOnLoginPage, sentTexts } from './support';

const waitlist = (key: keyof typeof enWaitlist, values: Record<string, string> = {}) =>
  enWaitlist[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

test('an exam sells out, a second candidate waits, the first cancels, the second is offered the seat, pays and gets a ticket', async ({
  browser,
  page,
}) => {
  test.setTimeout(360_000);
  const phone = phones();
  const second = `134${phone.candidate.slice(3)}`;
  const name = `E2E Waitlist ${phone.center.slice(-6)}`;

  // A center's exam with one seat, approved.
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  const businessName = `Waitlist Center ${phone.center.slice(-6)}`;
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, `WL-${phone.center.slice(-8)}`, name, 1);
  const operator = await operatorConsole(browser);
  await approveCenter(operator.page, businessName);
  await operator.context.close();

  // The first candidate books and pays: the exam is sold out.
  const first = await readyCandidate(browser, phone.candidate);
  await bookAndPay(first.page, examId);

  // The second finds it sold out in the exam list and joins its waiting list.
  const waiting = await readyCandidate(browser, second);
  await waiting.page.goto('/home/examlist');
  await waiting.page.getByLabel(enExam['pages.examlist.filter.q']).fill(name);
  await waiting.page.getByRole('button', { name: enExam['pages.examlist.filter.search'], exact: true }).click();
  const row = waiting.page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(enExam['pages.examlist.soldOut'])).toBeVisible();
  await row.getByRole('button', { name: waitlist('pages.waitlist.join') }).click();
  await expect(row.getByText(waitlist('pages.waitlist.position', { position: '1' }))).toBeVisible();
  await expectAccessible(waiting.page);

  // The first cancels: the seat is held for the second, not released to the public.
  await first.page.getByRole('button', { name: enCheckout['pages.checkout.done.cancel'] }).click({ timeout: 30_000 });
  await first.page.getByRole('button', { name: enCheckout['pages.checkout.cancel.ok'] }).last().click();
  await expect(first.page.getByText(enCheckout['pages.checkout.done.canceled'])).toBeVisible();
  await first.context.close();

  // The second sees the offer in My waiting list (from the user menu) and pays for the held seat.
  await waiting.page.goto('/home/examlist');
  await waiting.page.getByRole('button', { name: /Account/ }).click();
  await waiting.page.getByRole('menuitem', { name: enMenu['menu.waitlist'] }).click();
  await expect(waiting.page).toHaveURL(/\/home\/waitlist$/);
  const card = waiting.page.locator('.ant-card').filter({ hasText: name });
  await expect(card.getByText(waitlist('pages.waitlist.status.offered'), { exact: true })).toBeVisible();
  await expect(card.getByText(/Seat held for you until/)).toBeVisible();
  await expectAccessible(waiting.page);
  await card.getByRole('button', { name: waitlist('pages.waitlist.payNow') }).click();
  await expect(waiting.page).toHaveURL(/\/home\/singleRegistration\?examId=.*offer=1/);
  await checkOutAndPay(waiting.page);
  await waiting.page
    .getByRole('button', { name: enCheckout['pages.checkout.done.viewTicket'] })
    .click({ timeout: 30_000 });
  await expect(
    waiting.page.getByRole('img', {
      name: enTicket['pages.ticket.qrLabel'].replace('{name}', 'Li Hua').replace('{exam}', name),
    }),
  ).toBeVisible();

  // Both notices went through the outbox and out: the offer and the paid booking, in the app and by SMS (the console
  // provider's lines), in the language the candidate uses the app in.
  const notices = NOTICE_TEXTS['en-US'];
  await waiting.page.goto('/home/notifications');
  await expect(waiting.page.getByText(notices['waitlist.offer.title'])).toBeVisible();
  await expect(waiting.page.getByText(notices['booking.paid.title'])).toBeVisible();
  const aboutTheExam = () => sentTexts(second).filter((text) => text.includes(name) || text.includes('端到端考试'));
  await expect.poll(() => aboutTheExam().length, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);

  // The receipt of the paid order, from My Transaction: its PDF reads back the total the order was charged.
  const { totalFen } = await waiting.page.evaluate(async () => {
    const answer = await fetch('/api/front/transactions?current=1&pageSize=10', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    const { data } = await answer.json();
    return data.list.find((row: { status: string }) => row.status === 'paid') as { totalFen: number };
  });
  await waiting.page.goto('/home/transaction');
  await waiting.page
    .getByRole('link', { name: enTransaction['pages.transaction.receiptOf'].replace('{exam}', name) })
    .first()
    .click();
  await expect(waiting.page.getByRole('heading', { name: enReceipt['pages.receipt.title'] })).toBeVisible();
  const total = formatFen(totalFen, 'en-US');
  await expect(waiting.page.getByText(total).first()).toBeVisible();
  const download = waiting.page.waitForEvent('download');
  await waiting.page.getByRole('button', { name: enReceipt['pages.receipt.download'] }).click();
  const file = (await (await download).path()) as string;
  const read = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'pdfReadBack.ts'), file]);
  const { pages } = JSON.parse(read.toString()) as { pages: { text: string }[] };
  const compact = (text: string) => text.replace(/\s+/g, '');
  expect(compact(pages.map((page) => page.text).join(' '))).toContain(compact(total));
  await waiting.context.close();
});
