import { cachedRequest } from '@/utils/requestCache';
import type { QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/catalog';
import { type CallOptions, callApi } from './client';

/** The reference lists below are kept for a minute (src/utils/requestCache): they change rarely. */

export function provinces(options?: CallOptions) {
  return cachedRequest('provinces', () => callApi(paths.provinces, { ...options }));
}

/** Cities of a province: `q` is the province code (spec section 7). */
export function cities(query: QueryOf<'cities'>, options?: CallOptions) {
  return cachedRequest(`cities?q=${query.q}`, () => callApi(paths.cities, { params: query, ...options }));
}

export function categories(options?: CallOptions) {
  return cachedRequest('categories', () => callApi(paths.categories, { ...options }));
}

export function exams(query: QueryOf<'exams'>, options?: CallOptions) {
  return callApi(paths.exams, { params: query, ...options });
}

export function exam(id: string, options?: CallOptions) {
  return callApi(paths.exam, { path: { id }, ...options });
}
