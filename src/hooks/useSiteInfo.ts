import { useRequest } from 'ahooks';
import { siteInfo } from '@/services/site';
import { handledHere } from '@/utils/failure';
import { primedSiteInfo } from '@/utils/siteInfo';
import type { SiteInfo } from '../../contract/site';

/** Deployment facts, fetched once per page load and shared (footer and login page both read them). */
export function useSiteInfo(): SiteInfo | undefined {
  const primed = primedSiteInfo();
  // The footer must not pop error messages when the server is unreachable; the page's own calls report that.
  const fetched = useRequest(() => siteInfo(handledHere), {
    cacheKey: 'site-info',
    staleTime: -1,
    manual: primed !== undefined,
  }).data;
  return primed ?? fetched;
}
