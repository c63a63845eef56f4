import type { Operator, OpsPermission, OtpResponse } from '../../contract';
import type { ActiveUser, OperatorListRow } from '../db/rows';
import { AppError } from '../errors';
import type { SmsProvider } from '../providers/sms';
import { type Actor, record } from './audit';
import { type AuthDeps, openSession, sendOtp, verifyCode } from './auth';
import { normalizeChinaMobile } from './phone';
import type { Repositories, UnitOfWork } from './ports';

export interface OperatorDeps {
  repos: Pick<Repositories, 'users' | 'sessions' | 'operators' | 'audit'>;
  uow: UnitOfWork;
  now: () => Date;
}

/** The actor an operator's request is: its account and the address it came from. */
export function actorOf(user: Pick<ActiveUser, 'id' | 'name' | 'phone'>, address: string): Actor & { id: string } {
  return { id: user.id, name: user.name, phone: user.phone, address };
}

export function toOperator(row: OperatorListRow): Operator {
  return {
    id: row.operator.userId,
    phone: row.phone,
    name: row.name,
    permissions: row.operator.permissions,
    invitedAt: row.operator.invitedAt.toISOString(),
    invitedBy: row.inviter,
    lastLoginAt: row.operator.lastLoginAt?.toISOString() ?? null,
  };
}

export async function listOperators(deps: Pick<OperatorDeps, 'repos'>): Promise<Operator[]> {
  return (await deps.repos.operators.list()).map(toOperator);
}

/**
 * Makes a phone an operator with these permissions (the console's invite, and `npm run operator -- add`): its
 * account is created if it has none; a phone that already is an operator is refused (OPERATOR_EXISTS).
 */
export async function addOperator(
  deps: OperatorDeps,
  actor: Actor,
  input: { phone: string; name: string; permissions: readonly OpsPermission[] },
): Promise<Operator> {
  const phone = normalizeChinaMobile(input.phone);
  const permissions = [...new Set(input.permissions)];
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const { user } = await tx.users.findOrCreate(phone, 'operator');
    const added = await tx.operators.add({ userId: user.id, permissions, invitedAt: now, invitedBy: actor.id });
    if (!added) throw new AppError('OPERATOR_EXISTS');
    await tx.operators.rename(user.id, input.name);
    await record(tx.audit, actor, now, {
      action: 'operator.invite',
      target: { type: 'operator', id: user.id, label: `${input.name} (${phone})` },
      before: null,
      after: { phone, name: input.name, permissions },
    });
    const row = await tx.operators.byUser(user.id);
    if (!row) throw new Error('operator vanished in its own transaction');
    return toOperator(row);
  });
}

/** Ends an operator's standing and every session it has; nobody removes themselves (OPERATOR_SELF_REMOVAL). */
export async function removeOperator(deps: OperatorDeps, actor: Actor, userId: string): Promise<Operator> {
  if (actor.id === userId) throw new AppError('OPERATOR_SELF_REMOVAL');
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const row = await tx.operators.byUser(userId);
    if (!row || !(await tx.operators.remove(userId))) throw new AppError('NOT_FOUND');
    await tx.sessions.revokeAll(userId, now);
    const removed = toOperator(row);
    await record(tx.audit, actor, now, {
      action: 'operator.remove',
      target: { type: 'operator', id: userId, label: `${row.name} (${row.phone})` },
      before: { phone: removed.phone, name: removed.name, permissions: removed.permissions },
      after: null,
    });
    return removed;
  });
}

/** What a phone that is no operator "gets" for its code: the code is sent nowhere. */
function nowhere(sms: SmsProvider): SmsProvider {
  return { ...sms, sendOtp: async () => {} };
}

/**
 * The console's code request: a code to an operator's phone. Any other phone goes through the same steps (limits,
 * pacing, a stored code) and the same answer, but no text leaves: the answer tells nobody who is an operator.
 */
export async function sendOperatorOtp(
  deps: AuthDeps & { repos: Pick<Repositories, 'operators'> },
  input: { phone: string; ip: string },
): Promise<OtpResponse> {
  const operator = await deps.repos.operators.byPhone(normalizeChinaMobile(input.phone));
  return sendOtp(operator ? deps : { ...deps, sms: nowhere(deps.sms) }, {
    phone: input.phone,
    kind: 'operator',
    ip: input.ip,
  });
}

/** The console's login: an operator's session; never creates an account, and the login is audited. */
export async function operatorLogin(
  deps: AuthDeps & Pick<OperatorDeps, 'uow'> & { repos: Pick<Repositories, 'operators'> },
  input: { phone: string; code: string; ip: string },
): Promise<{ access_token: string; type: 'operator' }> {
  const phone = normalizeChinaMobile(input.phone);
  await verifyCode(deps, { phone, kind: 'operator', code: input.code });
  const operator = await deps.repos.operators.byPhone(phone);
  // Only an operator's phone was sent a code; one removed since then is as unknown as a wrong code.
  if (!operator) throw new AppError('OTP_INVALID');
  const now = deps.now();
  const token = await deps.uow.run(async (tx) => {
    await tx.operators.touchLogin(operator.operator.userId, now);
    await record(tx.audit, actorOf({ id: operator.operator.userId, ...operator }, input.ip), now, {
      action: 'operator.login',
      target: { type: 'operator', id: operator.operator.userId, label: `${operator.name} (${phone})` },
      before: null,
      after: null,
    });
    return openSession({ config: deps.config, now: deps.now, repos: tx }, operator.operator.userId);
  });
  return { access_token: token, type: 'operator' };
}
