import { expect, type Page, test } from '@playwright/test';
import enExam from '../../src/locales/en-US/exam';
import enRequest from '../../src/locales/en-US/request';
import enResult from '../../src/locales/en-US/result';
import enTicket from '../../src/locales/en-US/ticket';
import enTransaction from '../../src/locales/en-US/transaction';
import { bookAndPay, readyCandidate } from './journeys';
import { itemOf, uniquePhone } from './support';

const NETWORK_DOWN = enRequest['request.network.description'];
const SERVER_ERROR = /^The server ran into an error \(HTTP 500\)/;
const TIMED_OUT = /^The server did not answer within 15 seconds/;

/** How an API path fails for now: no connection, a proxy's HTML 500 page, or an answer slower than the time limit. */
type Failure = 'abort' | 'html500' | 'slow';

async function breakApi(page: Page, path: string, failure: Failure) {
  await page.route(`**${path}*`, async (route) => {
    if (failure === 'abort') return route.abort('internetdisconnected');
    if (failure === 'html500') {
      return route.fulfill({
        status: 500,
        contentType: 'text/html',
        body: '<html><body>Internal Server Error</body></html>',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 17_000));
    return route.abort('timedout').catch(() => undefined);
  });
}

/** The page says the load failed (with the words of `why`), and Retry loads it once the API answers again. */
async function expectFailedThenRetry(
  page: Page,
  path: string,
  title: string,
  why: string | RegExp,
  loaded: () => Promise<void>,
) {
  const failed = page.getByRole('alert').filter({ hasText: title });
  await expect(failed).toBeVisible({ timeout: 25_000 });
  await expect(failed.getByText(why)).toBeVisible();
  await page.unroute(`**${path}*`);
  await failed.getByRole('button', { name: enRequest['request.retry'] }).click();
  await loaded();
  await expect(failed).toHaveCount(0);
}

async function expectStillLoggedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
}

test('each page says its failed load as such, with a Retry that works, and the session survives', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { context, page } = await readyCandidate(browser, uniquePhone());
  const answer = await (await page.request.get('/api/front/exams?pageSize=20')).json();
  const exam = (
    answer.data.list as Array<{
      id: string;
      name: { en: string };
      requiresAccessCode: boolean;
      waitingRoom: boolean;
      seatsLeft: number;
      startsAt: string;
    }>
  ).find(
    (one) =>
      !one.requiresAccessCode &&
      !one.waitingRoom &&
      one.seatsLeft > 0 &&
      Date.parse(one.startsAt) > Date.now() + 80 * 3600_000,
  );
  expect(exam).toBeTruthy();
  await bookAndPay(page, exam?.id as string);

  // My Exams, the network down: the open exams say so, not "no exam matches".
  await breakApi(page, '/api/front/exams', 'abort');
  await page.goto('/home/examlist');
  await expect(page.getByText(enExam['pages.examlist.open.empty'])).toHaveCount(0);
  await expectFailedThenRetry(
    page,
    '/api/front/exams',
    enExam['pages.examlist.open.failed'],
    NETWORK_DOWN,
    async () => {
      await expect(itemOf(page, exam?.name.en as string).last()).toBeVisible();
    },
  );

  // My Transaction, a proxy's HTML 500 page: a server error, not "no transactions".
  await breakApi(page, '/api/front/transactions', 'html500');
  await page.goto('/home/transaction');
  await expect(page.getByText(enTransaction['pages.transaction.empty'])).toHaveCount(0);
  await expectFailedThenRetry(
    page,
    '/api/front/transactions',
    enRequest['request.failed.title'],
    SERVER_ERROR,
    async () => {
      await expect(itemOf(page, exam?.name.en as string)).toBeVisible();
    },
  );

  // Result, an answer slower than the 15 s limit: a timeout, with the wait shown as it goes.
  await breakApi(page, '/api/front/results', 'slow');
  await page.goto('/home/result');
  await expect(page.getByText(/^Still waiting for the server: \d+ of 15 seconds$/)).toBeVisible({ timeout: 10_000 });
  await expectFailedThenRetry(page, '/api/front/results', enResult['pages.result.failed'], TIMED_OUT, async () => {
    await expect(page.getByText(exam?.name.en as string)).toBeVisible();
  });

  // The list of tickets, the network down.
  await breakApi(page, '/api/front/registrations', 'abort');
  await page.goto('/home/ticket');
  await expectFailedThenRetry(
    page,
    '/api/front/registrations',
    enTicket['pages.ticket.list.failed'],
    NETWORK_DOWN,
    async () => {
      await expect(
        page.getByRole('link', { name: enTicket['pages.ticket.list.open'].replace('{exam}', exam?.name.en as string) }),
      ).toBeVisible();
    },
  );

  // The ticket, opened once, then again with no signal: the copy saved on this phone, saying so.
  await page
    .getByRole('link', { name: enTicket['pages.ticket.list.open'].replace('{exam}', exam?.name.en as string) })
    .click();
  await expect(page.getByRole('heading', { name: enTicket['pages.ticket.title'] })).toBeVisible();
  const ticketUrl = page.url();
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto(ticketUrl);
  await expect(page.getByText(/^Saved copy from \d{4}-\d{2}-\d{2} \d{2}:\d{2}, kept on this phone/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Admission QR code of Li Hua/ })).toBeVisible();
  await expectStillLoggedIn(page);

  // Opening the app with the network down keeps the session: no login page, one failure said in place.
  await page.goto('/home/transaction');
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_DOWN })).toBeVisible();
  await expectStillLoggedIn(page);
  expect(await page.locator('.ant-notification-notice').count()).toBeLessThanOrEqual(1);
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: enRequest['request.retry'] }).click();
  await expect(itemOf(page, exam?.name.en as string)).toBeVisible();
  await expectStillLoggedIn(page);
  await context.close();
});
