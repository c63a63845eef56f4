import { z } from 'zod';
import { fen, id, isoDateTime, localizedText } from './common';

/** What the sandbox wallet page (/pay/sandbox/:orderId) shows: who is paid, how much, for what. */
export const walletOrder = z.object({
  orderId: id,
  payee: localizedText,
  description: localizedText,
  amountFen: fen,
  /** `open` can be confirmed; the others are final from the wallet's point of view. */
  state: z.enum(['open', 'paid', 'closed']),
  expiresAt: isoDateTime,
});
export type WalletOrder = z.infer<typeof walletOrder>;

export const walletOrderParams = z.object({ orderId: id });
