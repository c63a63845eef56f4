import type { DataOf, QueryOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

export function provinces(options?: CallOptions) {
  return callApi<DataOf<'provinces'>>('/api/province', { method: 'GET', ...options });
}

/** Cities of a province: `q` is the province code (spec section 7). */
export function cities(query: QueryOf<'cities'>, options?: CallOptions) {
  return callApi<DataOf<'cities'>>('/api/city', { method: 'GET', params: query, ...options });
}

export function categories(options?: CallOptions) {
  return callApi<DataOf<'categories'>>('/api/front/categories', { method: 'GET', ...options });
}

export function exams(query: QueryOf<'exams'>, options?: CallOptions) {
  return callApi<DataOf<'exams'>>('/api/front/exams', { method: 'GET', params: query, ...options });
}

export function exam(id: string, options?: CallOptions) {
  return callApi<DataOf<'exam'>>(`/api/front/exams/${encodeURIComponent(id)}`, { method: 'GET', ...options });
}
