/**
 * Test support: an exam, a registration and an order as the candidate API answers them, and a refused answer. Not
 * imported by the app.
 */
import type { ErrorCode } from '../../contract/errors';

const EXAM_ID = '0192f0c0-0000-7000-8000-000000000101';
const HOUR = 3_600_000;

/** An exam ten days ahead, as the catalog serves it. */
export function examFixture(overrides: Record<string, unknown> = {}) {
  const startsAt = new Date(Date.now() + 240 * HOUR).toISOString();
  return {
    id: EXAM_ID,
    code: 'HSK-4',
    name: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
    category: { id: '0192f0c0-0000-7000-8000-000000000001', code: 'language', name: { zh: '语言', en: 'Language' } },
    organization: null,
    center: { id: '0192f0c0-0000-7000-8000-000000000011', name: { zh: '北京朝阳考点', en: 'Chaoyang Center' } },
    location: { zh: '北京市示例路 1 号', en: '1 Example Road, Beijing' },
    province: { code: '11', name: '北京市', nameEn: 'Beijing' },
    city: { code: '1101', name: '北京市', nameEn: 'Beijing', provinceCode: '11' },
    startsAt,
    registrationEndsAt: new Date(Date.now() + 168 * HOUR).toISOString(),
    timeZone: 'Asia/Shanghai',
    feeFen: 15_000,
    capacity: 40,
    seatsLeft: 12,
    status: 'active',
    arrivalLeadMinutes: 45,
    requiresAccessCode: false,
    registrationOpensAt: null,
    waitingRoom: false,
    ...overrides,
  };
}

export function registrationFixture(overrides: Record<string, unknown> = {}) {
  const exam = examFixture();
  return {
    id: '0192f0c0-0000-7000-8000-000000005000',
    status: 'register',
    exam,
    createdAt: new Date().toISOString(),
    orderId: '0192f0c0-0000-7000-8000-000000005001',
    checkedInAt: null,
    lockedFrom: new Date(Date.parse(exam.startsAt) - 72 * HOUR).toISOString(),
    canChange: true,
    canCancel: true,
    groupSeat: null,
    refund: null,
    ...overrides,
  };
}

export function orderFixture(overrides: Record<string, unknown> = {}) {
  const exam = examFixture();
  return {
    id: '0192f0c0-0000-7000-8000-000000005001',
    purpose: 'booking',
    status: 'pending',
    breakdown: {
      unitPriceFen: 15_000,
      quantity: 1,
      subtotalFen: 15_000,
      referralDiscountFen: 0,
      promotionDiscountFen: 1_500,
      groupDiscountFen: 0,
      handlingFen: 81,
      totalFen: 13_581,
    },
    exam: { id: exam.id, code: exam.code, name: exam.name, startsAt: exam.startsAt, timeZone: exam.timeZone },
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    paidAt: null,
    transactionId: null,
    qrContent: 'http://192.168.1.20:8000/pay/sandbox/0192f0c0-0000-7000-8000-000000005001',
    refundedFen: 0,
    refunds: [],
    ...overrides,
  };
}

/** A refused answer with `errorCode`, its details naming `paths` (as a save the server turns down). */
export function refusal(errorCode: ErrorCode, paths: string[] = []) {
  return {
    success: false as const,
    errorCode,
    errorMessage: 'refused',
    showType: 2 as const,
    details: paths.map((path) => ({ path, message: 'bad' })),
  };
}
