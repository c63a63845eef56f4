import { expect, type Page, test } from '@playwright/test';
import enComponent from '../../src/locales/en-US/component';
import enHome from '../../src/locales/en-US/home';
import enLegal from '../../src/locales/en-US/legal';
import zhComponent from '../../src/locales/zh-CN/component';
import zhHome from '../../src/locales/zh-CN/home';
import { chooseChinese, expectAccessible, type KindLabel, logInOnLoginPage } from './support';

interface ExamsAnswer {
  data: { list: Array<{ name: { en: string } }>; total: number };
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu of/ }).click();
}

test.describe('public pages', () => {
  test('/ lands on /home, which lists the demo exams to anyone', async ({ page, request }) => {
    const exams: ExamsAnswer = await (await request.get('/api/front/exams?pageSize=3')).json();
    expect(exams.data.total).toBeGreaterThanOrEqual(10);
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: enHome['pages.home.upcoming.title'] })).toBeVisible();
    await expect(page.getByText(exams.data.list[0].name.en).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('a phone can pinch-zoom the page (WCAG 1.4.4: the viewport does not forbid it)', async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: enHome['pages.home.steps.title'] })).toBeVisible();
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\s*(,|$)/i);
    const cdp = await phone.newCDPSession(page);
    await cdp.send('Input.synthesizePinchGesture', { x: 195, y: 400, scaleFactor: 2 });
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale)).toBeGreaterThan(1.5);
    await phone.close();
  });

  test('/index.html redirects to /home and /home/ is /home', async ({ page }) => {
    await page.goto('/index.html');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/home/');
    await expect(page.getByRole('heading', { name: enHome['pages.home.steps.title'] })).toBeVisible();
  });

  test('an unknown path shows the 404 screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(enComponent['component.notFound.subTitle'])).toBeVisible();
    await expectAccessible(page);
  });

  test('/exception shows the error code and message from its query', async ({ page }) => {
    await page.goto('/exception?errorCode=PAYMENT_GONE&errorMessage=%3Cb%3EThe%20order%20expired%3C%2Fb%3E');
    await expect(page.getByText('PAYMENT_GONE')).toBeVisible();
    await expect(page.getByText('<b>The order expired</b>')).toBeVisible();
    await expectAccessible(page);
  });

  for (const [path, title, section] of [
    ['/home/termsOfUse', 'Terms of use', enLegal['pages.legal.terms.changes.title']],
    ['/home/privacyPolicy', 'Privacy policy', enLegal['pages.legal.privacy.retention.title']],
    ['/home/risk', 'Risk agreement', enLegal['pages.legal.risk.lock.title']],
  ]) {
    test(`${path} is readable without login and linked from the footer`, async ({ page }) => {
      await page.goto('/home');
      await page.getByRole('contentinfo').getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the rules a candidate must know are stated on the terms and risk pages', async ({ page }) => {
    await page.goto('/home/risk');
    await expect(page.getByText(/identity card|ID card/i).first()).toBeVisible();
    await expect(page.getByText(/30 minutes/).first()).toBeVisible();
    await expect(page.getByText(/72 hours/).first()).toBeVisible();
  });

  test('switching the language changes the page and the document language', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: enHome['pages.home.steps.title'] })).toBeVisible();
    await chooseChinese(page);
    await expect(page.getByRole('heading', { name: zhHome['pages.home.steps.title'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.reload();
    await expect(page.getByRole('heading', { name: zhHome['pages.home.steps.title'] })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByText(zhComponent['component.notFound.subTitle'])).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('login and logout', () => {
  test('the login page validates before asking the server and is accessible', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Please enter verification code')).toBeVisible();
    // The focus goes to the first field to correct, which names its error to a screen reader.
    const phone = page.getByLabel('Phone number');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription('Invalid phone number');
    await phone.fill('13700000001');
    await expect(page.getByText('Invalid phone number')).toBeHidden();
    await expectAccessible(page);
  });

  test('a wrong code is refused with a localized message', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel('Phone number').fill('13700000001');
    // The code is sent (the e2e server lets a phone ask again after 1 s, so the button's countdown may be over by
    // the time a busy machine looks: the login page's unit test checks it).
    const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/front/otp'));
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await (await sent).json()).toMatchObject({ success: true, data: { sentTo: '+86 137****0001' } });
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(/code is (wrong|incorrect|invalid)/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);
  });

  test('a guarded page sends a logged-out visitor to login and back after it', async ({ page }) => {
    await page.goto('/home/transaction');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fhome%2Ftransaction$/);
    await logInOnLoginPage(page, 'Individual');
    await expect(page).toHaveURL(/\/home\/transaction$/);
  });

  test('a foreign redirect after login is refused', async ({ page }) => {
    await page.goto(`/user/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await logInOnLoginPage(page, 'Individual');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
  });

  const kinds: Array<[KindLabel, string]> = [
    ['Individual', 'Profile'],
    ['Test center', 'Test center profile'],
    ['Examiner', 'Examiner profile'],
  ];
  for (const [kind, profileLabel] of kinds) {
    test(`logs in as ${kind}, uses the account menu, and logs out to /home`, async ({ page }) => {
      await page.goto('/user/login');
      await logInOnLoginPage(page, kind);
      await expect(page).toHaveURL(/\/home$/);
      await openAccountMenu(page);
      for (const item of ['My Exams', profileLabel, 'Transaction', 'Logout']) {
        await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
      }
      await page.getByRole('menuitem', { name: profileLabel }).click();
      await expect(page).toHaveURL(/\/home\/profile$/);
      await expectAccessible(page);

      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('access_token'),
        type: localStorage.getItem('type'),
        examId: localStorage.getItem('exam_id'),
      }));
      expect(stored).toEqual({ token: null, type: '', examId: null });
    });
  }

  test('a logged-out token no longer works on the server', async ({ page, request }) => {
    await page.goto('/user/login');
    await logInOnLoginPage(page, 'Individual');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    // The page waits at most a moment for the server's answer (useLogout.ts); the call itself revokes the token.
    const status = async () =>
      (await request.get('/api/front/currentUser', { headers: { authorization: `Bearer ${token}` } })).status();
    await expect.poll(status).toBe(401);
  });

  test('the login entry clears a stale session and opens the login page', async ({ page }) => {
    await page.goto('/home');
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'stale-token');
      localStorage.setItem('type', '');
      localStorage.setItem('exam_id', 'some-exam');
    });
    await page.reload();
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    const stored = await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('exam_id')]);
    expect(stored).toEqual([null, null]);
  });
});
