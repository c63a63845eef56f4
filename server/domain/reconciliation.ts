import type { LedgerTotals, MismatchKind, Reconciliation, ReconciliationMismatch } from '../../contract';
import type { PlatformPaymentRow, PlatformRefundRow } from '../db/rows';
import { type Sheet, workbookOf, yuanOf } from '../documents/xlsx';
import { AppError } from '../errors';
import {
  type LedgerPayment,
  type LedgerRefund,
  type PaymentProvider,
  ProviderError,
  type ProviderLedger,
} from '../providers/payment';
import { beijingMidnight } from './audit';
import type { DomainLogger, Repositories } from './ports';

/** A day's reconciliation: what the platform recorded, and the payment provider that keeps the other record. */
export interface ReconciliationDeps {
  repos: Pick<Repositories, 'orderDesk'>;
  payment: PaymentProvider;
  now: () => Date;
  log: DomainLogger;
}

const DAY_MS = 86_400_000;

/** Today's Beijing date, YYYY-MM-DD. */
function beijingToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function totalsOf(payments: { amountFen: number }[], refunds: { amountFen: number }[]): LedgerTotals {
  const sum = (rows: { amountFen: number }[]) => rows.reduce((total, row) => total + row.amountFen, 0);
  return {
    paidCount: payments.length,
    paidFen: sum(payments),
    refundedCount: refunds.length,
    refundedFen: sum(refunds),
  };
}

const paymentSide = (row: PlatformPaymentRow) => ({ amountFen: row.amountFen, status: row.status });
const refundSide = (row: PlatformRefundRow) => ({ amountFen: row.amountFen, status: row.status });

/**
 * How the two records of one payment disagree, if they do: the amount, and whether the provider collected money
 * the platform holds as paid (a platform order with a payment recorded is paid, whatever it became since).
 */
function paymentDifferences(ours: PlatformPaymentRow | undefined, theirs: LedgerPayment): MismatchKind[] {
  if (!ours) return ['missing_here'];
  const kinds: MismatchKind[] = [];
  if (ours.amountFen !== theirs.amountFen) kinds.push('amount_differs');
  if (!theirs.paid) kinds.push('status_differs');
  return kinds;
}

/**
 * Every payment of the day on either side, matched by our order id: the platform's payments (orders paid that day)
 * against the provider's. A provider payment the platform did not record that day is `status_differs` when the
 * platform knows the order unpaid, `missing_here` otherwise.
 */
async function paymentMismatches(
  deps: ReconciliationDeps,
  ours: PlatformPaymentRow[],
  theirs: LedgerPayment[],
): Promise<ReconciliationMismatch[]> {
  const byOrder = new Map(ours.map((row) => [row.orderId, row]));
  const strangers = theirs.flatMap((payment) =>
    payment.orderId && !byOrder.has(payment.orderId) ? [payment.orderId] : [],
  );
  const known = new Map((await deps.repos.orderDesk.paymentsOf(strangers)).map((row) => [row.orderId, row]));
  const seen = new Set<string>();
  const mismatches: ReconciliationMismatch[] = [];
  for (const payment of theirs) {
    const orderId = payment.orderId ?? null;
    if (orderId) seen.add(orderId);
    const recorded = orderId ? byOrder.get(orderId) : undefined;
    const unpaidHere = orderId && !recorded ? known.get(orderId) : undefined;
    // Neither side holds money for it: an order the provider closed unpaid is no mismatch.
    if (!recorded && !payment.paid) continue;
    const kinds: MismatchKind[] =
      unpaidHere && unpaidHere.transactionId === null && payment.paid
        ? ['status_differs']
        : paymentDifferences(recorded, payment);
    const platform = recorded ?? unpaidHere;
    for (const kind of kinds) {
      mismatches.push({
        kind,
        subject: 'payment',
        orderId: platform ? orderId : null,
        refundId: null,
        transactionId: payment.transactionId ?? platform?.transactionId ?? null,
        platform: platform && kind !== 'missing_here' ? paymentSide(platform) : null,
        provider: { amountFen: payment.amountFen, status: payment.status },
      });
    }
  }
  for (const row of ours) {
    if (seen.has(row.orderId)) continue;
    mismatches.push({
      kind: 'missing_at_provider',
      subject: 'payment',
      orderId: row.orderId,
      refundId: null,
      transactionId: row.transactionId,
      platform: paymentSide(row),
      provider: null,
    });
  }
  return mismatches;
}

/**
 * Every refund of the day on either side, matched by our refund id: the platform's refunds that succeeded that
 * day against the provider's. A provider refund the platform knows but has not seen succeed is `status_differs`.
 */
async function refundMismatches(
  deps: ReconciliationDeps,
  ours: PlatformRefundRow[],
  theirs: LedgerRefund[],
): Promise<ReconciliationMismatch[]> {
  const byRefund = new Map(ours.map((row) => [row.refundId, row]));
  const strangers = theirs.flatMap((refund) =>
    refund.refundId && !byRefund.has(refund.refundId) ? [refund.refundId] : [],
  );
  const known = new Map((await deps.repos.orderDesk.refundsOf(strangers)).map((row) => [row.refundId, row]));
  const seen = new Set<string>();
  const mismatches: ReconciliationMismatch[] = [];
  for (const refund of theirs) {
    const refundId = refund.refundId ?? null;
    if (refundId) seen.add(refundId);
    const recorded = refundId ? byRefund.get(refundId) : undefined;
    const unsettledHere = refundId && !recorded ? known.get(refundId) : undefined;
    const kinds: MismatchKind[] = [];
    if (recorded) {
      if (recorded.amountFen !== refund.amountFen) kinds.push('amount_differs');
      if (!refund.succeeded) kinds.push('status_differs');
    } else if (unsettledHere && unsettledHere.status !== 'succeeded' && refund.succeeded) {
      kinds.push('status_differs');
    } else {
      kinds.push('missing_here');
    }
    const platform = recorded ?? unsettledHere;
    for (const kind of kinds) {
      mismatches.push({
        kind,
        subject: 'refund',
        orderId: platform?.orderId ?? null,
        refundId: platform ? refundId : null,
        transactionId: refund.transactionId ?? platform?.transactionId ?? null,
        platform: platform && kind !== 'missing_here' ? refundSide(platform) : null,
        provider: { amountFen: refund.amountFen, status: refund.status },
      });
    }
  }
  for (const row of ours) {
    if (seen.has(row.refundId)) continue;
    mismatches.push({
      kind: 'missing_at_provider',
      subject: 'refund',
      orderId: row.orderId,
      refundId: row.refundId,
      transactionId: row.transactionId,
      platform: refundSide(row),
      provider: null,
    });
  }
  return mismatches;
}

/**
 * The platform's paid orders and succeeded refunds of a Beijing day against the payment provider's own record of
 * it, with every mismatch. A day not begun yet is VALIDATION_FAILED; a record the provider has not published or
 * cannot give is RECONCILIATION_UNAVAILABLE.
 */
export async function reconcile(deps: ReconciliationDeps, date: string): Promise<Reconciliation> {
  const now = deps.now();
  if (date > beijingToday(now)) {
    throw new AppError('VALIDATION_FAILED', undefined, undefined, [
      { path: 'date', message: 'The day has not begun yet' },
    ]);
  }
  const from = beijingMidnight(date);
  const until = new Date(from.getTime() + DAY_MS);
  const provider = deps.payment.name;
  let ledger: ProviderLedger;
  try {
    ledger = await deps.payment.ledger({ date, from, until });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ provider, date, detail: error.message }, 'the provider gave no record of the day');
    throw new AppError('RECONCILIATION_UNAVAILABLE');
  }
  const [payments, refunds] = await Promise.all([
    deps.repos.orderDesk.paymentsBetween(provider, from, until),
    deps.repos.orderDesk.refundsBetween(provider, from, until),
  ]);
  const mismatches = [
    ...(await paymentMismatches(deps, payments, ledger.payments)),
    ...(await refundMismatches(deps, refunds, ledger.refunds)),
  ];
  return {
    date,
    provider,
    platform: totalsOf(payments, refunds),
    providerTotals: totalsOf(
      ledger.payments.filter((payment) => payment.paid),
      ledger.refunds.filter((refund) => refund.succeeded),
    ),
    mismatches,
    generatedAt: now.toISOString(),
  };
}

/** The kinds of mismatch in both languages, as the console's files say them. */
const KIND_LABELS: Record<MismatchKind, string> = {
  missing_at_provider: '渠道无记录 / Missing at the provider',
  missing_here: '平台无记录 / Missing here',
  amount_differs: '金额不符 / Amount differs',
  status_differs: '状态不符 / Status differs',
};
const SUBJECT_LABELS: Record<ReconciliationMismatch['subject'], string> = {
  payment: '支付 / Payment',
  refund: '退款 / Refund',
};

/** A day's reconciliation as an .xlsx file: the two sides' totals, then one row per mismatch. */
export async function reconciliationXlsx(
  deps: ReconciliationDeps,
  date: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const day = await reconcile(deps, date);
  const totalsRow = (side: string, totals: LedgerTotals) => [
    side,
    totals.paidCount,
    yuanOf(totals.paidFen),
    totals.refundedCount,
    yuanOf(totals.refundedFen),
  ];
  const totals: Sheet = {
    name: '汇总 Totals',
    columns: [
      { header: `${day.date} / ${day.provider}`, width: 24 },
      { header: '支付笔数 / Payments', width: 14 },
      { header: '支付金额（元）/ Paid (yuan)', width: 20, money: true },
      { header: '退款笔数 / Refunds', width: 14 },
      { header: '退款金额（元）/ Refunded (yuan)', width: 22, money: true },
    ],
    rows: [totalsRow('平台 / Platform', day.platform), totalsRow('支付渠道 / Provider', day.providerTotals)],
  };
  const mismatches: Sheet = {
    name: '差异 Mismatches',
    columns: [
      { header: '差异 / Mismatch', width: 28 },
      { header: '类别 / Subject', width: 14 },
      { header: '订单号 / Order', width: 40, text: true },
      { header: '退款单号 / Refund', width: 40, text: true },
      { header: '交易号 / Transaction', width: 34, text: true },
      { header: '平台金额（元）/ Platform amount (yuan)', width: 22, money: true },
      { header: '平台状态 / Platform status', width: 18 },
      { header: '渠道金额（元）/ Provider amount (yuan)', width: 22, money: true },
      { header: '渠道状态 / Provider status', width: 18 },
    ],
    rows: day.mismatches.map((mismatch) => [
      KIND_LABELS[mismatch.kind],
      SUBJECT_LABELS[mismatch.subject],
      mismatch.orderId,
      mismatch.refundId,
      mismatch.transactionId,
      mismatch.platform ? yuanOf(mismatch.platform.amountFen) : null,
      mismatch.platform?.status ?? null,
      mismatch.provider ? yuanOf(mismatch.provider.amountFen) : null,
      mismatch.provider?.status ?? null,
    ]),
  };
  return { fileName: `reconciliation-${day.date}.xlsx`, bytes: await workbookOf([totals, mismatches]) };
}
