/**
 * Receipts and fapiao requests in `npm run dev`: a paid order's receipt (the page's data and the same PDF the server
 * prints), the payer's fapiao request, and the operators' desk that marks requests issued or rejected.
 */

import type { CurrentUser, FapiaoView, OpsFapiao } from '../contract';
import { api, opsApi } from '../contract';
import { isValidCreditCode } from '../contract/creditCode';
import { receiptPdf } from '../server/documents/receiptPdf';
import { maskPhone } from '../server/domain/phone';
import { newId } from './lib/fixtures';
import { on, page, refuse, sessions } from './lib/http';
import { record } from './lib/ops';
import { examOf, type MockOrder, orders, orderView, registrations } from './lib/store';

const ISSUER = { zh: '考试能力科技有限公司（模拟）', en: 'Exam Ability Technology Co., Ltd. (mock)' };

interface MockFapiao extends FapiaoView {
  orderId: string;
}

/** Every fapiao request, oldest first. */
const requests: MockFapiao[] = [];

function paidOrderOf(user: CurrentUser, id: string): MockOrder {
  const order = orders.get(id);
  if (order?.userId !== user.id) return refuse('NOT_FOUND');
  if (!order.paidAt || (order.status !== 'paid' && order.status !== 'refunded')) refuse('ORDER_NOT_PAID');
  return order;
}

const fapiaoView = ({ orderId, ...view }: MockFapiao): FapiaoView => view;

/** The standing request of the order, else its last rejected one. */
function latestOf(orderId: string): MockFapiao | undefined {
  const own = requests.filter((request) => request.orderId === orderId);
  return own.find((request) => request.status !== 'rejected') ?? own.at(-1);
}

function receiptOf(user: CurrentUser, order: MockOrder) {
  const fapiao = latestOf(order.id);
  return {
    order: orderView(order),
    payer: { name: user.name, phone: maskPhone(user.phone) },
    issuer: ISSUER,
    promoCode: null,
    items: order.registrationIds.map((registrationId) => ({
      registrationId,
      candidateName: registrations.get(registrationId)?.person.name ?? user.name,
    })),
    fapiao: fapiao ? fapiaoView(fapiao) : null,
    canRequestFapiao: order.status === 'paid' && (!fapiao || fapiao.status === 'rejected'),
  };
}

function opsFapiaoOf(request: MockFapiao): OpsFapiao {
  const order = orders.get(request.orderId) ?? refuse('NOT_FOUND');
  const exam = examOf(order.examId);
  const payer = [...sessions.values()].find((account) => account.id === order.userId);
  return {
    ...fapiaoView(request),
    orderId: order.id,
    orderTotalFen: order.breakdown.totalFen,
    orderRefundedFen: order.refundedFen,
    payer: { name: payer?.name ?? '', phone: payer?.phone ?? '' },
    exam: { code: exam.code, name: exam.name },
  };
}

export default Object.fromEntries([
  on(api.receipt, ({ user, params }) => receiptOf(user, paidOrderOf(user, params.id))),
  on(api.receiptPdf, async ({ user, params, query }) => {
    const order = paidOrderOf(user, params.id);
    const { unitPriceFen, quantity, ...breakdown } = order.breakdown;
    const exam = examOf(order.examId);
    const bytes = await receiptPdf(
      {
        orderId: order.id,
        purpose: order.purpose,
        payer: { name: user.name, phone: user.phone },
        issuer: ISSUER,
        paidAt: order.paidAt ?? '',
        transactionId: order.transactionId,
        items: [
          {
            exam: { code: exam.code, name: exam.name, startsAt: exam.startsAt, timeZone: exam.timeZone },
            unitPriceFen,
            quantity,
          },
        ],
        breakdown,
        promoCode: null,
        refunds: order.refunds,
      },
      query.lang,
    );
    return { fileName: `receipt-${exam.code}.pdf`, contentType: 'application/pdf', bytes };
  }),
  on(api.requestFapiao, ({ user, params, body }) => {
    const order = paidOrderOf(user, params.id);
    if (order.status === 'refunded') refuse('FAPIAO_ORDER_REFUNDED');
    if (body.taxId !== '' && !isValidCreditCode(body.taxId)) refuse('FAPIAO_TAX_ID_INVALID');
    if (latestOf(order.id)?.status === 'requested' || latestOf(order.id)?.status === 'issued') {
      refuse('FAPIAO_ALREADY_REQUESTED');
    }
    const now = new Date().toISOString();
    const request: MockFapiao = {
      id: newId(),
      orderId: order.id,
      ...body,
      status: 'requested',
      note: '',
      requestedAt: now,
      updatedAt: now,
    };
    requests.push(request);
    return fapiaoView(request);
  }),
  on(opsApi.opsFapiaoRequests, ({ query }) =>
    page(requests.filter((request) => !query.status || request.status === query.status).map(opsFapiaoOf), query),
  ),
  on(opsApi.opsDecideFapiao, ({ user, params, body }) => {
    const request = requests.find((item) => item.id === params.id) ?? refuse('NOT_FOUND');
    if (request.status !== 'requested') refuse('FAPIAO_ALREADY_DECIDED');
    const before = { status: request.status, note: request.note };
    Object.assign(request, { status: body.status, note: body.note, updatedAt: new Date().toISOString() });
    const target = { type: 'fapiao', id: request.id, label: `${request.title} (${request.orderId})` };
    record(user, body.status === 'issued' ? 'fapiao.issue' : 'fapiao.reject', target, before, {
      status: request.status,
      note: request.note,
    });
    return opsFapiaoOf(request);
  }),
]);
