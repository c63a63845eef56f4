import { test } from '@playwright/test';
import { operatorConsole } from './journeys';
import { checkPage, LANGUAGES } from './support';

/**
 * axe-core on every page of the operators' console and its login, in both languages, at the size of the project
 * (desktop, phone: an operator on call answers from a phone): no serious or critical violation.
 */

test('an operator’s pages', async ({ browser }) => {
  test.setTimeout(480_000);
  const { context, page } = await operatorConsole(browser);
  for (const language of LANGUAGES) {
    for (const path of [
      '/ops',
      '/ops/centers',
      '/ops/catalog',
      '/ops/operators',
      '/ops/orders',
      '/ops/support',
      '/ops/audit',
    ]) {
      await checkPage(page, path, language);
    }
  }
  const outside = await browser.newContext({ locale: 'en-US' });
  const visitor = await outside.newPage();
  for (const language of LANGUAGES) {
    await visitor.goto('/ops/login');
    await checkPage(visitor, '/ops/login', language);
  }
  await outside.close();
  await context.close();
});
