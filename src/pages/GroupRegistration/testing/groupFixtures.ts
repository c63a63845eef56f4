/** Test support for the group registration page: groups, members and tickets as the server answers them. */
import { examFixture, orderFixture } from '@/testing/fixtures';

export const GROUP_ID = '0192f0c0-0000-7000-8000-000000007000';
export const GROUP_ORDER_ID = '0192f0c0-0000-7000-8000-000000007001';

const exam = examFixture();

export function memberFixture(row: number, name: string, phone: string, overrides: Record<string, unknown> = {}) {
  return {
    row,
    name,
    phone,
    maskedIdNumber: `110101********${String(1000 + row).slice(-3)}X`,
    gender: 'female',
    dateOfBirth: '2008-05-01',
    registrationId: null,
    status: null,
    canCancel: false,
    ...overrides,
  };
}

/** Three accepted members and two refused rows: a later duplicate, and a row with three problems. */
export const MIXED_UPLOAD = {
  fileName: 'class-3.xlsx',
  uploadedAt: '2026-03-01T02:00:00.000Z',
  totalParticipants: 5,
  accepted: [
    memberFixture(2, 'Wang Fang', '+8613900139001'),
    memberFixture(3, 'Zhao Lei', '+8613900139002', { gender: 'male' }),
    memberFixture(4, 'Chen Jing', '+8613900139003'),
  ],
  rejected: [
    {
      row: 5,
      name: 'Liu Yang',
      phone: '13900139001',
      idNumber: '110105********0021',
      gender: 'F',
      dateOfBirth: '',
      reasons: ['DUPLICATE_PHONE'],
      duplicateOfRow: 2,
    },
    {
      row: 6,
      name: '',
      phone: '12345',
      idNumber: '1101052008',
      gender: '',
      dateOfBirth: '2008-02-30',
      reasons: ['NAME_REQUIRED', 'PHONE_INVALID', 'ID_NUMBER_INVALID', 'BIRTH_DATE_INVALID'],
      duplicateOfRow: null,
    },
  ],
};

export function groupFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: GROUP_ID,
    exam,
    coordinator: { name: 'Li Lei', phone: '+8613800138000', organization: 'No. 1 Middle School' },
    upload: null,
    order: null,
    canUpload: true,
    lockedFrom: new Date(Date.parse(exam.startsAt) - 72 * 3_600_000).toISOString(),
    ...overrides,
  };
}

/** The group's order: three members at CN¥150, a 5% group discount, handling. */
export function groupOrderFixture(overrides: Record<string, unknown> = {}) {
  return orderFixture({
    id: GROUP_ORDER_ID,
    breakdown: {
      unitPriceFen: 15_000,
      quantity: 3,
      subtotalFen: 45_000,
      referralDiscountFen: 0,
      promotionDiscountFen: 0,
      groupDiscountFen: 2_250,
      handlingFen: 257,
      totalFen: 43_007,
    },
    qrContent: `http://192.168.1.20:8000/pay/sandbox/${GROUP_ORDER_ID}`,
    ...overrides,
  });
}

export const GROUP_QUOTE = {
  ...groupOrderFixture().breakdown,
  examId: exam.id,
  testDate: exam.startsAt,
  promoCode: null,
  referralCode: null,
};

export const PAID_MEMBERS = MIXED_UPLOAD.accepted.map((member, index) => ({
  ...member,
  registrationId: `0192f0c0-0000-7000-8000-00000000710${index}`,
  status: 'register',
  canCancel: true,
}));

/** The group once paid: every member registered, but those of `canceledRows`, whose seats the coordinator canceled. */
export function paidGroupFixture(canceledRows: number[] = [], overrides: Record<string, unknown> = {}) {
  const accepted = PAID_MEMBERS.map((member) =>
    canceledRows.includes(member.row) ? { ...member, status: 'canceled', canCancel: false } : member,
  );
  return groupFixture({
    upload: { ...MIXED_UPLOAD, accepted },
    order: groupOrderFixture({ status: 'paid', paidAt: '2026-03-01T02:10:00.000Z', qrContent: null }),
    canUpload: false,
    ...overrides,
  });
}

export function ticketsFixture() {
  return PAID_MEMBERS.map((member) => ({
    registrationId: member.registrationId,
    status: 'register',
    exam,
    candidate: { name: member.name, maskedIdNumber: member.maskedIdNumber, phone: member.phone, avatar_small: null },
    token: `eyJhbGciOiJFZERTQSJ9.${member.row}.signature`,
    seat: null,
    releasesAt: null,
  }));
}
