import type { PageTexts } from '@/components/PageTexts';
import { useIntl } from '@/intl';
import enRefund from '@/locales/en-US/refund';
import zhRefund from '@/locales/zh-CN/refund';
import type { RefundTotals, RefundView } from '../../../contract/booking';
import { formatFen } from '../../../contract/format';

/** The refund texts; a page showing refunds adds them with withPageTexts. */
export const REFUND_TEXTS: PageTexts = { 'en-US': enRefund, 'zh-CN': zhRefund };

/**
 * What came back, is on its way back or failed to come back, one line each (none when nothing was asked back).
 * Only money the provider confirmed reads "refunded"; the rest is pending, or failed and left to our staff.
 */
export function RefundTotalsNote({ totals }: { totals: RefundTotals }) {
  const intl = useIntl();
  const lines: Array<[string, number]> = [
    ['refund.totals.refunded', totals.refundedFen],
    ['refund.totals.pending', totals.refundPendingFen],
    ['refund.totals.failed', totals.refundFailedFen],
  ];
  return (
    <>
      {lines
        .filter(([, fen]) => fen > 0)
        .map(([id, fen]) => (
          <div key={id}>{intl.formatMessage({ id }, { amount: formatFen(fen, intl.locale) })}</div>
        ))}
    </>
  );
}

/** One refund on a receipt: its amount and state, then why, in a sentence (never the reason's code). */
export function RefundLine({ refund }: { refund: RefundView }) {
  const intl = useIntl();
  const amount = formatFen(refund.amountFen, intl.locale);
  return (
    <>
      <div>
        {amount} · {intl.formatMessage({ id: `refund.state.${refund.state}` })}
      </div>
      <div>{intl.formatMessage({ id: `refund.reason.${refund.reason}` })}</div>
    </>
  );
}
