import { useRequest } from 'ahooks';
import { siteInfo } from '@/services/site';

/** Deployment facts, fetched once per page load and shared (footer and login page both read them). */
export function useSiteInfo() {
  // The footer must not pop error messages when the server is unreachable; the page's own calls report that.
  return useRequest(() => siteInfo({ skipErrorHandler: true }), { cacheKey: 'site-info', staleTime: -1 }).data;
}
