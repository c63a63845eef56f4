import type { BodyOf, DataOf, QueryOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

export function quote(body: BodyOf<'quote'>, options?: CallOptions) {
  return callApi<DataOf<'quote'>>('/api/front/checkout/quote', { method: 'POST', data: body, ...options });
}

/** Books a seat. The same `idempotencyKey` for a repeated click answers the same order. */
export function register(body: BodyOf<'register'>, idempotencyKey: string, options?: CallOptions) {
  return callApi<DataOf<'register'>>('/api/front/student-registration', {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...options,
  });
}

/** One order; `refresh` asks the payment provider first (the Reload button). */
export function order(id: string, refresh = false, options?: CallOptions) {
  return callApi<DataOf<'order'>>(path('/api/front/orders/:id', id), {
    method: 'GET',
    params: refresh ? { refresh: '1' } : {},
    ...options,
  });
}

export function registrations(query: QueryOf<'registrations'>, options?: CallOptions) {
  return callApi<DataOf<'registrations'>>('/api/front/registrations', { method: 'GET', params: query, ...options });
}

export function ticket(registrationId: string, options?: CallOptions) {
  return callApi<DataOf<'ticket'>>(path('/api/front/registrations/:id/ticket', registrationId), {
    method: 'GET',
    ...options,
  });
}

export function changeOptions(registrationId: string, options?: CallOptions) {
  return callApi<DataOf<'changeOptions'>>(path('/api/front/registrations/:id/change-options', registrationId), {
    method: 'GET',
    ...options,
  });
}

export function changeRegistration(registrationId: string, body: BodyOf<'changeRegistration'>, options?: CallOptions) {
  return callApi<DataOf<'changeRegistration'>>(path('/api/front/registrations/:id/change', registrationId), {
    method: 'POST',
    data: body,
    ...options,
  });
}

export function cancelRegistration(registrationId: string, options?: CallOptions) {
  return callApi<DataOf<'cancelRegistration'>>(path('/api/front/registrations/:id/cancel', registrationId), {
    method: 'POST',
    ...options,
  });
}

export function transactions(query: QueryOf<'transactions'>, options?: CallOptions) {
  return callApi<DataOf<'transactions'>>('/api/front/transactions', { method: 'GET', params: query, ...options });
}

export function results(options?: CallOptions) {
  return callApi<DataOf<'results'>>('/api/front/results', { method: 'GET', ...options });
}

export function walletOrder(orderId: string, options?: CallOptions) {
  return callApi<DataOf<'walletOrder'>>(`/api/pay/sandbox/orders/${encodeURIComponent(orderId)}`, {
    method: 'GET',
    ...options,
  });
}

export function walletConfirm(orderId: string, options?: CallOptions) {
  return callApi<DataOf<'walletConfirm'>>(`/api/pay/sandbox/orders/${encodeURIComponent(orderId)}/confirm`, {
    method: 'POST',
    ...options,
  });
}
