import type { BodyOf, DataOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

export function sendOtp(body: BodyOf<'sendOtp'>, options?: CallOptions) {
  return callApi<DataOf<'sendOtp'>>('/api/front/otp', { method: 'POST', data: body, ...options });
}

export function login(body: BodyOf<'login'>, options?: CallOptions) {
  return callApi<DataOf<'login'>>('/api/front/login', { method: 'POST', data: body, ...options });
}

export function currentUser(options?: CallOptions) {
  return callApi<DataOf<'currentUser'>>('/api/front/currentUser', { method: 'GET', ...options });
}

export function logout(options?: CallOptions) {
  return callApi<DataOf<'logout'>>('/api/front/logout', { method: 'POST', ...options });
}
