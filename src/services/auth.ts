import type { BodyOf } from '../../contract/api';
import * as paths from '../../contract/paths/auth';
import { type CallOptions, callApi } from './client';

export function sendOtp(body: BodyOf<'sendOtp'>, options?: CallOptions) {
  return callApi(paths.sendOtp, { data: body, ...options });
}

export function login(body: BodyOf<'login'>, options?: CallOptions) {
  return callApi(paths.login, { data: body, ...options });
}

export function currentUser(options?: CallOptions) {
  return callApi(paths.currentUser, { ...options });
}

export function logout(options?: CallOptions) {
  return callApi(paths.logout, { ...options });
}
