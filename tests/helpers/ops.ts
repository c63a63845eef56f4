import { OPS_PERMISSIONS, type OpsPermission } from '../../contract';
import { addOperator, type OperatorDeps } from '../../server/domain/operators';
import { createTestApp, dataOf, type TestApp } from './app';
import { nextPhone } from './booking';
import { type CatalogBasics, insertCatalogBasics } from './fixtures';

let addressCount = 0;

/** The operator deps of a test app (what the route module and the command line build). */
export function operatorDeps(t: TestApp): OperatorDeps {
  return { repos: t.app.repos, uow: t.app.uow, now: () => t.clock.now };
}

/** Adds an operator as the command line does; answers its user id. */
export async function addTestOperator(
  t: TestApp,
  phone: string,
  permissions: readonly OpsPermission[],
  name = `Operator ${phone.slice(-4)}`,
): Promise<string> {
  const actor = { id: null, name: 'npm run operator', phone: '', address: 'cli' };
  return (await addOperator(operatorDeps(t), actor, { phone, name, permissions })).id;
}

/** Logs an operator in through /api/ops/auth (each call from its own address) and answers its bearer header. */
export async function loginOperator(t: TestApp, phone: string): Promise<{ authorization: string }> {
  addressCount += 1;
  const remoteAddress = `10.200.${(addressCount >> 8) & 255}.${addressCount & 255}`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/ops/auth/otp', payload: { phone }, remoteAddress });
  if (sent.statusCode !== 200) throw new Error(`ops otp for ${phone} failed: ${sent.statusCode} ${sent.body}`);
  const code = t.sms.lastCodeFor(`+86${phone.replace(/\D/g, '').slice(-11)}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    payload: { phone, code },
    remoteAddress,
  });
  return { authorization: `Bearer ${dataOf('opsLogin', res).access_token}` };
}

/** A logged-in operator holding every permission (a fresh phone each call). */
export async function operatorWithEveryPermission(t: TestApp): Promise<{ authorization: string }> {
  const phone = nextPhone();
  await addTestOperator(t, phone, OPS_PERMISSIONS);
  return loginOperator(t, phone);
}

/** Refunds that fail for good after four tries a minute or so apart, as the finance tests need them. */
export const QUICK_REFUND_FAILURE = { REFUND_RETRY_BASE_S: '60', REFUND_RETRY_MAX_S: '180', REFUND_MAX_ATTEMPTS: '4' };

/**
 * A console test file's server: a test app with the rate and code caps lifted (and `env`), the catalog's basics, and
 * one operator holding `permissions` logged in.
 */
export async function openConsoleApp(
  permissions: readonly OpsPermission[],
  options: { name?: string; env?: Record<string, string> } = {},
): Promise<{ t: TestApp; basics: CatalogBasics; operatorId: string; operator: { authorization: string } }> {
  const t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000', ...options.env },
  });
  const basics = await insertCatalogBasics(t.database.db);
  const phone = nextPhone();
  const operatorId = await addTestOperator(t, phone, permissions, options.name);
  return { t, basics, operatorId, operator: await loginOperator(t, phone) };
}
