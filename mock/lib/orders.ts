/**
 * The orders and registrations the booking and group mocks share: a pending order holds its registrations until it
 * is paid in the wallet or its hold runs out. Excluded from Umi's mock glob (.umirc.ts), so it answers no route.
 */
import type { CurrentUser, ExamSummary, OrderView, PriceBreakdown, RegistrationView } from '../../contract';
import { groupDiscountBps } from '../../server/domain/pricing';
import { type MockRequest, mockId } from './shared';

const HOLD_MS = 15 * 60_000;
/** The promo code the mock accepts: 10% off the subtotal. */
export const MOCK_PROMO = 'SPRING10';
/** The access code of the mock exams that require one. */
export const MOCK_ACCESS_CODE = 'INVITED';
const HANDLING_BPS = 60;

export interface MockRegistration {
  id: string;
  userId: string;
  exam: ExamSummary;
  status: RegistrationView['status'];
  createdAt: string;
  orderId: string | null;
}
export interface MockOrder {
  id: string;
  userId: string;
  /** What it pays for: one registration, or every member of a group. */
  registrationIds: string[];
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

export const registrations = new Map<string, MockRegistration>();
export const orders = new Map<string, MockOrder>();
let nextId = 5000;
export const newId = () => mockId(nextId++);

/** The checkout lines, with the server's group discount tiers (10 seats and more). */
export function breakdownOf(exam: ExamSummary, quantity: number, promo: boolean): PriceBreakdown {
  const subtotalFen = exam.feeFen * quantity;
  const groupDiscountFen = Math.round((subtotalFen * groupDiscountBps(quantity)) / 10_000);
  const promotionDiscountFen = promo ? Math.round(subtotalFen / 10) : 0;
  const discounted = subtotalFen - groupDiscountFen - promotionDiscountFen;
  const handlingFen = Math.round((discounted * HANDLING_BPS) / 10_000);
  return {
    unitPriceFen: exam.feeFen,
    quantity,
    subtotalFen,
    referralDiscountFen: 0,
    promotionDiscountFen,
    groupDiscountFen,
    handlingFen,
    totalFen: discounted + handlingFen,
  };
}

/** The server's rule (DESIGN.md section 6): an order is made only at the total the buyer confirmed. */
export function confirmedTotal(body: unknown, breakdown: PriceBreakdown): boolean {
  const expected =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).expectedTotalFen : null;
  return expected === breakdown.totalFen;
}

/** The handling charge of an amount, as breakdownOf charges it. */
export function handlingOf(amountFen: number): number {
  return Math.round((amountFen * HANDLING_BPS) / 10_000);
}

/** A pending order past its hold expires and releases its registrations, as the server's sweeper does. */
export function settle(order: MockOrder): MockOrder {
  if (order.status === 'pending' && Date.parse(order.expiresAt) <= Date.now()) {
    order.status = 'expired';
    for (const id of order.registrationIds) {
      const registration = registrations.get(id);
      if (registration?.status === 'pending') registration.status = 'canceled';
    }
  }
  return order;
}

export function orderView(order: MockOrder): OrderView {
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

/** The wallet link the QR carries: absolute when the request names its host, so a phone can open it. */
function walletUrl(req: MockRequest, orderId: string): string {
  const host = req.headers.host;
  return typeof host === 'string' ? `http://${host}/pay/sandbox/${orderId}` : `/pay/sandbox/${orderId}`;
}

export function createOrder(
  req: MockRequest,
  user: CurrentUser,
  registrationIds: string[],
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
    registrationIds,
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

/** The wallet's confirmation: the order is paid and every registration it holds becomes `register`. */
export function payOrder(order: MockOrder): void {
  order.status = 'paid';
  order.paidAt = new Date().toISOString();
  order.transactionId = `SANDBOX${order.id.replace(/-/g, '').slice(-16)}`;
  for (const id of order.registrationIds) {
    const registration = registrations.get(id);
    if (!registration) continue;
    if (order.moveTo) registration.exam = order.moveTo;
    if (registration.status === 'pending') registration.status = 'register';
    registration.orderId = order.id;
  }
}
