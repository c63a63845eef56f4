import { request } from '@umijs/max';
import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/booking';
import { type CallOptions, callApi, pathOf } from './client';

/** The receipt of one of my paid orders: its price lines, payer, registrations, refunds and fapiao request. */
export function receipt(orderId: string, options?: CallOptions) {
  return callApi(paths.receipt, { path: { id: orderId }, ...options });
}

/** The receipt as a PDF in `lang`, fetched with the bearer token, as a Blob to save. */
export function receiptFile(
  orderId: string,
  lang: QueryOf<'receiptPdf'>['lang'],
  options?: CallOptions,
): Promise<Blob> {
  return request<Blob>(pathOf(paths.receiptPdf.path, { id: orderId }), {
    method: 'GET',
    params: { lang },
    responseType: 'blob',
    ...options,
  });
}

/** Asks for a fapiao for one of my paid orders. */
export function requestFapiao(orderId: string, body: BodyOf<'requestFapiao'>, options?: CallOptions) {
  return callApi(paths.requestFapiao, { path: { id: orderId }, data: body, ...options });
}
