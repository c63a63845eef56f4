/**
 * Booking, orders, tickets, transactions and results for `npm run dev`, with a small in-memory state machine:
 * registering creates a pending registration and a pending order whose QR opens the sandbox wallet page; confirming
 * in the wallet pays it. The ticket token is a placeholder (the real server signs one with Ed25519).
 */
import type {
  CurrentUser,
  DataOf,
  ExamSummary,
  OrderView,
  PriceBreakdown,
  RegistrationResponse,
  RegistrationView,
} from '../contract';
import { exams, fail, field, type Handler, type MockRequest, mockId, send, userOf } from './lib/shared';

const HOLD_MS = 15 * 60_000;
const LOCK_MS = 72 * 3_600_000;
/** The promo code the mock accepts: 10% off the subtotal. */
const MOCK_PROMO = 'SPRING10';
/** The access code of the mock exams that require one. */
const MOCK_ACCESS_CODE = 'INVITED';
const HANDLING_BPS = 60;

interface MockRegistration {
  id: string;
  userId: string;
  exam: ExamSummary;
  status: RegistrationView['status'];
  createdAt: string;
  orderId: string | null;
}
interface MockOrder {
  id: string;
  userId: string;
  registrationId: string;
  purpose: OrderView['purpose'];
  status: OrderView['status'];
  breakdown: PriceBreakdown;
  exam: ExamSummary;
  /** For a change order: the exam the registration moves to once it is paid. */
  moveTo: ExamSummary | null;
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
  transactionId: string | null;
  qrContent: string;
  refundedFen: number;
}

const registrations = new Map<string, MockRegistration>();
const orders = new Map<string, MockOrder>();
const idempotent = new Map<string, RegistrationResponse>();
let nextId = 5000;
const newId = () => mockId(nextId++);

function breakdownOf(exam: ExamSummary, quantity: number, promo: boolean): PriceBreakdown {
  const subtotalFen = exam.feeFen * quantity;
  const promotionDiscountFen = promo ? Math.round(subtotalFen / 10) : 0;
  const handlingFen = Math.round(((subtotalFen - promotionDiscountFen) * HANDLING_BPS) / 10_000);
  return {
    unitPriceFen: exam.feeFen,
    quantity,
    subtotalFen,
    referralDiscountFen: 0,
    promotionDiscountFen,
    groupDiscountFen: 0,
    handlingFen,
    totalFen: subtotalFen - promotionDiscountFen + handlingFen,
  };
}

/** A pending order past its hold expires and releases its registration, as the server's sweeper does. */
function settle(order: MockOrder): MockOrder {
  if (order.status === 'pending' && Date.parse(order.expiresAt) <= Date.now()) {
    order.status = 'expired';
    const registration = registrations.get(order.registrationId);
    if (registration?.status === 'pending') registration.status = 'canceled';
  }
  return order;
}

function orderView(order: MockOrder): OrderView {
  settle(order);
  const { exam } = order;
  return {
    id: order.id,
    purpose: order.purpose,
    status: order.status,
    breakdown: order.breakdown,
    exam: { id: exam.id, code: exam.code, name: exam.name, startsAt: exam.startsAt, timeZone: exam.timeZone },
    expiresAt: order.expiresAt,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    transactionId: order.transactionId,
    qrContent: order.status === 'pending' ? order.qrContent : null,
    refundedFen: order.refundedFen,
  };
}

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

/** The wallet link the QR carries: absolute when the request names its host, so a phone can open it. */
function walletUrl(req: MockRequest, orderId: string): string {
  const host = req.headers.host;
  return typeof host === 'string' ? `http://${host}/pay/sandbox/${orderId}` : `/pay/sandbox/${orderId}`;
}

function createOrder(
  req: MockRequest,
  user: CurrentUser,
  registrationId: string,
  purpose: OrderView['purpose'],
  exam: ExamSummary,
  breakdown: PriceBreakdown,
  moveTo: ExamSummary | null,
): MockOrder {
  const id = newId();
  const now = Date.now();
  const order: MockOrder = {
    id,
    userId: user.id,
    registrationId,
    purpose,
    status: 'pending',
    breakdown,
    exam,
    moveTo,
    expiresAt: new Date(now + HOLD_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
    paidAt: null,
    transactionId: null,
    qrContent: walletUrl(req, id),
    refundedFen: 0,
  };
  orders.set(id, order);
  return order;
}

function paidOf(registration: MockRegistration): MockOrder[] {
  return [...orders.values()].filter((order) => order.registrationId === registration.id && order.status === 'paid');
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
    const registration: MockRegistration = {
      id: newId(),
      userId: user.id,
      exam,
      status: 'pending',
      createdAt: new Date().toISOString(),
      orderId: null,
    };
    registrations.set(registration.id, registration);
    const order = createOrder(
      req,
      user,
      registration.id,
      'booking',
      exam,
      breakdownOf(exam, 1, Boolean(promoCode)),
      null,
    );
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
      breakdown.handlingFen = Math.round((difference * HANDLING_BPS) / 10_000);
      breakdown.totalFen = difference + breakdown.handlingFen;
      const order = createOrder(req, user, registration.id, 'change', target, breakdown, target);
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
    order.status = 'paid';
    order.paidAt = new Date().toISOString();
    order.transactionId = `SANDBOX${order.id.replace(/-/g, '').slice(-16)}`;
    const registration = registrations.get(order.registrationId);
    if (registration) {
      if (order.moveTo) registration.exam = order.moveTo;
      if (registration.status === 'pending') registration.status = 'register';
      registration.orderId = order.id;
    }
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
