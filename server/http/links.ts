import { avatar, avatarSmall, centerDocument, centerLogo, opsCenterLicense, pathOf } from '../../contract/paths';
import type { Config } from '../config';
import type { Links } from '../domain/ports';

/**
 * Where payment providers post to us. These callbacks stay outside the contract registry (their signatures cover
 * the raw body), so their paths live here, beside the links that name them; routes/payments.ts registers them.
 */
export const PAYMENT_NOTIFY_PATH = '/api/pay/:provider/notify';
export const REFUND_NOTIFY_PATH = '/api/pay/:provider/refund-notify';
/** The sandbox's own ledger, changed by hand (docs/OPERATIONS.md); only while the sandbox is the provider. */
export const SANDBOX_LEDGER_PATH = '/api/pay/sandbox/ledger/:orderId';

/** The domain's links to this service's own routes, from the contract's path templates and PUBLIC_URL. */
export function httpLinks(config: Pick<Config, 'publicUrl'>): Links {
  const publicBase = (requestOrigin: string) => config.publicUrl ?? requestOrigin.replace(/\/+$/, '');
  return {
    publicBase,
    paymentNotify: (base, provider) => `${base}${pathOf(PAYMENT_NOTIFY_PATH, { provider })}`,
    refundNotify: (provider) =>
      config.publicUrl ? `${config.publicUrl}${pathOf(REFUND_NOTIFY_PATH, { provider })}` : undefined,
    avatar: (avatarId) => pathOf(avatar.path, { id: avatarId }),
    avatarSmall: (avatarId) => pathOf(avatarSmall.path, { id: avatarId }),
    centerDocument: (documentId) => pathOf(centerDocument.path, { id: documentId }),
    centerLogo: (documentId) => pathOf(centerLogo.path, { id: documentId }),
    opsCenterLicense: (centerId) => pathOf(opsCenterLicense.path, { id: centerId }),
  };
}
