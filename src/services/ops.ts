import { request } from '@umijs/max';
import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/ops';
import { type CallOptions, callApi } from './client';

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

/** A file an operator may read (a center's business license): fetched with the bearer token, as a Blob to show. */
export function opsFile(url: string, options?: CallOptions): Promise<Blob> {
  return request<Blob>(url, { method: 'GET', responseType: 'blob', ...options });
}
