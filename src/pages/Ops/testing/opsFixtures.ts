/**
 * Test support for the operators' console: an operator's account and centers in the queue as the server answers them,
 * on the fake server of the candidate pages (at the HTTP transport). Not imported by the app.
 */

import { type Call, ok, type Route, serve } from '@/testing/fakeServer';
import type { CurrentUser, OpsPermission } from '../../../../contract/auth';
import { OPS_PERMISSIONS } from '../../../../contract/auth';
import type { Dashboard, OpsCenter, OpsOrderDetail, OpsOrderRow } from '../../../../contract/ops';

export function operatorUser(permissions: OpsPermission[] = [...OPS_PERMISSIONS]): CurrentUser {
  return {
    id: '0192f0c0-0000-7000-8000-000000000f01',
    kind: 'operator',
    phone: '+8613800139999',
    name: 'Wang Fang',
    avatar_small: null,
    permissions,
  };
}

export function centerFixture(n: number, overrides: Partial<OpsCenter> = {}): OpsCenter {
  return {
    id: `0192f0c0-0000-7000-8000-0000000c00${String(n).padStart(2, '0')}`,
    businessName: `Center ${n}`,
    licenseUrl: `/files/license-${n}.pdf`,
    licenseContentType: 'application/pdf',
    taxId: '91110105MA01ABCD13',
    taxIdCheck: 'valid',
    contactName: `Contact ${n}`,
    contactPhone: '+8613600136000',
    address: 'Beijing, 1 Example Road',
    verification: { status: 'pending', reason: null, decidedAt: null },
    submittedAt: '2026-11-20T02:00:00.000Z',
    decidedBy: null,
    ...overrides,
  };
}

/** The calls the fake server received for one method and path. */
export const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

/** A logged-in operator reading the app in `locale`. */
export function loginAsOperator(locale: string): void {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-ops');
  localStorage.setItem('type', 'operator');
}

/**
 * The fake server with an operator (of `permissions`) logged in; `files` answers paths with a file (a Blob) instead of
 * an envelope, as the exports do.
 */
export function serveOps(
  routes: Record<string, Route>,
  permissions?: OpsPermission[],
  files: Record<string, Blob> = {},
): Call[] {
  return serve({ 'GET /api/front/currentUser': () => ok(operatorUser(permissions)), ...routes }, files);
}

/** Records the files the page saves (a link with `download` clicked) as "name url"; restore() puts the link back. */
export function catchDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:ops');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  return { saved, restore: () => click.mockRestore() };
}

const EXAM = {
  id: '0192f0c0-0000-7000-8000-0000000e0001',
  code: 'HSK-4-20261201',
  name: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
};

export function orderRowFixture(overrides: Partial<OpsOrderRow> = {}): OpsOrderRow {
  return {
    id: '0192f0c0-0000-7000-8000-0000000d0001',
    purpose: 'booking',
    status: 'paid',
    payer: { id: '0192f0c0-0000-7000-8000-000000000c01', name: 'Li Lei', phone: '+8613900139001' },
    exam: EXAM,
    quantity: 1,
    totalFen: 28_000,
    refundedFen: 5_000,
    refundPendingFen: 0,
    refundFailedFen: 0,
    refundableFen: 23_000,
    provider: 'sandbox',
    transactionId: 'SBX0000000D0001',
    createdAt: '2026-11-20T02:00:00.000Z',
    paidAt: '2026-11-20T02:03:00.000Z',
    ...overrides,
  };
}

/** A paid order: a repeated notification, a forged one refused, and a partial manual refund. */
export function orderDetailFixture(overrides: Partial<OpsOrderDetail> = {}): OpsOrderDetail {
  const row = orderRowFixture();
  const refundId = '0192f0c0-0000-7000-8000-0000000f0001';
  const operator = { id: '0192f0c0-0000-7000-8000-000000000f01', name: 'Wang Fang' };
  return {
    ...row,
    breakdown: {
      unitPriceFen: 28_000,
      quantity: 1,
      subtotalFen: 28_000,
      referralDiscountFen: 0,
      promotionDiscountFen: 0,
      groupDiscountFen: 0,
      handlingFen: 0,
      totalFen: 28_000,
    },
    promoCode: null,
    registrations: [
      { id: '0192f0c0-0000-7000-8000-0000000b0001', status: 'register', candidateName: 'Li Lei', exam: EXAM },
    ],
    refunds: [
      {
        id: refundId,
        orderId: row.id,
        amountFen: 5_000,
        reason: 'manual',
        note: 'Room changed at short notice.',
        requestedBy: operator,
        state: 'succeeded',
        requestedAt: '2026-11-21T02:00:00.000Z',
        completedAt: '2026-11-21T02:01:00.000Z',
        attempts: 0,
        lastError: null,
      },
    ],
    timeline: [
      { type: 'created', at: '2026-11-20T02:00:00.000Z', totalFen: 28_000 },
      {
        type: 'payment',
        at: '2026-11-20T02:01:00.000Z',
        provider: 'sandbox',
        outcome: 'rejected',
        detail: 'signature invalid',
      },
      {
        type: 'payment',
        at: '2026-11-20T02:03:00.000Z',
        provider: 'sandbox',
        outcome: 'applied',
        detail: 'transaction SBX0000000D0001',
      },
      {
        type: 'refund',
        at: '2026-11-21T02:00:00.000Z',
        refundId,
        step: 'requested',
        amountFen: 5_000,
        reason: 'manual',
        by: operator,
      },
      {
        type: 'refund',
        at: '2026-11-21T02:01:00.000Z',
        refundId,
        step: 'succeeded',
        amountFen: 5_000,
        reason: 'manual',
        by: null,
      },
    ],
    ...overrides,
  };
}

/** Two weeks of figures from 2026-11-11 to 2026-11-24; money figures only when `finance`. */
export function dashboardFixture(finance = true): Dashboard {
  const days = Array.from({ length: 14 }, (_, n) => ({
    date: `2026-11-${String(11 + n).padStart(2, '0')}`,
    registrations: n + 1,
    revenueFen: finance ? (n + 1) * 10_000 : null,
    refundedFen: finance ? (n === 3 ? 5_000 : 0) : null,
  }));
  return {
    from: '2026-11-11',
    to: '2026-11-24',
    days,
    exams: [
      {
        ...EXAM,
        startsAt: '2026-11-20T01:00:00.000Z',
        capacity: 40,
        seatsTaken: 30,
        admitted: 30,
        checkedIn: 27,
      },
    ],
    checkin: { admitted: 30, checkedIn: 27 },
    pendingCenters: 3,
    failedRefunds: { count: 1, amountFen: finance ? 32_000 : null },
  };
}
