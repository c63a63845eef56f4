/**
 * The operators' console for `npm run dev` (mock/lib/ops.ts holds its state): an operator logs in at /ops/login with
 * the code 123456 (a phone ending in 9999 has every permission, one ending in 8999 only centers; any other phone gets
 * the same answer to "send code" and no login). Every change leaves an audit row, as the server's will.
 */
import {
  type CenterVerificationStatus,
  type OpsCenter,
  opsApi,
  type Promotion,
  type PromotionDraft,
} from '../contract';
import { maskPhone, normalizeChinaMobile } from '../server/domain/phone';
import { newId } from './lib/fixtures';
import { on, page, refuse, sessions } from './lib/http';
import {
  audit,
  categoryView,
  centers,
  operatorOf,
  operators,
  opsCategories,
  opsOrganizations,
  promotions,
  record,
  scopeTargetOf,
  sessionUserOf,
} from './lib/ops';
import { config } from './lib/store';

const MOCK_CODE = '123456';

const byName = <T extends { name: { zh: string; en: string } }>(q?: string) => {
  const text = q?.toLowerCase() ?? '';
  return (item: T) => !text || `${item.name.zh} ${item.name.en}`.toLowerCase().includes(text);
};

const operatorList = () => [...operators.values()].sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));

/** Moves a center to `status` when it stands in one of `from`, else STATUS_TRANSITION_INVALID. */
function decide(
  id: string,
  from: CenterVerificationStatus[],
  status: CenterVerificationStatus,
  reason: string | null,
): [OpsCenter, OpsCenter] {
  const before = centers.get(id) ?? refuse('NOT_FOUND');
  if (!from.includes(before.verification.status)) refuse('STATUS_TRANSITION_INVALID');
  const verification = { status, reason, decidedAt: new Date().toISOString() };
  const after: OpsCenter = { ...before, verification };
  centers.set(id, after);
  return [before, after];
}

function promotionOf(id: string, draft: PromotionDraft): Promotion {
  const taken = [...promotions.values()].some((item) => item.code === draft.code && item.id !== id);
  if (taken) refuse('PROMO_CODE_TAKEN');
  const { scopeTargetId, ...fields } = draft;
  const usageCount = promotions.get(id)?.usageCount ?? 0;
  return { id, ...fields, usageCount, scopeTarget: scopeTargetOf(draft.scope, scopeTargetId) };
}

const dayInBeijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

export default Object.fromEntries([
  on(opsApi.opsSendOtp, ({ body }) => {
    const sentTo = maskPhone(normalizeChinaMobile(body.phone));
    return { sentTo, resendAfterSeconds: config.otp.sendIntervalS, expiresInSeconds: config.otp.ttlS };
  }),
  on(opsApi.opsLogin, ({ body }) => {
    const operator = body.code === MOCK_CODE ? operatorOf(normalizeChinaMobile(body.phone)) : undefined;
    if (!operator) return refuse('OTP_INVALID');
    operator.lastLoginAt = new Date().toISOString();
    const token = `mock-${newId()}`;
    sessions.set(token, sessionUserOf(operator));
    return { access_token: token, type: 'operator' as const };
  }),
  on(opsApi.opsOperators, () => operatorList()),
  on(opsApi.opsInviteOperator, ({ user, body }) => {
    const phone = normalizeChinaMobile(body.phone);
    if (operators.has(phone)) refuse('OPERATOR_EXISTS');
    const invited = {
      id: newId(),
      phone,
      name: body.name,
      permissions: body.permissions,
      invitedAt: new Date().toISOString(),
      invitedBy: { id: user.id, name: user.name },
      lastLoginAt: null,
    };
    operators.set(phone, invited);
    record(user, 'operator.invite', { type: 'operator', id: invited.id, label: invited.name }, null, invited);
    return operatorList();
  }),
  on(opsApi.opsRemoveOperator, ({ user, params }) => {
    const removed = [...operators.values()].find((item) => item.id === params.id) ?? refuse('NOT_FOUND');
    if (removed.id === user.id) refuse('OPERATOR_SELF_REMOVAL');
    operators.delete(removed.phone);
    // Its sessions end with it.
    for (const [token, session] of sessions) if (session.id === removed.id) sessions.delete(token);
    record(user, 'operator.remove', { type: 'operator', id: removed.id, label: removed.name }, removed, null);
    return operatorList();
  }),
  on(opsApi.opsCenters, ({ query }) => {
    const q = query.q?.toUpperCase() ?? '';
    const fields = (center: OpsCenter) => [center.businessName, center.taxId, center.contactPhone];
    const matching = [...centers.values()]
      .filter((center) => !query.status || center.verification.status === query.status)
      .filter((center) => !q || fields(center).some((value) => value.toUpperCase().includes(q)))
      .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
    return page(matching, query);
  }),
  on(opsApi.opsApproveCenter, ({ user, params }) => {
    const [before, after] = decide(params.id, ['pending', 'rejected', 'suspended'], 'approved', null);
    const decided = { ...after, decidedBy: { id: user.id, name: user.name } };
    centers.set(params.id, decided);
    const target = { type: 'center', id: after.id, label: after.businessName };
    record(user, 'center.approve', target, before.verification, after.verification);
    return decided;
  }),
  on(opsApi.opsRejectCenter, ({ user, params, body }) => {
    const [before, after] = decide(params.id, ['pending'], 'rejected', body.reason);
    const decided = { ...after, decidedBy: { id: user.id, name: user.name } };
    centers.set(params.id, decided);
    const target = { type: 'center', id: after.id, label: after.businessName };
    record(user, 'center.reject', target, before.verification, after.verification);
    return decided;
  }),
  on(opsApi.opsSuspendCenter, ({ user, params }) => {
    const [before, after] = decide(params.id, ['approved'], 'suspended', null);
    const decided = { ...after, decidedBy: { id: user.id, name: user.name } };
    centers.set(params.id, decided);
    const target = { type: 'center', id: after.id, label: after.businessName };
    record(user, 'center.suspend', target, before.verification, after.verification);
    return decided;
  }),
  on(opsApi.opsCategories, ({ query }) => {
    const q = query.q?.toLowerCase() ?? '';
    const matching = [...opsCategories.values()]
      .filter((category) => !query.status || category.status === query.status)
      .filter((category) => byName(q)(category) || category.code.toLowerCase().includes(q))
      .map(categoryView);
    return page(matching, query);
  }),
  on(opsApi.opsCreateCategory, ({ user, body }) => {
    if ([...opsCategories.values()].some((category) => category.code === body.code)) refuse('CATEGORY_CODE_TAKEN');
    const created = { id: newId(), ...body, status: 'active' as const, examCount: 0 };
    opsCategories.set(created.id, created);
    record(user, 'category.create', { type: 'category', id: created.id, label: created.code }, null, created);
    return created;
  }),
  on(opsApi.opsUpdateCategory, ({ user, params, body }) => {
    const before = opsCategories.get(params.id) ?? refuse('NOT_FOUND');
    const after = { ...before, name: body.name };
    opsCategories.set(after.id, after);
    record(user, 'category.update', { type: 'category', id: after.id, label: after.code }, before, after);
    return categoryView(after);
  }),
  on(opsApi.opsRetireCategory, ({ user, params }) => {
    const before = opsCategories.get(params.id) ?? refuse('NOT_FOUND');
    if (before.status === 'retired') refuse('STATUS_TRANSITION_INVALID');
    const after = { ...before, status: 'retired' as const };
    opsCategories.set(after.id, after);
    record(user, 'category.retire', { type: 'category', id: after.id, label: after.code }, before, after);
    return categoryView(after);
  }),
  on(opsApi.opsOrganizations, ({ query }) => {
    const matching = [...opsOrganizations.values()]
      .filter((organization) => !query.status || organization.status === query.status)
      .filter(byName(query.q));
    return page(matching, query);
  }),
  on(opsApi.opsCreateOrganization, ({ user, body }) => {
    const created = { id: newId(), name: body.name, status: 'active' as const, memberCount: 0 };
    opsOrganizations.set(created.id, created);
    record(user, 'organization.create', { type: 'organization', id: created.id, label: body.name.zh }, null, created);
    return created;
  }),
  on(opsApi.opsUpdateOrganization, ({ user, params, body }) => {
    const before = opsOrganizations.get(params.id) ?? refuse('NOT_FOUND');
    const after = { ...before, name: body.name };
    opsOrganizations.set(after.id, after);
    record(user, 'organization.update', { type: 'organization', id: after.id, label: after.name.zh }, before, after);
    return after;
  }),
  on(opsApi.opsRetireOrganization, ({ user, params }) => {
    const before = opsOrganizations.get(params.id) ?? refuse('NOT_FOUND');
    if (before.status === 'retired') refuse('STATUS_TRANSITION_INVALID');
    const after = { ...before, status: 'retired' as const };
    opsOrganizations.set(after.id, after);
    record(user, 'organization.retire', { type: 'organization', id: after.id, label: after.name.zh }, before, after);
    return after;
  }),
  on(opsApi.opsPromotions, ({ query }) => {
    const q = query.q?.toUpperCase() ?? '';
    const matching = [...promotions.values()]
      .filter((promotion) => !query.kind || promotion.kind === query.kind)
      .filter((promotion) => promotion.code.includes(q));
    return page(matching, query);
  }),
  on(opsApi.opsCreatePromotion, ({ user, body }) => {
    const created = promotionOf(newId(), body);
    promotions.set(created.id, created);
    record(user, 'promotion.create', { type: 'promotion', id: created.id, label: created.code }, null, created);
    return created;
  }),
  on(opsApi.opsUpdatePromotion, ({ user, params, body }) => {
    const before = promotions.get(params.id) ?? refuse('NOT_FOUND');
    const after = promotionOf(before.id, body);
    promotions.set(after.id, after);
    record(user, 'promotion.update', { type: 'promotion', id: after.id, label: after.code }, before, after);
    return after;
  }),
  on(opsApi.opsAudit, ({ query }) => {
    const actor = query.actor?.toLowerCase() ?? '';
    const matching = audit
      .filter((entry) => !actor || `${entry.actor.name} ${entry.actor.phone}`.toLowerCase().includes(actor))
      .filter((entry) => !query.action || entry.action === query.action)
      .filter((entry) => !query.from || dayInBeijing(entry.at) >= query.from)
      .filter((entry) => !query.to || dayInBeijing(entry.at) <= query.to);
    return page(matching, query);
  }),
]);
