import { z } from 'zod';
import { type OpsPermission, otpResponse } from './auth';
import { examIdParams, examSummary } from './catalog';
import { pageQuery } from './envelope';
import {
  auditExportQuery,
  auditList,
  auditQuery,
  catalogNameUpdate,
  categoryDraft,
  centerRejection,
  dashboard,
  dashboardQuery,
  erasureRequest,
  erasureResult,
  operator,
  operatorInvite,
  opsCandidate,
  opsCandidateDetail,
  opsCandidateLookupQuery,
  opsCatalogQuery,
  opsCategory,
  opsCategoryList,
  opsCenter,
  opsCenterList,
  opsCenterQuery,
  opsFailedRefundList,
  opsIdParams,
  opsLoginRequest,
  opsLoginResponse,
  opsOrderDetail,
  opsOrderExportQuery,
  opsOrderList,
  opsOrderQuery,
  opsOrganization,
  opsOrganizationList,
  opsOtpRequest,
  opsRefund,
  opsRefundRequest,
  promotion,
  promotionDraft,
  promotionList,
  promotionQuery,
  reconciliation,
  reconciliationQuery,
  sessionsEnded,
} from './ops';
import * as paths from './paths/ops';
import type { Route } from './paths/route';
import { candidatePhoto, photoRejectionRequest } from './profile';
import { waitingRoomSwitch } from './queue';
import { opsFapiao, opsFapiaoDecision, opsFapiaoList, opsFapiaoQuery } from './receipts';

/**
 * Who may call an operators' endpoint: an operator's session (any other account is refused OPERATORS_ONLY) holding
 * `permission` (else PERMISSION_DENIED), both checked before the request is read. An entry without `permission` admits
 * every operator (the dashboard, which leaves out what needs a permission the caller lacks).
 */
interface OperatorCaller {
  auth: 'user';
  access: readonly ['operator'];
  refusal: 'OPERATORS_ONLY';
  permission?: OpsPermission;
}

/**
 * An operators' endpoint: as `Endpoint` (contract/api.ts) has them, called as above, answering the envelope with
 * `data`, or (`response: 'file'`) a file's bytes (the exports), whose failures are the envelope like any other.
 */
export type OpsEndpoint = Route & {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
} & ({ response?: never; data: z.ZodType } | { response: 'file'; data?: never }) &
  ({ auth: 'public' } | OperatorCaller);

const anyOperator = { auth: 'user', access: ['operator'], refusal: 'OPERATORS_ONLY' } as const;
const operatorWith = (permission: OpsPermission) => ({ ...anyOperator, permission }) as const;

/**
 * The operators' console (issue 13), declared as `api` declares the rest. Those the server answers are also entries
 * of `api` (its tests walk every entry there); the others wait here, used by the front end and the mock, and
 * tests/contract/mock.test.ts parses the mock's answers with all of them. The current user answer (api.currentUser)
 * carries an operator's permissions.
 */
export const opsApi = {
  opsSendOtp: {
    ...paths.opsSendOtp,
    auth: 'public',
    summary: "Send an operator's login code by SMS (an unknown phone gets the same answer and no code)",
    body: opsOtpRequest,
    data: otpResponse,
  },
  opsLogin: {
    ...paths.opsLogin,
    auth: 'public',
    summary: 'Log an operator in with the code (never creates an account)',
    body: opsLoginRequest,
    data: opsLoginResponse,
  },
  opsOperators: {
    ...paths.opsOperators,
    ...operatorWith('operators'),
    summary: 'The operators and their permissions',
    data: z.array(operator),
  },
  opsInviteOperator: {
    ...paths.opsInviteOperator,
    ...operatorWith('operators'),
    summary: 'Make a phone an operator with these permissions (it logs in at /ops/login)',
    body: operatorInvite,
    data: z.array(operator),
  },
  opsRemoveOperator: {
    ...paths.opsRemoveOperator,
    ...operatorWith('operators'),
    summary: 'Remove an operator (not oneself): its sessions end',
    params: opsIdParams,
    data: z.array(operator),
  },
  opsCenters: {
    ...paths.opsCenters,
    ...operatorWith('centers'),
    summary: 'Test centers by verification status, oldest submission first',
    query: opsCenterQuery,
    data: opsCenterList,
  },
  opsApproveCenter: {
    ...paths.opsApproveCenter,
    ...operatorWith('centers'),
    summary: 'Approve a pending (or rejected, or suspended) center: its exams are listed and bookable',
    params: opsIdParams,
    data: opsCenter,
  },
  opsRejectCenter: {
    ...paths.opsRejectCenter,
    ...operatorWith('centers'),
    summary: 'Reject a pending center with a reason it is shown and sent by SMS in its language',
    params: opsIdParams,
    body: centerRejection,
    data: opsCenter,
  },
  opsSuspendCenter: {
    ...paths.opsSuspendCenter,
    ...operatorWith('centers'),
    summary: 'Suspend an approved center: its exams stop taking bookings (existing bookings stand)',
    params: opsIdParams,
    data: opsCenter,
  },
  opsCenterLicense: {
    ...paths.opsCenterLicense,
    ...operatorWith('centers'),
    summary: "A center's business license as it uploaded it",
    params: opsIdParams,
    response: 'file',
  },
  opsCategories: {
    ...paths.opsCategories,
    ...operatorWith('catalog'),
    summary: 'Exam categories, active and retired',
    query: opsCatalogQuery,
    data: opsCategoryList,
  },
  opsCreateCategory: {
    ...paths.opsCreateCategory,
    ...operatorWith('catalog'),
    summary: 'Add a category (its code unique)',
    body: categoryDraft,
    data: opsCategory,
  },
  opsUpdateCategory: {
    ...paths.opsUpdateCategory,
    ...operatorWith('catalog'),
    summary: 'Rename a category in both languages',
    params: opsIdParams,
    body: catalogNameUpdate,
    data: opsCategory,
  },
  opsRetireCategory: {
    ...paths.opsRetireCategory,
    ...operatorWith('catalog'),
    summary: 'Retire a category: no new exam may name it (exams that do keep it)',
    params: opsIdParams,
    data: opsCategory,
  },
  opsOrganizations: {
    ...paths.opsOrganizations,
    ...operatorWith('catalog'),
    summary: 'Organizations candidates may belong to, active and retired',
    query: opsCatalogQuery,
    data: opsOrganizationList,
  },
  opsCreateOrganization: {
    ...paths.opsCreateOrganization,
    ...operatorWith('catalog'),
    summary: 'Add an organization',
    body: catalogNameUpdate,
    data: opsOrganization,
  },
  opsUpdateOrganization: {
    ...paths.opsUpdateOrganization,
    ...operatorWith('catalog'),
    summary: 'Rename an organization in both languages',
    params: opsIdParams,
    body: catalogNameUpdate,
    data: opsOrganization,
  },
  opsRetireOrganization: {
    ...paths.opsRetireOrganization,
    ...operatorWith('catalog'),
    summary: 'Retire an organization: profiles can no longer choose it (those that did keep it)',
    params: opsIdParams,
    data: opsOrganization,
  },
  opsPromotions: {
    ...paths.opsPromotions,
    ...operatorWith('catalog'),
    summary: 'Promotions and invitation codes with their usage',
    query: promotionQuery,
    data: promotionList,
  },
  opsCreatePromotion: {
    ...paths.opsCreatePromotion,
    ...operatorWith('catalog'),
    summary: 'Add a promotion or invitation code (its code unique)',
    body: promotionDraft,
    data: promotion,
  },
  opsUpdatePromotion: {
    ...paths.opsUpdatePromotion,
    ...operatorWith('catalog'),
    summary: 'Change a promotion or invitation code (orders already priced keep their price)',
    params: opsIdParams,
    body: promotionDraft,
    data: promotion,
  },
  opsAudit: {
    ...paths.opsAudit,
    ...operatorWith('audit'),
    summary: 'Every operator action, newest first: who, when, what, before and after, from which address',
    query: auditQuery,
    data: auditList,
  },
  opsAuditExport: {
    ...paths.opsAuditExport,
    ...operatorWith('audit'),
    summary:
      'The audit rows the filters find (every page) as an .xlsx file; exporting is itself audited (audit.export)',
    query: auditExportQuery,
    response: 'file',
  },
  opsWaitingRoom: {
    ...paths.opsWaitingRoom,
    ...operatorWith('catalog'),
    summary: "Switch any exam's waiting room on or off (audited)",
    params: examIdParams,
    body: waitingRoomSwitch,
    data: examSummary,
  },
  opsOrders: {
    ...paths.opsOrders,
    ...operatorWith('finance'),
    summary:
      "Search orders by the payer's phone, order id, provider transaction id, exam, status and days; newest first",
    query: opsOrderQuery,
    data: opsOrderList,
  },
  opsOrdersExport: {
    ...paths.opsOrdersExport,
    ...operatorWith('finance'),
    summary: 'The orders the search finds (every page) as an .xlsx file',
    query: opsOrderExportQuery,
    response: 'file',
  },
  opsOrder: {
    ...paths.opsOrder,
    ...operatorWith('finance'),
    summary: 'One order: price lines, registrations, refunds and its timeline (payment events with their verification)',
    params: opsIdParams,
    data: opsOrderDetail,
  },
  opsRefundOrder: {
    ...paths.opsRefundOrder,
    ...operatorWith('finance'),
    summary:
      'Refund part or all of a paid order through the provider, with a reason (money only: registrations stand); audit order.refund',
    params: opsIdParams,
    body: opsRefundRequest,
    data: opsOrderDetail,
  },
  opsFapiaoRequests: {
    ...paths.opsFapiaoRequests,
    ...operatorWith('finance'),
    summary:
      'Fapiao requests of paid orders, oldest waiting first, by state (issuing happens on the tax platform, outside)',
    query: opsFapiaoQuery,
    data: opsFapiaoList,
  },
  opsDecideFapiao: {
    ...paths.opsDecideFapiao,
    ...operatorWith('finance'),
    summary:
      'Mark a requested fapiao issued (on the tax platform) or rejected, with a note; audit fapiao.issue / fapiao.reject',
    params: opsIdParams,
    body: opsFapiaoDecision,
    data: opsFapiao,
  },
  opsFailedRefunds: {
    ...paths.opsFailedRefunds,
    ...operatorWith('finance'),
    summary: 'Refunds the provider refused for good, the longest owed first',
    query: pageQuery,
    data: opsFailedRefundList,
  },
  opsRetryRefund: {
    ...paths.opsRetryRefund,
    ...operatorWith('finance'),
    summary:
      'Ask the provider again for a failed refund (REFUND_NOT_FAILED unless failed): it is requested again with its attempts reset and the refund sweeper sends it; audit refund.retry',
    params: opsIdParams,
    data: opsRefund,
  },
  opsReconciliation: {
    ...paths.opsReconciliation,
    ...operatorWith('finance'),
    summary: "A day's paid and refunded orders against the payment provider's record, with every mismatch",
    query: reconciliationQuery,
    data: reconciliation,
  },
  opsReconciliationExport: {
    ...paths.opsReconciliationExport,
    ...operatorWith('finance'),
    summary: "A day's reconciliation as an .xlsx file (totals, then one row per mismatch)",
    query: reconciliationQuery,
    response: 'file',
  },
  opsDashboard: {
    ...paths.opsDashboard,
    ...anyOperator,
    summary:
      'Figures over Beijing days computed in SQL: registrations and revenue per day, seats and check-in per exam, pending centers, failed refunds (money figures null without finance)',
    query: dashboardQuery,
    data: dashboard,
  },
  opsCandidates: {
    ...paths.opsCandidates,
    ...operatorWith('support'),
    summary: 'Candidates by login phone or ID number (none, one, or more for an ID number)',
    query: opsCandidateLookupQuery,
    data: z.array(opsCandidate),
  },
  opsCandidate: {
    ...paths.opsCandidate,
    ...operatorWith('support'),
    summary: "A candidate's registrations and orders; audit candidate.view",
    params: opsIdParams,
    data: opsCandidateDetail,
  },
  opsEndCandidateSessions: {
    ...paths.opsEndCandidateSessions,
    ...operatorWith('support'),
    summary: 'End every session of a candidate; audit candidate.logout',
    params: opsIdParams,
    data: sessionsEnded,
  },
  opsCandidateExport: {
    ...paths.opsCandidateExport,
    ...operatorWith('support'),
    summary:
      "A candidate's personal data as a JSON file (account, profile, registrations, orders, refunds, results); audit candidate.export",
    params: opsIdParams,
    response: 'file',
  },
  opsEraseCandidate: {
    ...paths.opsEraseCandidate,
    ...operatorWith('support'),
    summary:
      'Erase a candidate on request, or anonymize when results or payments must be kept (confirmed by their phone); audit candidate.erase',
    params: opsIdParams,
    body: erasureRequest,
    data: erasureResult,
  },
  opsRejectCandidatePhoto: {
    ...paths.opsRejectCandidatePhoto,
    ...operatorWith('support'),
    summary:
      "Reject a candidate's current photo with the reason they read (PHOTO_NONE without one): their ticket waits for a new photo; audit candidate.photo.reject",
    params: opsIdParams,
    body: photoRejectionRequest,
    data: candidatePhoto,
  },
} as const satisfies Record<string, OpsEndpoint>;

export type OpsApi = typeof opsApi;
export type OpsEndpointName = keyof OpsApi;
