import type { BodyOf } from '../../contract/api';
import * as paths from '../../contract/paths/profile';
import { type CallOptions, callApi } from './client';

export function profile(options?: CallOptions) {
  return callApi(paths.profile, { ...options });
}

export function saveProfile(body: BodyOf<'saveProfile'>, options?: CallOptions) {
  return callApi(paths.saveProfile, { data: body, ...options });
}

/** The avatar upload URL; antd Upload posts the file itself (field `file`) with the bearer header. */
export const AVATAR_UPLOAD_URL = paths.uploadAvatar.path;

export function organizations(options?: CallOptions) {
  return callApi(paths.organizations, { ...options });
}
