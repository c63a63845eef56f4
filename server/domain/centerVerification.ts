import {
  type CenterVerification,
  type CenterVerificationStatus,
  creditCodeCheck,
  type OpsCenter,
} from '../../contract';
import type { VerificationRow } from '../db/rows';
import { AppError } from '../errors';
import type { SmsProvider } from '../providers/sms';
import { type Actor, record } from './audit';
import type { DomainLogger, Links, Repositories, UnitOfWork } from './ports';

export interface VerificationDeps {
  repos: Pick<Repositories, 'verification'>;
  uow: UnitOfWork;
  sms: Pick<SmsProvider, 'sendNotice'>;
  log: DomainLogger;
  links: Pick<Links, 'opsCenterLicense'>;
  now: () => Date;
}

/** Centers whose exams candidates can still see: a suspended center's booked candidates keep theirs. */
export const VISIBLE_CENTER_STATUSES: readonly CenterVerificationStatus[] = ['approved', 'suspended'];

export function toVerification(center: VerificationRow['center']): CenterVerification {
  return {
    status: center.verificationStatus,
    reason: center.verificationReason,
    decidedAt: center.verificationDecidedAt?.toISOString() ?? null,
  };
}

export function toOpsCenter(links: Pick<Links, 'opsCenterLicense'>, row: VerificationRow): OpsCenter {
  const { center } = row;
  return {
    id: center.id,
    businessName: center.nameZh,
    licenseUrl: center.licenseId ? links.opsCenterLicense(center.id) : null,
    licenseContentType: row.licenseContentType,
    taxId: center.taxId,
    taxIdCheck: creditCodeCheck(center.taxId),
    contactName: center.contactName,
    contactPhone: center.contactPhone,
    // A municipality's city is named as its province (北京市 北京市): said once.
    address: `${row.provinceName}${row.cityName === row.provinceName ? '' : row.cityName}${center.addressZh}`,
    verification: toVerification(center),
    submittedAt: center.submittedAt.toISOString(),
    decidedBy: row.decider,
  };
}

/** What each decision moves a center from, to, and says to it by SMS (both languages, as every notice). */
const DECISIONS = {
  approve: {
    from: ['pending', 'rejected', 'suspended'],
    to: 'approved',
    action: 'center.approve',
    text: () =>
      '【考试能力】您的考点已通过平台审核，考试发布后即可被考生查看和报名。' +
      'Exam Ability: your test center has been approved; candidates can now find and book its exams.',
  },
  reject: {
    from: ['pending'],
    to: 'rejected',
    action: 'center.reject',
    text: (reason: string | null) =>
      `【考试能力】您的考点未通过平台审核，原因：${reason}。请修改资料后重新提交。` +
      `Exam Ability: your test center was not approved. Reason: ${reason}. Update your profile and submit it again.`,
  },
  suspend: {
    from: ['approved'],
    to: 'suspended',
    action: 'center.suspend',
    text: () =>
      '【考试能力】您的考点已被平台暂停，考试暂停接受报名，已有报名不受影响。如有疑问请联系平台。' +
      'Exam Ability: your test center has been suspended. Its exams take no new bookings; existing bookings stand. ' +
      'Contact the platform with any questions.',
  },
} as const satisfies Record<
  string,
  {
    from: readonly CenterVerificationStatus[];
    to: CenterVerificationStatus;
    action: 'center.approve' | 'center.reject' | 'center.suspend';
    text: (reason: string | null) => string;
  }
>;

export type Decision = keyof typeof DECISIONS;

/**
 * An operator's decision on a center: the state moves only from where the decision starts (else
 * CENTER_VERIFICATION_CONFLICT, nothing written), with its audit row in the same transaction; then the center is
 * told by SMS at its contact phone (a failed text is logged, the decision stands).
 */
export async function decideCenter(
  deps: VerificationDeps,
  actor: Actor & { id: string },
  centerId: string,
  decision: Decision,
  reason: string | null = null,
): Promise<OpsCenter> {
  const rule = DECISIONS[decision];
  const now = deps.now();
  const decided = await deps.uow.run(async (tx) => {
    const before = await tx.verification.byId(centerId);
    if (!before) throw new AppError('NOT_FOUND');
    const change = { status: rule.to, reason, decidedBy: actor.id, decidedAt: now };
    if (!(await tx.verification.decide(centerId, rule.from, change))) {
      throw new AppError('CENTER_VERIFICATION_CONFLICT');
    }
    await record(tx.audit, actor, now, {
      action: rule.action,
      target: { type: 'center', id: centerId, label: before.center.nameZh },
      before: { status: before.center.verificationStatus, reason: before.center.verificationReason },
      after: { status: rule.to, reason },
    });
    const after = await tx.verification.byId(centerId);
    if (!after) throw new Error('center vanished in its own transaction');
    return after;
  });
  const phone = decided.center.contactPhone || decided.ownerPhone;
  if (phone) {
    try {
      await deps.sms.sendNotice(phone, rule.text(reason));
    } catch (error) {
      deps.log.warn({ err: error, centerId, decision }, 'center verification SMS failed');
    }
  }
  return toOpsCenter(deps.links, decided);
}
