import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type SandboxPaymentProvider, sandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';
import { type WechatPaymentProvider, wechatPayProvider } from './wechat';

export {
  type SandboxLedgerChange,
  type SandboxPaymentProvider,
  sandboxProvider,
  WalletConfirmRefused,
} from './sandbox';
export * from './types';
export { type WechatPaymentProvider, wechatPayProvider } from './wechat';

export type ConfiguredPaymentProvider = SandboxPaymentProvider | WechatPaymentProvider;

/** Whether this provider has the sandbox wallet (walletOrder, confirmPayment); only the sandbox does. */
export function hasWallet(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.name === 'sandbox' && 'confirmPayment' in provider;
}

/**
 * The provider PAYMENT_PROVIDER names. The sandbox's wallet shows the company as payee; WeChat Pay loads its keys
 * here, so a wrong key path stops the start with a ConfigError naming the setting.
 */
export function paymentProviderFromConfig(
  config: Config,
  deps: { db: Db; now: () => Date; fetch?: typeof fetch },
): ConfiguredPaymentProvider {
  if (config.payment.provider === 'wechat') {
    return wechatPayProvider(config.payment.wechat, { now: deps.now, fetch: deps.fetch });
  }
  return sandboxProvider({
    db: deps.db,
    secret: config.appSecret,
    now: deps.now,
    payee: { zh: config.site.companyNameZh, en: config.site.companyNameEn },
  });
}
