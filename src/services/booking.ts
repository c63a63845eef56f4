import { request } from '@umijs/max';
import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/booking';
import { type CallOptions, callApi, pathOf } from './client';

export function quote(body: BodyOf<'quote'>, options?: CallOptions) {
  return callApi(paths.quote, { data: body, ...options });
}

/** Books a seat. The same `idempotencyKey` for a repeated click answers the same order. */
export function register(body: BodyOf<'register'>, idempotencyKey: string, options?: CallOptions) {
  return callApi(paths.register, { data: body, headers: { 'Idempotency-Key': idempotencyKey }, ...options });
}

/** One order; `refresh` asks the payment provider first (the Reload button). */
export function order(id: string, refresh = false, options?: CallOptions) {
  return callApi(paths.order, { path: { id }, params: refresh ? { refresh: '1' } : {}, ...options });
}

export function registrations(query: QueryOf<'registrations'>, options?: CallOptions) {
  return callApi(paths.registrations, { params: query, ...options });
}

export function registration(registrationId: string, options?: CallOptions) {
  return callApi(paths.registration, { path: { id: registrationId }, ...options });
}

export function ticket(registrationId: string, options?: CallOptions) {
  return callApi(paths.ticket, { path: { id: registrationId }, ...options });
}

export function changeOptions(registrationId: string, options?: CallOptions) {
  return callApi(paths.changeOptions, { path: { id: registrationId }, ...options });
}

export function changeRegistration(registrationId: string, body: BodyOf<'changeRegistration'>, options?: CallOptions) {
  return callApi(paths.changeRegistration, { path: { id: registrationId }, data: body, ...options });
}

export function cancelRegistration(registrationId: string, options?: CallOptions) {
  return callApi(paths.cancelRegistration, { path: { id: registrationId }, ...options });
}

export function transactions(query: QueryOf<'transactions'>, options?: CallOptions) {
  return callApi(paths.transactions, { params: query, ...options });
}

export function results(options?: CallOptions) {
  return callApi(paths.results, { ...options });
}

export function walletOrder(orderId: string, options?: CallOptions) {
  return callApi(paths.walletOrder, { path: { orderId }, ...options });
}

export function walletConfirm(orderId: string, options?: CallOptions) {
  return callApi(paths.walletConfirm, { path: { orderId }, ...options });
}

/** A file of one of my tickets (the PDF or the .ics) in `lang`, fetched with the bearer token, as a Blob to save. */
export function ticketFile(
  registrationId: string,
  kind: 'pdf' | 'ics',
  lang: QueryOf<'ticketPdf'>['lang'],
  options?: CallOptions,
): Promise<Blob> {
  const path = kind === 'pdf' ? paths.ticketPdf.path : paths.ticketCalendar.path;
  return request<Blob>(pathOf(path, { id: registrationId }), {
    method: 'GET',
    params: { lang },
    responseType: 'blob',
    ...options,
  });
}
