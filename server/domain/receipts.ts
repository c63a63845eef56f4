import type { FapiaoRequest, FapiaoView, ReceiptView } from '../../contract';
import { isValidCreditCode } from '../../contract/creditCode';
import type { Config } from '../config';
import { uniqueConstraintOf } from '../db/errors';
import type { FapiaoRow, OrderWithExamRow, UserRow } from '../db/rows';
import type { DocumentLocale } from '../documents/messages';
import { receiptPdf } from '../documents/receiptPdf';
import type { ReceiptDocument } from '../documents/types';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { maskPhone } from './phone';
import type { Repositories } from './ports';
import type { TicketFile } from './ticketFiles';
import { toOrderView } from './views/orders';

/** A payer's receipts and fapiao requests: the order, whom it paid for, its refunds and its fapiao. */
export interface ReceiptDeps {
  repos: Pick<Repositories, 'orders' | 'orderDesk' | 'refunds' | 'fapiao'>;
  /** The company that issues receipts. */
  site: Pick<Config['site'], 'companyNameZh' | 'companyNameEn'>;
  now: () => Date;
}

/** Money that came in: paid, or paid and since refunded in full. Pending, expired and canceled orders took none. */
const RECEIPTED = new Set(['paid', 'refunded']);

/** One of the caller's orders that took money; NOT_FOUND for another's or an unknown one, ORDER_NOT_PAID otherwise. */
async function paidOrderOf(deps: ReceiptDeps, user: UserRow, orderId: string): Promise<OrderWithExamRow> {
  const row = await deps.repos.orders.orderWithExam(orderId, user.id);
  if (!row) throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No order has this id.');
  if (!row.order.paidAt || !RECEIPTED.has(row.order.status)) throw new AppError('ORDER_NOT_PAID');
  return row;
}

export function toFapiaoView(row: FapiaoRow): FapiaoView {
  return {
    id: row.id,
    title: row.title,
    taxId: row.taxId,
    email: row.email,
    status: row.status,
    note: row.note,
    requestedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The receipt page's data (api.receipt): the order's own price lines, transaction and refunds, as stored. */
export async function receiptOf(deps: ReceiptDeps, user: UserRow, orderId: string): Promise<ReceiptView> {
  const { order, exam } = await paidOrderOf(deps, user, orderId);
  const [refunds, registrations, fapiao] = await Promise.all([
    deps.repos.refunds.refundsOfOrders([order.id]),
    deps.repos.orderDesk.registrations(order.id),
    deps.repos.fapiao.latestOfOrder(order.id),
  ]);
  const standing = fapiao !== undefined && fapiao.status !== 'rejected';
  return {
    order: toOrderView(order, exam, refunds),
    payer: { name: user.name, phone: maskPhone(user.phone) },
    issuer: { zh: deps.site.companyNameZh, en: deps.site.companyNameEn },
    promoCode: order.promoCode,
    items: registrations.map((registration) => ({
      registrationId: registration.id,
      candidateName: registration.candidateName,
    })),
    fapiao: fapiao ? toFapiaoView(fapiao) : null,
    canRequestFapiao: order.status === 'paid' && !standing,
  };
}

/** The receipt as an A4 PDF (api.receiptPdf), in `locale`; every amount the order's stored breakdown. */
export async function receiptPdfFile(
  deps: ReceiptDeps,
  user: UserRow,
  orderId: string,
  locale: DocumentLocale,
): Promise<TicketFile> {
  const receipt = await receiptOf(deps, user, orderId);
  const { order } = receipt;
  const { unitPriceFen, quantity, ...breakdown } = order.breakdown;
  const document: ReceiptDocument = {
    orderId: order.id,
    purpose: order.purpose,
    payer: { name: user.name, phone: user.phone },
    issuer: receipt.issuer,
    paidAt: order.paidAt ?? '',
    transactionId: order.transactionId,
    items: [{ exam: order.exam, unitPriceFen, quantity }],
    breakdown,
    promoCode: receipt.promoCode,
    refunds: order.refunds.map(({ requestedAt, reason, state, amountFen }) => ({
      requestedAt,
      reason,
      state,
      amountFen,
    })),
  };
  return {
    fileName: `receipt-${order.exam.code}-${order.id.slice(-8)}.pdf`,
    contentType: 'application/pdf',
    bytes: await receiptPdf(document, locale),
  };
}

/**
 * The payer asks for a fapiao (api.requestFapiao): recorded for operators, who issue it on the tax platform outside
 * this service. One standing request per order (the unique index decides a race: FAPIAO_ALREADY_REQUESTED).
 */
export async function requestFapiao(
  deps: ReceiptDeps,
  user: UserRow,
  orderId: string,
  request: FapiaoRequest,
): Promise<FapiaoView> {
  const { order } = await paidOrderOf(deps, user, orderId);
  if (order.status === 'refunded') throw new AppError('FAPIAO_ORDER_REFUNDED');
  if (request.taxId !== '' && !isValidCreditCode(request.taxId)) {
    throw new AppError('FAPIAO_TAX_ID_INVALID', undefined, undefined, [
      { path: 'taxId', message: 'not a unified social credit code' },
    ]);
  }
  try {
    const row = await deps.repos.fapiao.insert({
      id: uuidv7(),
      orderId: order.id,
      requestedBy: user.id,
      title: request.title,
      taxId: request.taxId,
      email: request.email,
      createdAt: deps.now(),
    });
    return toFapiaoView(row);
  } catch (error) {
    if (uniqueConstraintOf(error) === 'fapiao_requests_order_uq') throw new AppError('FAPIAO_ALREADY_REQUESTED');
    throw error;
  }
}
