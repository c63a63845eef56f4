import type { BodyOf, DataOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

export function profile(options?: CallOptions) {
  return callApi<DataOf<'profile'>>('/api/front/profile', { method: 'GET', ...options });
}

export function saveProfile(body: BodyOf<'saveProfile'>, options?: CallOptions) {
  return callApi<DataOf<'saveProfile'>>('/api/front/profile', { method: 'PUT', data: body, ...options });
}

/** The avatar upload URL; antd Upload posts the file itself (field `file`) with the bearer header. */
export const AVATAR_UPLOAD_URL = '/api/front/profile/avatar';

export function organizations(options?: CallOptions) {
  return callApi<DataOf<'organizations'>>('/api/front/organizations', { method: 'GET', ...options });
}
