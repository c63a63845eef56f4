import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The newest one-time code the server printed for this phone (`[sms] to=+86... code=......`). */
export async function readOtp(phone: string): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set: run through playwright.config.ts');
  const line = new RegExp(`^\\[sms\\] to=\\+86${phone} code=(\\d{6})$`, 'gm');
  let code: string | undefined;
  await expect
    .poll(() => {
      code = [...readFileSync(logFile, 'utf8').matchAll(line)].at(-1)?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** A phone number no other test uses, so the 60-second resend interval never gets in the way. */
export function uniquePhone(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

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

/** axe-core on the page as it stands: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Modals zoom in and messages fade out: axe would measure the contrast of a half-drawn frame.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('; ')})`,
    ),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
