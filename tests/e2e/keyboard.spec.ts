import { expect, type Locator, type Page, test } from '@playwright/test';
import enCheckout from '../../src/locales/en-US/checkout';
import enProfile from '../../src/locales/en-US/profile';
import enWallet from '../../src/locales/en-US/wallet';
import { fillProfile, readOtp, uniquePhone } from './support';

/**
 * A candidate who uses the keyboard alone books and pays: no pointer touches the booking, and after each step the
 * focus is on the new step's heading, where a screen reader starts reading.
 */

const checkout = (key: keyof typeof enCheckout) => enCheckout[key];

/** Presses Tab until `target` has the focus, as a person tabbing through the page would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a candidate books and pays with the keyboard alone, the focus landing on each step’s heading', async ({
  page,
}) => {
  // Logging in: the phone, Send code, the code, Enter.
  const phone = uniquePhone();
  await page.goto('/user/login');
  const phoneField = page.getByLabel('Phone number');
  await tabTo(page, phoneField);
  await page.keyboard.type(phone);
  await tabTo(page, page.getByRole('button', { name: 'Send code' }));
  await page.keyboard.press('Enter');
  const codeField = page.getByLabel('Verification code');
  await tabTo(page, codeField);
  await page.keyboard.type(await readOtp(phone));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/user\/login/);

  // The profile is the setup of this test, not its subject (the profile's own keyboard use has unit tests).
  await page.goto('/home/profile');
  await fillProfile(page);
  await page.getByRole('button', { name: enProfile['pages.profile.save'] }).press('Enter');
  await expect(page.getByText(enProfile['pages.profile.saved'])).toBeVisible();

  const answer = await (await page.request.get('/api/front/exams?pageSize=20')).json();
  const exam = (answer.data.list as { id: string; requiresAccessCode: boolean; seatsLeft: number }[]).find(
    (one) => !one.requiresAccessCode && one.seatsLeft > 0,
  );
  expect(exam, 'a demo exam open for booking').toBeTruthy();
  await page.goto(`/home/singleRegistration?examId=${exam?.id}`);

  // Details: Tab to Continue, Enter; Check Out's heading has the focus.
  await expect(page.getByRole('heading', { name: checkout('pages.checkout.step.details') })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: checkout('pages.checkout.next') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: checkout('pages.checkout.heading') })).toBeFocused();

  // Back returns to Details with the focus on its heading; forward again.
  await tabTo(page, page.getByRole('button', { name: checkout('pages.checkout.back') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: checkout('pages.checkout.step.details') })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: checkout('pages.checkout.next') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: checkout('pages.checkout.heading') })).toBeFocused();

  // Pay now opens the payment dialog, which takes the focus.
  await tabTo(page, page.getByRole('button', { name: checkout('pages.checkout.payNow') }));
  await page.keyboard.press('Enter');
  const payment = page.getByRole('dialog', { name: checkout('pages.checkout.pay.title') });
  await expect(payment).toBeVisible();
  await expect
    .poll(() => payment.evaluate((dialog) => dialog.contains(document.activeElement)), {
      message: 'the focus is inside the payment dialog',
    })
    .toBe(true);

  // The sandbox wallet, opened from the dialog's link with Enter, is paid with Enter.
  const walletLink = payment.getByRole('link', { name: checkout('pages.checkout.pay.openWallet') });
  await tabTo(page, walletLink);
  const opening = page.context().waitForEvent('page');
  await page.keyboard.press('Enter');
  const wallet = await opening;
  await expect(wallet.getByText(enWallet['pages.wallet.sandbox'])).toBeVisible();
  await tabTo(wallet, wallet.getByRole('button', { name: enWallet['pages.wallet.confirm'] }));
  await wallet.keyboard.press('Enter');
  await expect(wallet.getByText(enWallet['pages.wallet.paid'])).toBeVisible();
  await wallet.close();

  // The booking notices the payment: Done's heading has the focus, and Tab reaches the ticket.
  const done = page.getByRole('heading', { name: checkout('pages.checkout.done.title') });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: checkout('pages.checkout.done.viewTicket') }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/ticket\?registrationId=/);
});
