/**
 * Booking, orders, tickets, transactions and results for `npm run dev`, with a small in-memory state machine:
 * registering creates a pending registration and a pending order whose QR opens the sandbox wallet page; confirming
 * in the wallet pays it. The ticket token is a placeholder (the real server signs one with Ed25519).
 */
import type { DataOf, RegistrationResponse, RegistrationView } from '../contract';
import {
  breakdownOf,
  confirmedTotal,
  createOrder,
  handlingOf,
  MOCK_ACCESS_CODE,
  MOCK_PROMO,
  type MockOrder,
  type MockRegistration,
  newId,
  orders,
  orderView,
  payOrder,
  registrations,
  settle,
} from './lib/orders';
import { exams, fail, field, type Handler, type MockRequest, send, userOf } from './lib/shared';

const LOCK_MS = 72 * 3_600_000;

const idempotent = new Map<string, RegistrationResponse>();

function registrationView(registration: MockRegistration): RegistrationView {
  const lockedFrom = new Date(Date.parse(registration.exam.startsAt) - LOCK_MS).toISOString();
  const open = registration.status === 'register' && Date.now() < Date.parse(lockedFrom);
  return {
    id: registration.id,
    status: registration.status,
    exam: registration.exam,
    createdAt: registration.createdAt,
    orderId: registration.orderId,
    checkedInAt: null,
    lockedFrom,
    canChange: open,
    canCancel: open,
  };
}

function paidOf(registration: MockRegistration): MockOrder[] {
  return [...orders.values()].filter(
    (order) => order.registrationIds.includes(registration.id) && order.status === 'paid',
  );
}

function pageOf<T>(items: T[], req: MockRequest) {
  const current = Number(req.query.current ?? 1) || 1;
  const pageSize = Number(req.query.pageSize ?? 10) || 10;
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

function mine(req: MockRequest): MockRegistration[] {
  const user = userOf(req);
  return [...registrations.values()].filter((item) => item.userId === user?.id).reverse();
}

function myRegistration(req: MockRequest): MockRegistration | undefined {
  const registration = registrations.get(req.params.id ?? '');
  return registration && registration.userId === userOf(req)?.id ? registration : undefined;
}

const handlers: Record<string, Handler> = {
  'POST /api/front/checkout/quote': (req, res) => {
    if (!userOf(req)) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    const exam = exams.find((item) => item.id === field(req.body, 'examId'));
    if (!exam) return fail(res, 'NOT_FOUND', 'No such exam.');
    const promoCode = field(req.body, 'promoCode').toUpperCase();
    if (promoCode && promoCode !== MOCK_PROMO) return fail(res, 'PROMO_CODE_INVALID', 'Unknown promo code.');
    const quantity = Number((req.body as { quantity?: unknown } | undefined)?.quantity ?? 1) || 1;
    send<DataOf<'quote'>>(res, {
      ...breakdownOf(exam, quantity, Boolean(promoCode)),
      examId: exam.id,
      testDate: exam.startsAt,
      promoCode: promoCode || null,
      referralCode: null,
    });
  },
  'POST /api/front/student-registration': (req, res) => {
    const user = userOf(req);
    if (!user) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    if (user.kind !== 'individual') return fail(res, 'STUDENTS_ONLY', 'Only candidates can register.');
    const key = `${user.id}:${String(req.headers['idempotency-key'] ?? '')}`;
    const repeated = idempotent.get(key);
    if (repeated) return send<DataOf<'register'>>(res, repeated);
    const exam = exams.find((item) => item.id === field(req.body, 'examId'));
    if (!exam) return fail(res, 'NOT_FOUND', 'No such exam.');
    if (exam.requiresAccessCode && field(req.body, 'accessCode') !== MOCK_ACCESS_CODE) {
      return fail(res, 'ACCESS_CODE_INVALID', 'Wrong access code.');
    }
    const promoCode = field(req.body, 'promoCode').toUpperCase();
    if (promoCode && promoCode !== MOCK_PROMO) return fail(res, 'PROMO_CODE_INVALID', 'Unknown promo code.');
    const live = mine(req).find(
      (item) => item.exam.id === exam.id && ['pending', 'register', 'checkin'].includes(item.status),
    );
    if (live) return fail(res, 'ALREADY_REGISTERED', 'You are already registered for this exam.');
    const breakdown = breakdownOf(exam, 1, Boolean(promoCode));
    if (!confirmedTotal(req.body, breakdown)) return fail(res, 'PRICE_CHANGED', 'The price changed since the quote.');
    const registration: MockRegistration = {
      id: newId(),
      userId: user.id,
      exam,
      status: 'pending',
      createdAt: new Date().toISOString(),
      orderId: null,
    };
    registrations.set(registration.id, registration);
    const order = createOrder(req, user, [registration.id], 'booking', exam, breakdown, null);
    registration.orderId = order.id;
    const answer: RegistrationResponse = {
      registration: registrationView(registration),
      order: orderView(order),
      payment: { qrContent: order.qrContent },
    };
    idempotent.set(key, answer);
    send<DataOf<'register'>>(res, answer);
  },
  'GET /api/front/orders/:id': (req, res) => {
    const order = orders.get(req.params.id ?? '');
    if (!order || order.userId !== userOf(req)?.id) return fail(res, 'NOT_FOUND', 'No such order.');
    send<DataOf<'order'>>(res, orderView(order));
  },
  'GET /api/front/registrations': (req, res) => {
    if (!userOf(req)) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    for (const order of orders.values()) settle(order);
    const list = mine(req).filter((item) => !req.query.status || item.status === req.query.status);
    send<DataOf<'registrations'>>(res, pageOf(list.map(registrationView), req));
  },
  'GET /api/front/registrations/:id/ticket': (req, res) => {
    const registration = myRegistration(req);
    const user = userOf(req);
    if (!registration || !user) return fail(res, 'NOT_FOUND', 'No such registration.');
    if (registration.status === 'pending') return fail(res, 'TICKET_NOT_ISSUED', 'Pay first.');
    send<DataOf<'ticket'>>(res, {
      registrationId: registration.id,
      status: registration.status,
      exam: registration.exam,
      candidate: {
        name: user.name || 'Mock Candidate',
        maskedIdNumber: '110101********123X',
        phone: user.phone,
        avatar_small: null,
      },
      token: registration.status === 'canceled' ? null : `mock-ticket-token.${registration.id}`,
    });
  },
  'GET /api/front/registrations/:id/change-options': (req, res) => {
    const registration = myRegistration(req);
    if (!registration) return fail(res, 'NOT_FOUND', 'No such registration.');
    send<DataOf<'changeOptions'>>(
      res,
      exams.filter((exam) => exam.id !== registration.exam.id && exam.seatsLeft > 0),
    );
  },
  'POST /api/front/registrations/:id/change': (req, res) => {
    const registration = myRegistration(req);
    const user = userOf(req);
    if (!registration || !user) return fail(res, 'NOT_FOUND', 'No such registration.');
    if (!registrationView(registration).canChange) {
      return fail(res, 'RESERVATION_LOCKED', 'Too close to the test to change.');
    }
    const target = exams.find((exam) => exam.id === field(req.body, 'examId') && exam.id !== registration.exam.id);
    if (!target) return fail(res, 'CHANGE_TARGET_INVALID', 'Cannot move there.');
    const difference = target.feeFen - registration.exam.feeFen;
    if (difference > 0) {
      const breakdown = { ...breakdownOf(target, 1, false), unitPriceFen: difference, subtotalFen: difference };
      breakdown.handlingFen = handlingOf(difference);
      breakdown.totalFen = difference + breakdown.handlingFen;
      const order = createOrder(req, user, [registration.id], 'change', target, breakdown, target);
      return send<DataOf<'changeRegistration'>>(res, {
        registration: registrationView(registration),
        order: orderView(order),
        payment: { qrContent: order.qrContent },
        refundFen: 0,
      });
    }
    const refundFen = -difference;
    const paid = paidOf(registration)[0];
    if (paid && refundFen > 0) paid.refundedFen += refundFen;
    registration.exam = target;
    send<DataOf<'changeRegistration'>>(res, {
      registration: registrationView(registration),
      order: null,
      payment: null,
      refundFen,
    });
  },
  'POST /api/front/registrations/:id/cancel': (req, res) => {
    const registration = myRegistration(req);
    if (!registration) return fail(res, 'NOT_FOUND', 'No such registration.');
    if (!registrationView(registration).canCancel) {
      return fail(res, 'RESERVATION_LOCKED', 'Too close to the test to cancel.');
    }
    let refundFen = 0;
    for (const order of paidOf(registration)) {
      refundFen += order.breakdown.totalFen - order.refundedFen;
      order.refundedFen = order.breakdown.totalFen;
      order.status = 'refunded';
    }
    registration.status = 'canceled';
    send<DataOf<'cancelRegistration'>>(res, { registration: registrationView(registration), refundFen });
  },
  'GET /api/front/transactions': (req, res) => {
    const user = userOf(req);
    if (!user) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    const list = [...orders.values()]
      .filter((order) => order.userId === user.id)
      .reverse()
      .map((order) => settle(order))
      .map((order) => ({
        orderId: order.id,
        purpose: order.purpose,
        paymentDate: order.paidAt,
        transactionId: order.transactionId,
        examName: order.exam.name,
        unitPriceFen: order.breakdown.unitPriceFen,
        quantity: order.breakdown.quantity,
        totalFen: order.breakdown.totalFen,
        refundedFen: order.refundedFen,
        status: order.status,
        createdAt: order.createdAt,
      }));
    send<DataOf<'transactions'>>(res, pageOf(list, req));
  },
  'GET /api/front/results': (req, res) => {
    if (!userOf(req)) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    send<DataOf<'results'>>(
      res,
      mine(req)
        .filter((item) => item.status !== 'pending' && item.status !== 'canceled')
        .map((item) => ({
          registrationId: item.id,
          exam: {
            id: item.exam.id,
            code: item.exam.code,
            name: item.exam.name,
            startsAt: item.exam.startsAt,
            timeZone: item.exam.timeZone,
          },
          registrationStatus: item.status,
          outcome: null,
          certificateNumber: null,
          publishedAt: null,
        })),
    );
  },
  'GET /api/front/tickets/public-key': (_req, res) =>
    send<DataOf<'ticketPublicKey'>>(res, {
      alg: 'EdDSA',
      kid: 'mock',
      jwk: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
    }),
  'GET /api/pay/sandbox/orders/:orderId': (req, res) => {
    const order = orders.get(req.params.orderId ?? '');
    if (!order) return fail(res, 'NOT_FOUND', 'No such order.');
    send<DataOf<'walletOrder'>>(res, walletView(settle(order)));
  },
  'POST /api/pay/sandbox/orders/:orderId/confirm': (req, res) => {
    const order = orders.get(req.params.orderId ?? '');
    if (!order) return fail(res, 'NOT_FOUND', 'No such order.');
    if (settle(order).status !== 'pending') return fail(res, 'ORDER_EXPIRED', 'The order can no longer be paid.');
    payOrder(order);
    send<DataOf<'walletConfirm'>>(res, walletView(order));
  },
};

function walletView(order: MockOrder): DataOf<'walletOrder'> {
  const state = order.status === 'pending' ? 'open' : order.status === 'paid' ? 'paid' : 'closed';
  return {
    orderId: order.id,
    payee: { zh: '考试能力（模拟）', en: 'Exam Ability (mock)' },
    description: order.exam.name,
    amountFen: order.breakdown.totalFen,
    state,
    expiresAt: order.expiresAt,
  };
}

export default handlers;
