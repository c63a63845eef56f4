/**
 * The operators' console for `npm run dev` (mock/lib/ops.ts holds its state): an operator logs in at /ops/login with
 * the code 123456 (a phone ending in 9999 has every permission, one ending in 8999 only centers; any other phone gets
 * the same answer to "send code" and no login). Every change leaves an audit row, as the server's will. Support finds
 * the candidates 13900139001 (a result and payments: anonymized on erasure) and 13900139002 (erased). The audit log
 * exports as .xlsx (an audit.export row of its own).
 */
import ExcelJS from 'exceljs';
import {
  type AuditFilters,
  type CenterVerificationStatus,
  type Dashboard,
  KEPT_RECORDS,
  type LedgerTotals,
  type OpsCenter,
  type OpsOrderDetail,
  type OpsOrderFilters,
  opsApi,
  type Promotion,
  type PromotionDraft,
  type ReconciliationMismatch,
} from '../contract';
import { chinaMobileToE164 } from '../contract/phone';
import { maskPhone, normalizeChinaMobile } from '../server/domain/phone';
import { exams, newId } from './lib/fixtures';
import { on, page, refuse, sessions } from './lib/http';
import {
  audit,
  bookRefund,
  candidateDetailOf,
  candidates,
  categoryView,
  centers,
  completeRefund,
  dayInBeijing,
  forgetIdentity,
  operatorOf,
  operators,
  opsCategories,
  opsOrders,
  opsOrganizations,
  opsPhotoOf,
  opsPhotoRejections,
  orderRowOf,
  personalDataOf,
  providerLedger,
  record,
  scopeTargetOf,
  sessionUserOf,
  settle,
} from './lib/ops';
import { promotions } from './lib/promotions';
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

/** A promotion from a draft, as the server keeps it: its code unique, and fixed with its kind once created. */
function promotionOf(id: string, draft: PromotionDraft): Promotion {
  const before = promotions.get(id);
  if (before && (before.code !== draft.code || before.kind !== draft.kind)) refuse('PROMOTION_CODE_FIXED');
  const taken = [...promotions.values()].some((item) => item.code === draft.code && item.id !== id);
  if (taken) refuse('PROMO_CODE_TAKEN');
  const { scopeTargetId, ...fields } = draft;
  const usageCount = promotions.get(id)?.usageCount ?? 0;
  return { id, ...fields, usageCount, scopeTarget: scopeTargetOf(draft.scope, scopeTargetId) };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The audit rows the console's filters find, newest first (the log is kept newest first). */
function auditFound(query: AuditFilters) {
  const actor = query.actor?.toLowerCase() ?? '';
  return audit
    .filter((entry) => !actor || `${entry.actor?.name} ${entry.actor?.phone}`.toLowerCase().includes(actor))
    .filter((entry) => !query.action || entry.action === query.action)
    .filter((entry) => !query.from || dayInBeijing(entry.at) >= query.from)
    .filter((entry) => !query.to || dayInBeijing(entry.at) <= query.to);
}

/** The orders a search finds, newest first. */
function ordersFound(filters: OpsOrderFilters): OpsOrderDetail[] {
  const phone = filters.phone ? normalizeChinaMobile(filters.phone) : undefined;
  const exam = filters.exam?.toLowerCase() ?? '';
  const examText = (order: OpsOrderDetail) =>
    `${order.exam.code} ${order.exam.name.zh} ${order.exam.name.en}`.toLowerCase();
  return [...opsOrders.values()]
    .filter((order) => !phone || order.payer.phone === phone)
    .filter((order) => !filters.orderId || order.id === filters.orderId)
    .filter((order) => !filters.transactionId || order.transactionId === filters.transactionId)
    .filter((order) => !exam || examText(order).includes(exam))
    .filter((order) => !filters.status || order.status === filters.status)
    .filter((order) => !filters.from || dayInBeijing(order.createdAt) >= filters.from)
    .filter((order) => !filters.to || dayInBeijing(order.createdAt) <= filters.to)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const orderOf = (id: string) => opsOrders.get(id) ?? refuse('NOT_FOUND');
/** An order with its history oldest first, as the server answers it. */
const detailOf = (order: OpsOrderDetail) => ({
  ...order,
  timeline: [...order.timeline].sort((a, b) => a.at.localeCompare(b.at)),
});

/** Every refund of the console, with its order. */
const allRefunds = () => [...opsOrders.values()].flatMap((order) => order.refunds.map((refund) => ({ order, refund })));

async function workbookOf(name: string, rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The day's payments and refunds on our side and the provider's, and where they disagree. */
function reconcile(date: string) {
  const ledger = providerLedger();
  const mismatches: ReconciliationMismatch[] = [];
  const totals = (): LedgerTotals => ({ paidCount: 0, paidFen: 0, refundedCount: 0, refundedFen: 0 });
  const platform = totals();
  const providerTotals = totals();
  for (const order of opsOrders.values()) {
    const theirs = ledger.get(order.id);
    const ours = order.paidAt && dayInBeijing(order.paidAt) === date;
    const atProvider = theirs && dayInBeijing(theirs.paidAt) === date;
    if (ours) {
      platform.paidCount += 1;
      platform.paidFen += order.totalFen;
    }
    if (theirs && atProvider) {
      providerTotals.paidCount += 1;
      providerTotals.paidFen += theirs.paidFen;
    }
    const platformEntry = ours ? { amountFen: order.totalFen, status: order.status } : null;
    const providerEntry = theirs && atProvider ? { amountFen: theirs.paidFen, status: 'SUCCESS' } : null;
    const kind =
      platformEntry && !providerEntry
        ? 'missing_at_provider'
        : providerEntry && !platformEntry
          ? 'missing_here'
          : platformEntry && providerEntry && platformEntry.amountFen !== providerEntry.amountFen
            ? 'amount_differs'
            : null;
    if (kind) {
      const { id: orderId, transactionId } = order;
      mismatches.push({
        kind,
        subject: 'payment',
        orderId,
        refundId: null,
        transactionId,
        platform: platformEntry,
        provider: providerEntry,
      });
    }
  }
  for (const { refund } of allRefunds()) {
    if (refund.state !== 'succeeded' || !refund.completedAt || dayInBeijing(refund.completedAt) !== date) continue;
    for (const side of [platform, providerTotals]) {
      side.refundedCount += 1;
      side.refundedFen += refund.amountFen;
    }
  }
  return { date, provider: 'sandbox', platform, providerTotals, mismatches, generatedAt: new Date().toISOString() };
}

const DAY_MS = 86_400_000;

/** Every Beijing day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A plausible day of business, the same for the same date on every run. */
function dayFigures(date: string, finance: boolean): Dashboard['days'][number] {
  const seed = (Number(date.replaceAll('-', '')) * 7919) % 17;
  const registrations = 3 + seed;
  return {
    date,
    registrations,
    revenueFen: finance ? registrations * 23_000 : null,
    refundedFen: finance ? (seed % 4 === 0 ? 23_000 : 0) : null,
  };
}

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
  // No stored file has an id in the mock, as for the center's own license (mock/center.ts).
  on(opsApi.opsCenterLicense, () => refuse('NOT_FOUND')),
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
  on(opsApi.opsOrders, ({ query }) => page(ordersFound(query).map(orderRowOf), query)),
  on(opsApi.opsOrdersExport, async ({ query }) => ({
    fileName: 'orders.xlsx',
    contentType: XLSX,
    bytes: await workbookOf(
      '订单 Orders',
      ordersFound(query).map((order) => [
        order.id,
        order.status,
        order.payer.phone,
        order.exam.code,
        order.totalFen / 100,
        order.refundedFen / 100,
        order.transactionId,
        order.createdAt,
        order.paidAt,
      ]),
    ),
  })),
  on(opsApi.opsOrder, ({ params }) => detailOf(orderOf(params.id))),
  on(opsApi.opsRefundOrder, ({ user, params, body }) => {
    const order = orderOf(params.id);
    if (order.status !== 'paid') refuse('ORDER_NOT_REFUNDABLE');
    if (body.amountFen > order.refundableFen) refuse('REFUND_EXCEEDS_REFUNDABLE');
    const before = orderRowOf(order);
    const refund = bookRefund(order, body.amountFen, 'manual', { id: user.id, name: user.name }, body.reason);
    completeRefund(order, refund, 'succeeded', new Date().toISOString());
    const target = { type: 'order', id: order.id, label: order.exam.code };
    record(user, 'order.refund', target, before, { ...orderRowOf(order), reason: body.reason });
    return detailOf(order);
  }),
  on(opsApi.opsFailedRefunds, ({ query }) => {
    const failed = allRefunds()
      .filter(({ refund }) => refund.state === 'failed')
      .sort((a, b) => a.refund.requestedAt.localeCompare(b.refund.requestedAt))
      .map(({ order, refund }) => {
        const { id, totalFen, provider, transactionId, payer, exam } = order;
        return { ...refund, order: { id, totalFen, provider, transactionId, payer, exam } };
      });
    return page(failed, query);
  }),
  on(opsApi.opsRetryRefund, ({ user, params }) => {
    const found = allRefunds().find(({ refund }) => refund.id === params.id) ?? refuse('NOT_FOUND');
    const { order, refund } = found;
    if (refund.state !== 'failed') refuse('REFUND_NOT_FAILED');
    const before = { ...refund };
    const at = new Date().toISOString();
    order.timeline.push({
      type: 'refund',
      at,
      refundId: refund.id,
      step: 'requested',
      amountFen: refund.amountFen,
      reason: refund.reason,
      by: { id: user.id, name: user.name },
    });
    // As the server does: requested again with its attempts reset, for the refund sweeper to send.
    Object.assign(refund, { state: 'requested', attempts: 0, completedAt: null });
    settle(order);
    record(user, 'refund.retry', { type: 'refund', id: refund.id, label: order.exam.code }, before, { ...refund });
    return refund;
  }),
  on(opsApi.opsReconciliation, ({ query }) => {
    if (query.date > dayInBeijing(new Date().toISOString())) refuse('VALIDATION_FAILED');
    return reconcile(query.date);
  }),
  on(opsApi.opsReconciliationExport, async ({ query }) => {
    const day = reconcile(query.date);
    const totals = (side: LedgerTotals) => [
      side.paidCount,
      side.paidFen / 100,
      side.refundedCount,
      side.refundedFen / 100,
    ];
    return {
      fileName: `reconciliation-${query.date}.xlsx`,
      contentType: XLSX,
      bytes: await workbookOf('对账 Reconciliation', [
        ['platform', ...totals(day.platform)],
        ['provider', ...totals(day.providerTotals)],
        ...day.mismatches.map((item) => [
          item.kind,
          item.orderId,
          item.transactionId,
          item.platform ? item.platform.amountFen / 100 : null,
          item.provider ? item.provider.amountFen / 100 : null,
        ]),
      ]),
    };
  }),
  on(opsApi.opsDashboard, ({ user, query }) => {
    const finance = user.permissions.includes('finance');
    const inRange = (iso: string) => dayInBeijing(iso) >= query.from && dayInBeijing(iso) <= query.to;
    const now = Date.now();
    const held = [...exams.values()]
      .filter((exam) => inRange(exam.startsAt))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
      .map((exam) => ({
        id: exam.id,
        code: exam.code,
        name: exam.name,
        startsAt: exam.startsAt,
        capacity: exam.capacity,
        seatsTaken: exam.seatsTaken,
        admitted: exam.seatsTaken,
        checkedIn: Date.parse(exam.startsAt) < now ? Math.floor(exam.seatsTaken * 0.85) : 0,
      }));
    const started = held.filter((exam) => Date.parse(exam.startsAt) < now);
    const failed = allRefunds().filter(({ refund }) => refund.state === 'failed');
    return {
      from: query.from,
      to: query.to,
      days: daysBetween(query.from, query.to).map((date) => dayFigures(date, finance)),
      exams: held.slice(0, 50),
      checkin: {
        admitted: started.reduce((sum, exam) => sum + exam.admitted, 0),
        checkedIn: started.reduce((sum, exam) => sum + exam.checkedIn, 0),
      },
      pendingCenters: [...centers.values()].filter((center) => center.verification.status === 'pending').length,
      failedRefunds: {
        count: failed.length,
        amountFen: finance ? failed.reduce((sum, { refund }) => sum + refund.amountFen, 0) : null,
      },
    };
  }),
  on(opsApi.opsCandidates, ({ query }) => {
    const phone = query.phone ? normalizeChinaMobile(query.phone) : undefined;
    const idNumber = query.idNumber;
    return [...candidates.values()].filter((candidate) =>
      phone ? candidate.phone === phone : personalDataOf(candidate).profile?.idNumber === idNumber,
    );
  }),
  on(opsApi.opsCandidate, ({ user, params }) => {
    const candidate = candidates.get(params.id) ?? refuse('NOT_FOUND');
    record(user, 'candidate.view', { type: 'candidate', id: candidate.id, label: candidate.name }, null, null);
    return candidateDetailOf(candidate);
  }),
  on(opsApi.opsEndCandidateSessions, ({ user, params }) => {
    const candidate = candidates.get(params.id) ?? refuse('NOT_FOUND');
    const ended = candidate.activeSessions;
    candidate.activeSessions = 0;
    const target = { type: 'candidate', id: candidate.id, label: candidate.name };
    record(user, 'candidate.logout', target, { activeSessions: ended }, { activeSessions: 0 });
    return { ended };
  }),
  on(opsApi.opsRejectCandidatePhoto, ({ user, params, body }) => {
    const candidate = candidates.get(params.id) ?? refuse('NOT_FOUND');
    const before = opsPhotoOf(candidate) ?? refuse('PHOTO_NONE');
    opsPhotoRejections.set(candidate.id, { reason: body.reason, rejectedAt: new Date().toISOString() });
    const target = { type: 'candidate', id: candidate.id, label: candidate.name };
    const photoRejectionReason = before.rejection?.reason ?? null;
    record(user, 'candidate.photo.reject', target, { photoRejectionReason }, { photoRejectionReason: body.reason });
    return opsPhotoOf(candidate) ?? refuse('PHOTO_NONE');
  }),
  on(opsApi.opsCandidateExport, ({ user, params }) => {
    const candidate = candidates.get(params.id) ?? refuse('NOT_FOUND');
    record(user, 'candidate.export', { type: 'candidate', id: candidate.id, label: candidate.name }, null, null);
    return {
      fileName: `personal-data-${candidate.id}.json`,
      contentType: 'application/json',
      bytes: Buffer.from(JSON.stringify(personalDataOf(candidate), null, 2)),
    };
  }),
  on(opsApi.opsEraseCandidate, ({ user, params, body }) => {
    const candidate = candidates.get(params.id) ?? refuse('NOT_FOUND');
    const typed = chinaMobileToE164(body.confirmPhone);
    if (!candidate.phone || typed !== candidate.phone) refuse('ERASURE_CONFIRMATION_MISMATCH');
    const { registrations, orders } = candidateDetailOf(candidate);
    const live = ['pending', 'register', 'checkin'];
    if (registrations.some((registration) => live.includes(registration.status))) refuse('ERASURE_BLOCKED');
    const results = registrations.filter((registration) => registration.outcome !== null);
    const refunds = orders.flatMap((order) => orderOf(order.id).refunds);
    const held = {
      registrations: registrations.length,
      orders: orders.length,
      refunds: refunds.length,
      results: results.length,
      certificates: results.filter((registration) => registration.outcome === 'pass').length,
    };
    const sessionsEnded = candidate.activeSessions;
    // As the server: the masked phone, so the log does not go on naming who asked to be forgotten.
    const target = { type: 'candidate', id: candidate.id, label: maskPhone(candidate.phone) };
    forgetIdentity(candidate.id);
    const paid = orders.some((order) => order.paidAt !== null) || refunds.length > 0;
    if (!paid && results.length === 0) {
      candidates.delete(candidate.id);
      for (const order of orders) opsOrders.delete(order.id);
      record(user, 'candidate.erase', target, held, null);
      return { outcome: 'erased' as const, kept: [], sessionsEnded };
    }
    const kept = KEPT_RECORDS.filter((kind) => held[kind] > 0).map((kind) => ({ record: kind, count: held[kind] }));
    const anonymized = {
      ...candidate,
      phone: '',
      name: '',
      maskedIdNumber: '',
      activeSessions: 0,
      anonymizedAt: new Date().toISOString(),
    };
    candidates.set(candidate.id, anonymized);
    for (const order of orders) orderOf(order.id).payer = { id: candidate.id, name: '', phone: '' };
    record(user, 'candidate.erase', target, held, { anonymizedAt: anonymized.anonymizedAt, kept });
    return { outcome: 'anonymized' as const, kept, sessionsEnded };
  }),
  on(opsApi.opsAudit, ({ query }) => page(auditFound(query), query)),
  on(opsApi.opsAuditExport, async ({ user, query }) => {
    const found = auditFound(query);
    const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
    const label = Object.entries(filters)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ');
    record(user, 'audit.export', { type: 'audit', id: 'audit_log', label }, null, { filters, rows: found.length });
    return {
      fileName: `audit-${dayInBeijing(new Date().toISOString())}.xlsx`,
      contentType: XLSX,
      bytes: await workbookOf('audit', [
        ['Time', 'Operator', 'Operator phone', 'Action', 'Target type', 'Target id', 'Target', 'Before', 'After'],
        ...found.map((entry) => [
          entry.at,
          entry.actor?.name ?? '',
          entry.actor?.phone ?? '',
          entry.action,
          entry.target.type,
          entry.target.id,
          entry.target.label,
          entry.before ? JSON.stringify(entry.before) : '',
          entry.after ? JSON.stringify(entry.after) : '',
        ]),
      ]),
    };
  }),
]);
