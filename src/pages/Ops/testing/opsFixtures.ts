/**
 * Test support for the operators' console: an operator's account and centers in the queue as the server answers them,
 * on the fake server of the candidate pages (at the HTTP transport). Not imported by the app.
 */

import { type Call, ok, type Route, serve } from '@/testing/fakeServer';
import type { CurrentUser, OpsPermission } from '../../../../contract/auth';
import { OPS_PERMISSIONS } from '../../../../contract/auth';
import type { OpsCenter } from '../../../../contract/ops';

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

/** A logged-in operator reading the app in `locale`. */
export function loginAsOperator(locale: string): void {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-ops');
  localStorage.setItem('type', 'operator');
}

/** The fake server with an operator (of `permissions`) logged in. */
export function serveOps(routes: Record<string, Route>, permissions?: OpsPermission[]): Call[] {
  return serve({ 'GET /api/front/currentUser': () => ok(operatorUser(permissions)), ...routes });
}
