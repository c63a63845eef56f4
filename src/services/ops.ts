import { request } from '@umijs/max';
import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/ops';
import { type CallOptions, callApi, pathOf } from './client';

/** An operator's login code: an unknown phone gets the same answer and no code. */
export function opsSendOtp(body: BodyOf<'opsSendOtp'>, options?: CallOptions) {
  return callApi(paths.opsSendOtp, { data: body, ...options });
}

export function opsLogin(body: BodyOf<'opsLogin'>, options?: CallOptions) {
  return callApi(paths.opsLogin, { data: body, ...options });
}

export function operators(options?: CallOptions) {
  return callApi(paths.opsOperators, { ...options });
}

export function inviteOperator(body: BodyOf<'opsInviteOperator'>, options?: CallOptions) {
  return callApi(paths.opsInviteOperator, { data: body, ...options });
}

export function removeOperator(id: string, options?: CallOptions) {
  return callApi(paths.opsRemoveOperator, { path: { id }, ...options });
}

export function centers(query: QueryOf<'opsCenters'>, options?: CallOptions) {
  return callApi(paths.opsCenters, { params: query, ...options });
}

export function approveCenter(id: string, options?: CallOptions) {
  return callApi(paths.opsApproveCenter, { path: { id }, ...options });
}

export function rejectCenter(id: string, body: BodyOf<'opsRejectCenter'>, options?: CallOptions) {
  return callApi(paths.opsRejectCenter, { path: { id }, data: body, ...options });
}

export function suspendCenter(id: string, options?: CallOptions) {
  return callApi(paths.opsSuspendCenter, { path: { id }, ...options });
}

export function categories(query: QueryOf<'opsCategories'>, options?: CallOptions) {
  return callApi(paths.opsCategories, { params: query, ...options });
}

export function createCategory(body: BodyOf<'opsCreateCategory'>, options?: CallOptions) {
  return callApi(paths.opsCreateCategory, { data: body, ...options });
}

export function updateCategory(id: string, body: BodyOf<'opsUpdateCategory'>, options?: CallOptions) {
  return callApi(paths.opsUpdateCategory, { path: { id }, data: body, ...options });
}

export function retireCategory(id: string, options?: CallOptions) {
  return callApi(paths.opsRetireCategory, { path: { id }, ...options });
}

export function organizations(query: QueryOf<'opsOrganizations'>, options?: CallOptions) {
  return callApi(paths.opsOrganizations, { params: query, ...options });
}

export function createOrganization(body: BodyOf<'opsCreateOrganization'>, options?: CallOptions) {
  return callApi(paths.opsCreateOrganization, { data: body, ...options });
}

export function updateOrganization(id: string, body: BodyOf<'opsUpdateOrganization'>, options?: CallOptions) {
  return callApi(paths.opsUpdateOrganization, { path: { id }, data: body, ...options });
}

export function retireOrganization(id: string, options?: CallOptions) {
  return callApi(paths.opsRetireOrganization, { path: { id }, ...options });
}

export function promotions(query: QueryOf<'opsPromotions'>, options?: CallOptions) {
  return callApi(paths.opsPromotions, { params: query, ...options });
}

export function createPromotion(body: BodyOf<'opsCreatePromotion'>, options?: CallOptions) {
  return callApi(paths.opsCreatePromotion, { data: body, ...options });
}

export function updatePromotion(id: string, body: BodyOf<'opsUpdatePromotion'>, options?: CallOptions) {
  return callApi(paths.opsUpdatePromotion, { path: { id }, data: body, ...options });
}

export function auditLog(query: QueryOf<'opsAudit'>, options?: CallOptions) {
  return callApi(paths.opsAudit, { params: query, ...options });
}

/** Every audit row the filters find (no paging) as an .xlsx file; the export is itself audited. */
export function auditExport(query: QueryOf<'opsAuditExport'>, options?: CallOptions) {
  return opsFile(paths.opsAuditExport.path, { params: query, ...options });
}

/** A file an operator may read (a license, an export): fetched with the bearer token, as a Blob to show or save. */
export function opsFile(url: string, options?: CallOptions & { params?: object }): Promise<Blob> {
  return request<Blob>(url, { method: 'GET', responseType: 'blob', ...options });
}

export function orders(query: QueryOf<'opsOrders'>, options?: CallOptions) {
  return callApi(paths.opsOrders, { params: query, ...options });
}

/** Every order the search finds (no paging) as an .xlsx file. */
export function ordersExport(query: QueryOf<'opsOrdersExport'>, options?: CallOptions) {
  return opsFile(paths.opsOrdersExport.path, { params: query, ...options });
}

/** Fapiao requests in a state (all when none), the longest waiting first. */
export function fapiaoRequests(query: QueryOf<'opsFapiaoRequests'>, options?: CallOptions) {
  return callApi(paths.opsFapiaoRequests, { params: query, ...options });
}

/** Marks a requested fapiao issued (on the tax platform, outside) or rejected, with a note. */
export function decideFapiao(id: string, body: BodyOf<'opsDecideFapiao'>, options?: CallOptions) {
  return callApi(paths.opsDecideFapiao, { path: { id }, data: body, ...options });
}

export function order(id: string, options?: CallOptions) {
  return callApi(paths.opsOrder, { path: { id }, ...options });
}

/** A manual refund of `amountFen` through the provider; the answer is the order as it now stands. */
export function refundOrder(id: string, body: BodyOf<'opsRefundOrder'>, options?: CallOptions) {
  return callApi(paths.opsRefundOrder, { path: { id }, data: body, ...options });
}

export function failedRefunds(query: QueryOf<'opsFailedRefunds'>, options?: CallOptions) {
  return callApi(paths.opsFailedRefunds, { params: query, ...options });
}

export function retryRefund(id: string, options?: CallOptions) {
  return callApi(paths.opsRetryRefund, { path: { id }, ...options });
}

export function reconciliation(query: QueryOf<'opsReconciliation'>, options?: CallOptions) {
  return callApi(paths.opsReconciliation, { params: query, ...options });
}

export function reconciliationExport(query: QueryOf<'opsReconciliationExport'>, options?: CallOptions) {
  return opsFile(paths.opsReconciliationExport.path, { params: query, ...options });
}

export function dashboard(query: QueryOf<'opsDashboard'>, options?: CallOptions) {
  return callApi(paths.opsDashboard, { params: query, ...options });
}

export function findCandidates(query: QueryOf<'opsCandidates'>, options?: CallOptions) {
  return callApi(paths.opsCandidates, { params: query, ...options });
}

export function candidate(id: string, options?: CallOptions) {
  return callApi(paths.opsCandidate, { path: { id }, ...options });
}

export function endCandidateSessions(id: string, options?: CallOptions) {
  return callApi(paths.opsEndCandidateSessions, { path: { id }, ...options });
}

/** The candidate's personal data as a JSON file. */
export function candidateExport(id: string, options?: CallOptions) {
  return opsFile(pathOf(paths.opsCandidateExport.path, { id }), options);
}

export function rejectCandidatePhoto(id: string, body: BodyOf<'opsRejectCandidatePhoto'>, options?: CallOptions) {
  return callApi(paths.opsRejectCandidatePhoto, { path: { id }, data: body, ...options });
}

export function eraseCandidate(id: string, body: BodyOf<'opsEraseCandidate'>, options?: CallOptions) {
  return callApi(paths.opsEraseCandidate, { path: { id }, data: body, ...options });
}

/** Switches any exam's waiting room on or off (audited). */
export function setWaitingRoom(examId: string, enabled: boolean, options?: CallOptions) {
  return callApi(paths.opsWaitingRoom, { path: { id: examId }, data: { enabled }, ...options });
}
