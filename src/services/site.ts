import * as paths from '../../contract/paths/site';
import { type CallOptions, callApi } from './client';

/** Deployment facts for the footer and the login page (company name, ICP filing, SMS mode). */
export function siteInfo(options?: CallOptions) {
  return callApi(paths.site, { ...options });
}
