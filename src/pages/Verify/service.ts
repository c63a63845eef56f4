import { type CallOptions, callApi } from '@/services/client';
import type { DataOf } from '../../../contract/api';

/** What a certificate number proves (public, rate limited). */
export function verifyCertificate(number: string, options?: CallOptions) {
  return callApi<DataOf<'verifyCertificate'>>(`/api/verify/${encodeURIComponent(number)}`, {
    method: 'GET',
    ...options,
  });
}
