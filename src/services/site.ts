import type { DataOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

/** Deployment facts for the footer and the login page (company name, ICP filing, SMS mode). */
export function siteInfo(options?: CallOptions) {
  return callApi<DataOf<'site'>>('/api/front/site', { method: 'GET', ...options });
}
