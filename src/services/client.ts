import { request } from '@umijs/max';
import { BizError } from '@/utils/bizError';
import type { Envelope } from '../../contract/envelope';

/**
 * What a page may ask of a call: skip the global error display (it shows its own) or cancel it. A 401 ends the
 * session and asks for a login either way, except for `probeSession`, the start-up check of a stored token.
 */
export interface CallOptions {
  skipErrorHandler?: boolean;
  probeSession?: boolean;
  signal?: AbortSignal;
}

interface CallInit extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  data?: object;
  params?: object;
  headers?: Record<string, string>;
}

/** One typed API call: returns the envelope's `data`, throws a BizError for a failure envelope. */
export async function callApi<T>(url: string, init: CallInit): Promise<T> {
  const envelope = await request<Envelope<T>>(url, init);
  if (!envelope.success) throw new BizError(envelope);
  return envelope.data;
}
