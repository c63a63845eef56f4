import type { BodyOf } from '../../contract/api';
import * as paths from '../../contract/paths/group';
import { type CallOptions, callApi } from './client';

/** Step 1: the coordinator and the exam; answers the new group (no upload, no order). */
export function createGroup(body: BodyOf<'createGroup'>, options?: CallOptions) {
  return callApi(paths.createGroup, { data: body, ...options });
}

export function group(id: string, options?: CallOptions) {
  return callApi(paths.group, { path: { id }, ...options });
}

/** Sends the member list as multipart field `file`; the answer's upload replaces the last one. */
export function uploadGroupFile(id: string, file: Blob, fileName: string, options?: CallOptions) {
  const data = new FormData();
  data.append('file', file, fileName);
  return callApi(paths.uploadGroupFile, { path: { id }, data, ...options });
}

export function groupQuote(id: string, body: BodyOf<'groupQuote'>, options?: CallOptions) {
  return callApi(paths.groupQuote, { path: { id }, data: body, ...options });
}

/** One order for every accepted member. The same `idempotencyKey` for a repeated click answers the same order. */
export function groupCheckout(
  id: string,
  body: BodyOf<'groupCheckout'>,
  idempotencyKey: string,
  options?: CallOptions,
) {
  return callApi(paths.groupCheckout, {
    path: { id },
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...options,
  });
}

export function groupTickets(id: string, options?: CallOptions) {
  return callApi(paths.groupTickets, { path: { id }, ...options });
}

/** The coordinator cancels one member's seat: its share is refunded to the group's order, the member told by SMS. */
export function cancelGroupMember(id: string, registrationId: string, options?: CallOptions) {
  return callApi(paths.cancelGroupMember, { path: { id, registrationId }, ...options });
}

/** The template download (a file, not an envelope): a plain link with `download` fetches it. */
export function groupTemplateUrl(format: 'xlsx' | 'csv'): string {
  return `${paths.groupTemplate.path}?format=${format}`;
}
