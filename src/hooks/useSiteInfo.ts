import { useRequest } from 'ahooks';
import { siteInfo } from '@/services/site';
import { handledHere } from '@/utils/failure';

/** Deployment facts, fetched once per page load and shared (footer and login page both read them). */
export function useSiteInfo() {
  // The footer must not pop error messages when the server is unreachable; the page's own calls report that.
  return useRequest(() => siteInfo(handledHere), { cacheKey: 'site-info', staleTime: -1 }).data;
}
