import type { QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/catalog';
import { type CallOptions, callApi } from './client';

export function provinces(options?: CallOptions) {
  return callApi(paths.provinces, { ...options });
}

/** Cities of a province: `q` is the province code (spec section 7). */
export function cities(query: QueryOf<'cities'>, options?: CallOptions) {
  return callApi(paths.cities, { params: query, ...options });
}

export function categories(options?: CallOptions) {
  return callApi(paths.categories, { ...options });
}

export function exams(query: QueryOf<'exams'>, options?: CallOptions) {
  return callApi(paths.exams, { params: query, ...options });
}

export function exam(id: string, options?: CallOptions) {
  return callApi(paths.exam, { path: { id }, ...options });
}
