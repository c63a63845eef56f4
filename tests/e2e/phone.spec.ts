import { expect, type Locator, type Page, test } from '@playwright/test';
import enHome from '../../src/locales/en-US/home';
import enLogin from '../../src/locales/en-US/login';
import enPages from '../../src/locales/en-US/pages';
import enProfile from '../../src/locales/en-US/profile';
import enWallet from '../../src/locales/en-US/wallet';
import zhApp from '../../src/locales/zh-CN/app';
import zhCheckout from '../../src/locales/zh-CN/checkout';
import zhExam from '../../src/locales/zh-CN/exam';
import zhHome from '../../src/locales/zh-CN/home';
import zhLogin from '../../src/locales/zh-CN/login';
import zhMenu from '../../src/locales/zh-CN/menu';
import zhPages from '../../src/locales/zh-CN/pages';
import zhStatus from '../../src/locales/zh-CN/status';
import zhTicket from '../../src/locales/zh-CN/ticket';
import zhTransaction from '../../src/locales/zh-CN/transaction';
import { HOME_STEPS } from '../../src/pages/Home/steps';
import { fillProfile, itemOf, logInOnLoginPage } from './support';

test.use({ locale: 'zh-CN' });

interface ExamAnswer {
  id: string;
  name: { en: string; zh: string };
  requiresAccessCode: boolean;
  seatsLeft: number;
  waitingRoom: boolean;
  registrationOpensAt: string | null;
  startsAt: string;
}

/** A button's name as antd shows a two-character Chinese label: with a space between the characters (报 名). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** Nothing on the page reaches past the screen's right edge: no sideways swipe is needed to see or reach it. */
async function expectNoSidewaysSwipe(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The control lies wholly within the screen's width (scrolled into view vertically, never sideways). */
async function expectWithinReach(page: Page, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the control is on the page').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test('on a phone, in Chinese, a candidate books and pays without a sideways swipe', async ({ browser, page }) => {
  // Log in and fill the profile (in English: the shared helpers speak it), then read the rest in Chinese.
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
  await page.reload();
  await logInOnLoginPage(page, 'Individual');
  await page.goto('/home/profile');
  await fillProfile(page);
  await expectNoSidewaysSwipe(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).click();
  await expect(page.getByText(enProfile['pages.profile.saved'])).toBeVisible();
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));

  const answer = await (await page.request.get('/api/front/exams?pageSize=10')).json();
  const list = answer.data.list as ExamAnswer[];
  // Other specs' exams share one Chinese name: pick an exam whose name finds it alone.
  const exam = list.find(
    (one) =>
      list.filter((other) => other.name.zh === one.name.zh).length === 1 &&
      !one.requiresAccessCode &&
      !one.waitingRoom &&
      one.seatsLeft > 0 &&
      (one.registrationOpensAt === null || Date.parse(one.registrationOpensAt) < Date.now()) &&
      Date.parse(one.startsAt) > Date.now() + 80 * 3600_000,
  );
  expect(exam, 'a demo exam on the first page open for booking').toBeTruthy();
  const name = exam?.name.zh as string;

  await page.goto('/home/examlist');
  await expect(page.getByRole('heading', { name: zhExam['pages.examlist.open.title'] })).toBeVisible();
  const card = itemOf(page, name);
  await expect(card).toBeVisible();
  await expectNoSidewaysSwipe(page);
  // The exam's name and its actions are in the same card, all within the screen.
  for (const action of [
    'pages.examlist.action.book',
    'pages.examlist.action.groupBook',
    'pages.examlist.action.details',
  ] as const) {
    await expectWithinReach(page, card.getByRole('button', { name: label(zhExam[action]) }));
  }
  await card.getByRole('button', { name: label(zhExam['pages.examlist.action.book']) }).tap();

  await expect(page).toHaveURL(new RegExp(`/home/singleRegistration\\?examId=${exam?.id}`));
  const next = page.getByRole('button', { name: label(zhCheckout['pages.checkout.next']) });
  await expectWithinReach(page, next);
  await expectNoSidewaysSwipe(page);
  await next.tap();
  await expect(page.getByRole('heading', { name: zhCheckout['pages.checkout.heading'] })).toBeVisible();
  await expectNoSidewaysSwipe(page);
  const payNow = page.getByRole('button', { name: label(zhCheckout['pages.checkout.payNow']) });
  await expectWithinReach(page, payNow);
  await payNow.tap();

  const payment = page.getByRole('dialog', { name: zhCheckout['pages.checkout.pay.title'] });
  await expect(payment).toBeVisible();
  await expectNoSidewaysSwipe(page);
  // The wallet the QR opens, on the phone that scans it (another device, where nobody is logged in).
  const walletUrl = await payment
    .getByRole('link', { name: zhCheckout['pages.checkout.pay.openWallet'] })
    .getAttribute('href');
  const scanner = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    isMobile: true,
    hasTouch: true,
  });
  const wallet = await scanner.newPage();
  await wallet.goto(walletUrl as string);
  await expectNoSidewaysSwipe(wallet);
  await wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }).tap();
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.context().close();

  await expect(page.getByText(zhCheckout['pages.checkout.done.title'])).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysSwipe(page);
  const viewTicket = page.getByRole('button', { name: label(zhCheckout['pages.checkout.done.viewTicket']) });
  await expectWithinReach(page, viewTicket);
  await viewTicket.tap();
  await expect(page.getByRole('heading', { name: zhTicket['pages.ticket.title'] })).toBeVisible();
  await expectNoSidewaysSwipe(page);

  // Back on My Exams the exam says it is booked, with its ticket beside it, instead of offering Book.
  await page.goto('/home/examlist');
  const booked = itemOf(page, name).filter({ hasText: zhExam['pages.examlist.booked'] });
  await expect(booked).toBeVisible();
  await expect(booked.getByRole('button', { name: label(zhExam['pages.examlist.action.book']) })).toHaveCount(0);
  await expectWithinReach(page, booked.getByRole('link', { name: zhExam['pages.examlist.action.viewTicket'] }));
  const mine = itemOf(page, name).filter({ hasText: zhStatus['status.registration.register'] });
  await expectWithinReach(page, mine.getByRole('link', { name: zhExam['pages.examlist.action.qrCode'] }));
  await expectNoSidewaysSwipe(page);

  await page.goto('/home/transaction');
  const paid = itemOf(page, name);
  await expect(paid.getByText(zhStatus['status.order.paid'])).toBeVisible();
  await expectWithinReach(
    page,
    paid.getByRole('link', { name: zhTransaction['pages.transaction.receiptOf'].replace('{exam}', name) }),
  );
  await expectNoSidewaysSwipe(page);
});

test("the login page loads antd's styles of its form as a stylesheet before the app runs, so the app does not write them", async ({
  page,
}) => {
  await page.goto('/user/login');
  // antd spaces a two-character Chinese label: 登 录.
  await expect(page.getByRole('button', { name: [...zhLogin['pages.login.submit']].join(' ') })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(3);
  const written = await page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')].map((style) => style.textContent ?? ''),
  );
  expect(written.filter((css) => /\.ant-(btn|input|radio|alert|flex)\b/.test(css))).toEqual([]);
});

test('a page paints its shell before it fetches the app and its antd styles', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: [...zhLogin['pages.login.submit']].join(' ') })).toBeVisible();
  const timing = await page.evaluate(() => {
    const started = (name: RegExp) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => name.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      app: started(/^\/umi\.[0-9a-f]+\.js$/),
      styles: started(/^\/antd\.[0-9a-f]+\.css$/),
    };
  });
  expect(timing.paint).toBeDefined();
  expect(timing.app).toHaveLength(1);
  expect(timing.styles).toHaveLength(1);
  expect(timing.app[0]).toBeGreaterThan(timing.paint ?? Number.POSITIVE_INFINITY);
  expect(timing.styles[0]).toBeGreaterThan(timing.paint ?? Number.POSITIVE_INFINITY);
});

test.describe('before the JavaScript has arrived', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page, the home page and My Exams already show their own texts, with no sideways swipe', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await expect(page.getByRole('heading', { level: 1, name: zhLogin['pages.login.title'] })).toBeVisible();
    await expect(page.getByText(enLogin['pages.login.title'])).toBeHidden();
    await expectNoSidewaysSwipe(page);

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: zhHome['pages.home.hero.title'] })).toBeVisible();
    await expect(page.getByText(zhHome['pages.home.hero.description'])).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: zhHome['pages.home.steps.title'] })).toBeVisible();
    for (const [index, id] of HOME_STEPS.entries()) {
      await expect(
        page.getByRole('heading', { level: 3, name: `${index + 1}. ${zhHome[`pages.home.steps.${id}`]}` }),
      ).toBeVisible();
    }
    await expect(page.getByText(enHome['pages.home.hero.title'])).toBeHidden();
    await expectNoSidewaysSwipe(page);

    await page.goto('/home/examlist');
    await expect(page.getByRole('heading', { level: 1, name: zhMenu['menu.examlist'] })).toBeVisible();
    await expect(page.getByText(zhPages['pages.examlist.lead'])).toBeVisible();
    await expect(page.getByText(enPages['pages.examlist.lead'])).toBeHidden();
    await expectNoSidewaysSwipe(page);

    // Any other page paints the top bar over grey placeholders.
    await page.goto('/home/transaction');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByText(zhApp['app.title']).first()).toBeVisible();
  });

  test.describe('on a phone set to English', () => {
    test.use({ locale: 'en-US' });

    test('the first paint is in English', async ({ page }) => {
      await page.goto('/user/login');
      await expect(page.getByRole('heading', { level: 1, name: enLogin['pages.login.title'] })).toBeVisible();
      await expect(page.getByText(zhLogin['pages.login.title'])).toBeHidden();
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: enHome['pages.home.hero.title'] })).toBeVisible();
      await expect(page.getByText(zhHome['pages.home.hero.title'])).toBeHidden();
    });
  });
});
