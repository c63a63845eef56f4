import { z } from 'zod';
import { localizedText } from './common';

/** Deployment facts the footer and login page show; set by the operator's environment, not in code. */
export const siteInfo = z.object({
  companyName: localizedText,
  /** The ICP filing number shown in the footer (empty when the deployment has none). */
  filingNumber: z.string(),
  /** Where the filing number links to (the MIIT lookup), empty for no link. */
  filingUrl: z.string(),
  /** True when one-time codes are printed to the server console instead of sent (local development only). */
  smsToConsole: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfo>;
