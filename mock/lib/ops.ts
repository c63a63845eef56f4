/**
 * The operators' console of `npm run dev`: its operators, the centers verification queue, the catalog as operators
 * edit it, promotions and the audit log. A phone ending in 9999 is an operator with every permission, one ending in
 * 8999 one with only the centers permission; an invited phone logs in too. State lives here, in mock/lib, because the
 * test center's mock reads a center's verification. Excluded from Umi's mock glob.
 */
import {
  type AuditAction,
  type AuditEntry,
  type CenterVerification,
  type CurrentUser,
  OPS_PERMISSIONS,
  type Operator,
  type OpsCategory,
  type OpsCenter,
  type OpsOrganization,
  type OpsPermission,
  type Promotion,
  type TaxIdCheck,
} from '../../contract';
import { creditCodeCheckCharacter } from '../../contract/creditCode';
import { isNewAccount } from './accounts';
import { categories, centerAt, exams, INVITATION, newId, organizations, PROMOTIONS } from './fixtures';
import { refuse } from './http';

type OperatorUser = Extract<CurrentUser, { kind: 'operator' }>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** phone -> the operator. */
export const operators = new Map<string, Operator>();

function addOperator(phone: string, name: string, permissions: OpsPermission[], invitedBy: Operator | null): Operator {
  const added: Operator = {
    id: newId(),
    phone,
    name,
    permissions,
    invitedAt: new Date().toISOString(),
    invitedBy: invitedBy ? { id: invitedBy.id, name: invitedBy.name } : null,
    lastLoginAt: null,
  };
  operators.set(phone, added);
  return added;
}

const first = addOperator('+8613800139999', 'Wang Fang', [...OPS_PERMISSIONS], null);
addOperator('+8613800138999', 'Zhao Lei', ['centers'], first);

/** The operator a phone logs in as: a listed one, or (for any phone ending in 9999) a new one with every permission. */
export function operatorOf(phone: string): Operator | undefined {
  if (!operators.has(phone) && phone.endsWith('9999')) addOperator(phone, '', [...OPS_PERMISSIONS], null);
  if (!operators.has(phone) && phone.endsWith('8999')) addOperator(phone, '', ['centers'], first);
  return operators.get(phone);
}

export function sessionUserOf(operator: Operator): OperatorUser {
  const { id, phone, name, permissions } = operator;
  return { id, kind: 'operator', phone, name, avatar_small: null, permissions };
}

/** Every audit row, newest first. */
export const audit: AuditEntry[] = [];

/** Records what an operator did; every change of the console calls it. */
export function record(
  actor: OperatorUser,
  action: AuditAction,
  target: AuditEntry['target'],
  before: object | null,
  after: object | null,
  at = new Date().toISOString(),
) {
  const snapshot = (value: object | null) => (value ? { ...value } : null);
  audit.unshift({
    id: newId(),
    at,
    actor: { id: actor.id, name: actor.name, phone: actor.phone },
    action,
    target,
    before: snapshot(before),
    after: snapshot(after),
    address: '127.0.0.1',
  });
}

export function taxIdCheckOf(taxId: string): TaxIdCheck {
  const code = taxId.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return 'malformed';
  return creditCodeCheckCharacter(code.slice(0, 17)) === code[17] ? 'valid' : 'checkCharacterMismatch';
}

const withCheckCharacter = (first17: string) => `${first17}${creditCodeCheckCharacter(first17)}`;

/** The audit action that leaves a center in each decided status. */
const DECISIONS: Partial<Record<CenterVerification['status'], AuditAction>> = {
  approved: 'center.approve',
  rejected: 'center.reject',
  suspended: 'center.suspend',
};

/** center id -> its place in the queue. */
export const centers = new Map<string, OpsCenter>();

function queue(
  n: number,
  taxId: string,
  verification: CenterVerification,
  submittedDaysAgo: number,
  decidedBy: Operator | null = null,
) {
  const center = centerAt(n);
  centers.set(center.id, {
    id: center.id,
    businessName: center.name.zh,
    licenseUrl: '/logo.svg',
    licenseContentType: 'image/svg+xml',
    taxId,
    taxIdCheck: taxIdCheckOf(taxId),
    contactName: `联系人${n}`,
    contactPhone: `+861390013${String(9000 + n)}`,
    address: `${center.province.name} ${center.city.name} ${center.location.zh}`,
    verification,
    submittedAt: daysAgo(submittedDaysAgo),
    decidedBy: decidedBy ? { id: decidedBy.id, name: decidedBy.name } : null,
  });
  const decision = DECISIONS[verification.status];
  if (decidedBy && decision) {
    const target = { type: 'center', id: center.id, label: center.name.zh };
    const before = { status: verification.status === 'suspended' ? 'approved' : 'pending' };
    record(sessionUserOf(decidedBy), decision, target, before, verification, verification.decidedAt ?? undefined);
  }
}

const pending: CenterVerification = { status: 'pending', reason: null, decidedAt: null };
queue(1, withCheckCharacter('91110105MA01ABCD1'), pending, 3);
// A tax ID whose last character is not the one its first 17 give, and one that is not a credit code at all.
queue(2, '91310115MA1K3YJ8X1', pending, 2);
queue(3, '4403051234', pending, 1);
queue(
  4,
  withCheckCharacter('91330106MA2CFEXX2'),
  { status: 'approved', reason: null, decidedAt: daysAgo(20) },
  30,
  first,
);
queue(
  5,
  withCheckCharacter('91320105MA1N7PQR4'),
  { status: 'rejected', reason: '营业执照照片模糊，请重新上传清晰的扫描件。', decidedAt: daysAgo(5) },
  8,
  first,
);
queue(
  6,
  withCheckCharacter('91510107MA6CWX9K5'),
  { status: 'suspended', reason: null, decidedAt: daysAgo(2) },
  60,
  first,
);
audit.sort((a, b) => b.at.localeCompare(a.at));

/** What a test center account's profile says of its verification: a new center is pending, returning ones approved. */
export function verificationOf(user: CurrentUser): CenterVerification {
  const approved: CenterVerification = { status: 'approved', reason: null, decidedAt: daysAgo(30) };
  return centers.get(user.id)?.verification ?? (isNewAccount(user.phone) ? pending : approved);
}

/** A center that completed its profile joins the queue as pending (once). */
export function submitCenter(center: Omit<OpsCenter, 'taxIdCheck' | 'verification' | 'submittedAt' | 'decidedBy'>) {
  const known = centers.get(center.id);
  centers.set(center.id, {
    ...center,
    taxIdCheck: taxIdCheckOf(center.taxId),
    verification: known?.verification ?? pending,
    submittedAt: known?.submittedAt ?? new Date().toISOString(),
    decidedBy: known?.decidedBy ?? null,
  });
}

export const opsCategories = new Map<string, OpsCategory>(
  categories.map((category) => [category.id, { ...category, status: 'active', examCount: 0 }]),
);

/** A category with the number of exams that name it now. */
export function categoryView(category: OpsCategory): OpsCategory {
  const examCount = [...exams.values()].filter((exam) => exam.category.id === category.id).length;
  return { ...category, examCount };
}

export const opsOrganizations = new Map<string, OpsOrganization>(
  organizations.map((organization, n) => [organization.id, { ...organization, status: 'active', memberCount: 3 - n }]),
);

export const promotions = new Map<string, Promotion>();
for (const { code, discountBps, amountFen } of [...PROMOTIONS, { ...INVITATION, amountFen: null }]) {
  const id = newId();
  promotions.set(id, {
    id,
    code,
    kind: code === INVITATION.code ? 'invitation' : 'promotion',
    discountType: discountBps === null ? 'fixed' : 'percent',
    percentOff: discountBps === null ? null : discountBps / 100,
    amountOffFen: amountFen,
    validFrom: daysAgo(60),
    validUntil: new Date(Date.now() + 5 * 365 * DAY_MS).toISOString(),
    usageCap: code === 'WELCOME20' ? 500 : null,
    usageCount: code.length * 3,
    scope: 'all',
    scopeTarget: null,
    active: true,
  });
}

/** The exam or category a promotion's scope names, as the table shows it. */
export function scopeTargetOf(scope: Promotion['scope'], targetId: string | null): Promotion['scopeTarget'] {
  if (scope === 'all' || !targetId) return null;
  if (scope === 'category') {
    const category = opsCategories.get(targetId) ?? refuse('NOT_FOUND');
    return { id: category.id, code: category.code, name: category.name };
  }
  const exam = exams.get(targetId) ?? refuse('NOT_FOUND');
  return { id: exam.id, code: exam.code, name: exam.name };
}
