import type { BodyOf, DataOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/** Step 1: the coordinator and the exam; answers the new group (no upload, no order). */
export function createGroup(body: BodyOf<'createGroup'>, options?: CallOptions) {
  return callApi<DataOf<'createGroup'>>('/api/front/groups', { method: 'POST', data: body, ...options });
}

export function group(id: string, options?: CallOptions) {
  return callApi<DataOf<'group'>>(path('/api/front/groups/:id', id), { method: 'GET', ...options });
}

/** Sends the member list as multipart field `file`; the answer's upload replaces the last one. */
export function uploadGroupFile(id: string, file: Blob, fileName: string, options?: CallOptions) {
  const data = new FormData();
  data.append('file', file, fileName);
  return callApi<DataOf<'uploadGroupFile'>>(path('/api/front/groups/:id/upload', id), {
    method: 'POST',
    data,
    ...options,
  });
}

export function groupQuote(id: string, body: BodyOf<'groupQuote'>, options?: CallOptions) {
  return callApi<DataOf<'groupQuote'>>(path('/api/front/groups/:id/quote', id), {
    method: 'POST',
    data: body,
    ...options,
  });
}

/** One order for every accepted member. The same `idempotencyKey` for a repeated click answers the same order. */
export function groupCheckout(
  id: string,
  body: BodyOf<'groupCheckout'>,
  idempotencyKey: string,
  options?: CallOptions,
) {
  return callApi<DataOf<'groupCheckout'>>(path('/api/front/groups/:id/checkout', id), {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...options,
  });
}

export function groupTickets(id: string, options?: CallOptions) {
  return callApi<DataOf<'groupTickets'>>(path('/api/front/groups/:id/tickets', id), { method: 'GET', ...options });
}

/** The template download (a file, not an envelope): a plain link with `download` fetches it. */
export function groupTemplateUrl(format: 'xlsx' | 'csv'): string {
  return `/api/front/group-template?format=${format}`;
}
