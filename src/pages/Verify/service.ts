import { type CallOptions, callApi } from '@/services/client';
import * as paths from '../../../contract/paths/verify';

/** What a certificate number proves (public, rate limited). */
export function verifyCertificate(number: string, options?: CallOptions) {
  return callApi(paths.verifyCertificate, { path: { number }, ...options });
}
