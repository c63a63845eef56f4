import type {
  OpsOrderDetail,
  OpsOrderFilters,
  OpsOrderList,
  OpsOrderRow,
  OpsRefundRequest,
  OrderEvent,
  OrderStatus,
  PaymentEventOutcome,
} from '../../contract';
import type {
  ExamRefRow,
  OpsOrderListRow,
  OrderDeskFilter,
  OrderRefundRow,
  PaymentEventRow,
  RefundRetryRow,
  RegistrationOrderRow,
} from '../db/rows';
import { type Sheet, workbookOf, yuanOf } from '../documents/xlsx';
import { AppError } from '../errors';
import { type Actor, beijingMidnight, record } from './audit';
import type { BookingDeps } from './deps';
import { settleRefunds } from './payments';
import { normalizeChinaMobile } from './phone';
import type { Repositories } from './ports';
import { toOpsRefund } from './refundDesk';

/** Orders and money as operators with `finance` handle them: the booking path's deps and the desk's reads. */
export interface OrderDeskDeps extends Omit<BookingDeps, 'repos'> {
  repos: BookingDeps['repos'] & Pick<Repositories, 'orderDesk'>;
}

const DAY_MS = 86_400_000;
/**
 * How long an operator's identical manual refund (same order, amount and words) counts as the same request sent
 * twice (a double click, a resent form) rather than a second refund.
 */
const REPEAT_WINDOW_MS = 60_000;

function examRef(exam: ExamRefRow) {
  return { id: exam.id, code: exam.code, name: { zh: exam.nameZh, en: exam.nameEn } };
}

/** The search's filter: the phone in E.164 (PHONE_INVALID otherwise), the days as Beijing midnights. */
export function orderDeskFilter(query: OpsOrderFilters): OrderDeskFilter {
  return {
    phone: query.phone ? normalizeChinaMobile(query.phone) : undefined,
    orderId: query.orderId,
    transactionId: query.transactionId,
    exam: query.exam,
    status: query.status,
    from: query.from ? beijingMidnight(query.from) : undefined,
    until: query.to ? new Date(beijingMidnight(query.to).getTime() + DAY_MS) : undefined,
  };
}

export function toOpsOrderRow(row: OpsOrderListRow): OpsOrderRow {
  const { order } = row;
  return {
    id: order.id,
    purpose: order.purpose,
    status: order.status,
    payer: row.payer,
    exam: examRef(row.exam),
    quantity: row.quantity,
    totalFen: order.totalFen,
    refundedFen: order.refundedFen,
    refundPendingFen: row.refundPendingFen,
    refundFailedFen: row.refundFailedFen,
    refundableFen: order.status === 'paid' ? order.totalFen - order.refundBookedFen : 0,
    provider: order.provider,
    transactionId: order.providerTransactionId,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/** A page of the orders the search finds, newest first. */
export async function searchOrders(
  deps: Pick<OrderDeskDeps, 'repos'>,
  query: OpsOrderFilters & { current: number; pageSize: number },
): Promise<OpsOrderList> {
  const { current, pageSize } = query;
  const page = await deps.repos.orderDesk.page(orderDeskFilter(query), (current - 1) * pageSize, pageSize);
  return { list: page.rows.map(toOpsOrderRow), total: page.total, current, pageSize };
}

/** A status in both languages, as the console's files say it. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付 / Awaiting payment',
  paid: '已支付 / Paid',
  expired: '已过期 / Expired',
  canceled: '已取消 / Canceled',
  refunded: '已退款 / Refunded',
};

/** Every order the search finds (no paging) as an .xlsx file: the table's columns, money in yuan. */
export async function ordersXlsx(
  deps: Pick<OrderDeskDeps, 'repos'>,
  query: OpsOrderFilters,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { rows } = await deps.repos.orderDesk.page(orderDeskFilter(query), 0, undefined);
  const sheet: Sheet = {
    name: '订单 Orders',
    columns: [
      { header: '订单号 / Order', width: 40, text: true },
      { header: '状态 / Status', width: 22 },
      { header: '付款人 / Payer', width: 18 },
      { header: '手机号 / Phone', width: 18, text: true },
      { header: '考试代码 / Exam code', width: 16, text: true },
      { header: '考试 / Exam', width: 36 },
      { header: '数量 / Seats', width: 10 },
      { header: '金额（元）/ Total (yuan)', width: 16, money: true },
      { header: '已退款（元）/ Refunded (yuan)', width: 18, money: true },
      { header: '退款中（元）/ Refund pending (yuan)', width: 20, money: true },
      { header: '退款失败（元）/ Refund failed (yuan)', width: 20, money: true },
      { header: '支付渠道 / Provider', width: 12 },
      { header: '交易号 / Transaction', width: 34, text: true },
      { header: '下单时间 / Created (UTC)', width: 26 },
      { header: '支付时间 / Paid (UTC)', width: 26 },
    ],
    rows: rows.map(({ order, payer, exam, quantity, refundPendingFen, refundFailedFen }) => [
      order.id,
      STATUS_LABELS[order.status],
      payer.name,
      payer.phone,
      exam.code,
      `${exam.nameZh} / ${exam.nameEn}`,
      quantity,
      yuanOf(order.totalFen),
      yuanOf(order.refundedFen),
      yuanOf(refundPendingFen),
      yuanOf(refundFailedFen),
      order.provider,
      order.providerTransactionId,
      order.createdAt.toISOString(),
      order.paidAt?.toISOString() ?? null,
    ]),
  };
  return { fileName: 'orders.xlsx', bytes: await workbookOf([sheet]) };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No order has this id.');
}

function paymentEvent(row: PaymentEventRow): OrderEvent {
  return {
    type: 'payment',
    at: row.receivedAt.toISOString(),
    provider: row.provider,
    outcome: row.outcome as PaymentEventOutcome,
    detail: row.detail,
  };
}

/** A refund's steps: asked for (by the operator, for a manual one), asked again by each retry, and how it ended. */
function refundEvents({ refund, requestedBy }: OrderRefundRow, retries: RefundRetryRow[]): OrderEvent[] {
  const step = (step: 'requested' | 'succeeded' | 'failed', at: Date, by: OrderRefundRow['requestedBy']) =>
    ({
      type: 'refund',
      at: at.toISOString(),
      refundId: refund.id,
      step,
      amountFen: refund.amountFen,
      reason: refund.reason,
      by,
    }) as const;
  const events: OrderEvent[] = [step('requested', refund.createdAt, requestedBy)];
  for (const retry of retries) events.push(step('requested', retry.at, retry.by));
  if (refund.completedAt && (refund.status === 'succeeded' || refund.status === 'failed')) {
    events.push(step(refund.status, refund.completedAt, null));
  }
  return events;
}

/**
 * The moves of the order's registrations: each paid change order moved its registration from the exam of the
 * order before it (a change that could not be made moved nothing).
 */
function changeEvents(orders: RegistrationOrderRow[]): OrderEvent[] {
  const byRegistration = new Map<string, RegistrationOrderRow[]>();
  for (const row of orders) {
    if (!row.order.paidAt || row.changeFailed) continue;
    byRegistration.set(row.registrationId, [...(byRegistration.get(row.registrationId) ?? []), row]);
  }
  const events: OrderEvent[] = [];
  for (const [registrationId, chain] of byRegistration) {
    chain.forEach((row, index) => {
      const before = chain[index - 1];
      if (!before || row.order.purpose !== 'change' || !row.order.paidAt) return;
      events.push({
        type: 'change',
        at: row.order.paidAt.toISOString(),
        registrationId,
        from: examRef(before.exam),
        to: examRef(row.exam),
        changeOrderId: row.order.id,
      });
    });
  }
  return events;
}

/** One order with its price lines, registrations, refunds and history (oldest first); NOT_FOUND when unknown. */
export async function orderDetail(deps: Pick<OrderDeskDeps, 'repos'>, orderId: string): Promise<OpsOrderDetail> {
  const desk = deps.repos.orderDesk;
  const row = await desk.order(orderId);
  if (!row) throw notFound();
  const [registrations, refunds, events] = await Promise.all([
    desk.registrations(orderId),
    desk.refunds(orderId),
    desk.paymentEvents(orderId),
  ]);
  const [moves, retries] = await Promise.all([
    desk.ordersOfRegistrations(registrations.map((registration) => registration.id)),
    desk.refundRetries(refunds.map(({ refund }) => refund.id)),
  ]);
  const { order } = row;
  const timeline: OrderEvent[] = [
    { type: 'created', at: order.createdAt.toISOString(), totalFen: order.totalFen },
    ...events.map(paymentEvent),
    ...refunds.flatMap((refund) =>
      refundEvents(
        refund,
        retries.filter((retry) => retry.refundId === refund.refund.id),
      ),
    ),
    ...changeEvents(moves),
  ];
  if (order.closedAt && (order.status === 'expired' || order.status === 'canceled')) {
    timeline.push({ type: 'closed', at: order.closedAt.toISOString(), status: order.status });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return {
    ...toOpsOrderRow(row),
    breakdown: order.breakdown,
    promoCode: order.promoCode,
    registrations: registrations.map((registration) => ({
      id: registration.id,
      status: registration.status,
      candidateName: registration.candidateName,
      exam: examRef(registration.exam),
    })),
    refunds: refunds.map(({ refund, requestedBy }) => ({ ...toOpsRefund(refund), requestedBy })),
    timeline,
  };
}

/**
 * An operator's manual refund: money only (the registrations stand), booked as every refund is (requested, with
 * the operator's words as its note) with its audit row in one transaction that holds the order's lock, then sent
 * to the provider as the booking path sends refunds (the sweeper takes it if this exchange fails). Only a paid
 * order (ORDER_NOT_REFUNDABLE), at most what is left to give back (REFUND_EXCEEDS_REFUNDABLE). The same request
 * sent twice within a minute (same order, amount and words, same operator) books one refund and answers the order.
 */
export async function refundOrder(
  deps: OrderDeskDeps,
  actor: Actor & { id: string },
  orderId: string,
  request: OpsRefundRequest,
): Promise<OpsOrderDetail> {
  const now = deps.now();
  const owed = await deps.uow.run(async (tx) => {
    const order = await tx.orders.lockOrder(orderId);
    if (!order) throw notFound();
    const repeated = (await tx.orderDesk.refunds(orderId)).some(
      ({ refund }) =>
        refund.reason === 'manual' &&
        refund.requestedBy === actor.id &&
        refund.amountFen === request.amountFen &&
        refund.note === request.reason &&
        now.getTime() - refund.createdAt.getTime() < REPEAT_WINDOW_MS,
    );
    if (repeated) return undefined;
    if (order.status !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE');
    const refundableFen = order.totalFen - order.refundBookedFen;
    if (request.amountFen > refundableFen) throw new AppError('REFUND_EXCEEDS_REFUNDABLE');
    const refund = await tx.refunds.owePaymentBack(order.id, request.amountFen, 'manual', now, {
      note: request.reason,
      requestedBy: actor.id,
    });
    if (!refund) throw new AppError('REFUND_EXCEEDS_REFUNDABLE');
    await record(tx.audit, actor, now, {
      action: 'order.refund',
      target: { type: 'order', id: order.id, label: `order ${order.id}` },
      before: { refundableFen, refundedFen: order.refundedFen },
      after: {
        refundId: refund.id,
        amountFen: refund.amountFen,
        reason: request.reason,
        refundableFen: refundableFen - refund.amountFen,
      },
    });
    return { refund, totalFen: order.totalFen };
  });
  if (owed) await settleRefunds(deps, [owed]);
  return orderDetail(deps, orderId);
}
