import type { LedgerPayment, LedgerRefund, ProviderLedger } from './types';

/**
 * WeChat Pay's trade bill (v3 GET /v3/bill/tradebill, bill_type ALL): a header row, one row per payment or refund
 * whose every field starts with a backquote (so spreadsheets keep long numbers as text), then a totals header
 * ("总交易单数,...") and its row. Columns are found by their header, so a bill with more columns still reads.
 */

/** The column headers this reader needs, as WeChat names them. */
const COLUMN = {
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  tradeState: '交易状态',
  orderAmount: '订单金额',
  settledAmount: '应结订单金额',
  outRefundNo: '商户退款单号',
  refundAmount: '退款金额',
  requestedRefundAmount: '申请退款金额',
  refundStatus: '退款状态',
} as const;

const TOTALS_HEADER = '总交易单数';

/** Thrown when the text is not a trade bill this reader understands. */
export class TradeBillUnreadable extends Error {
  override name = 'TradeBillUnreadable';
}

/** Yuan as the bill writes them ("12.30") in fen, read as text so no float rounding creeps in. */
export function yuanToFen(yuan: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new TradeBillUnreadable(`"${yuan}" is not an amount in yuan`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** One data row's fields: each begins with a backquote, which also tells where a field starts. */
function fieldsOf(line: string): string[] {
  const body = line.startsWith('`') ? line.slice(1) : line;
  return body.split(',`');
}

/**
 * The payments and refunds of one trade bill. `ourId` turns a merchant order or refund number back into our id
 * (undefined for a number that is not one of ours).
 */
export function parseTradeBill(text: string, ourId: (merchantNumber: string) => string | undefined): ProviderLedger {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((name) => name.trim());
  const at = (name: string) => header.indexOf(name);
  const required = [COLUMN.outTradeNo, COLUMN.tradeState, COLUMN.transactionId];
  const absent = required.filter((name) => at(name) < 0);
  if (absent.length > 0) throw new TradeBillUnreadable(`the trade bill has no column ${absent.join(', ')}`);
  const orderAmount = at(COLUMN.orderAmount) >= 0 ? at(COLUMN.orderAmount) : at(COLUMN.settledAmount);
  const refundAmount =
    at(COLUMN.requestedRefundAmount) >= 0 ? at(COLUMN.requestedRefundAmount) : at(COLUMN.refundAmount);

  const payments: LedgerPayment[] = [];
  const refunds: LedgerRefund[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith(TOTALS_HEADER)) break;
    const fields = fieldsOf(line);
    const field = (index: number) => (index >= 0 ? (fields[index] ?? '').trim() : '');
    const tradeState = field(at(COLUMN.tradeState));
    const common = {
      orderId: ourId(field(at(COLUMN.outTradeNo))),
      transactionId: field(at(COLUMN.transactionId)) || null,
    };
    if (tradeState === 'REFUND') {
      const status = field(at(COLUMN.refundStatus));
      refunds.push({
        ...common,
        refundId: ourId(field(at(COLUMN.outRefundNo))),
        amountFen: yuanToFen(field(refundAmount)),
        status,
        succeeded: status === 'SUCCESS',
      });
    } else {
      payments.push({
        ...common,
        amountFen: yuanToFen(field(orderAmount)),
        status: tradeState,
        paid: tradeState === 'SUCCESS',
      });
    }
  }
  return { payments, refunds };
}
