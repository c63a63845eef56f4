import { siteInfo } from '@/services/site';
import { handledHere } from '@/utils/failure';
import { waitAtMost } from '@/utils/waitAtMost';
import type { SiteInfo } from '../../contract/site';

let primed: SiteInfo | undefined;

/**
 * Fetches the deployment facts before the app's first render (src/app.tsx), waiting at most `waitMs`: the login page's
 * SMS note appearing later pushed the card down (Lighthouse counted a layout shift of 0.15), but a slow server must
 * not hold the app back. Kept apart from useSiteInfo, whose ahooks would otherwise join the app's first script.
 */
export async function primeSiteInfo(waitMs: number): Promise<void> {
  const fetched = siteInfo(handledHere).then(
    (info) => {
      primed = info;
    },
    () => undefined,
  );
  await waitAtMost(fetched, waitMs);
}

/** The facts primeSiteInfo fetched, if they arrived. */
export const primedSiteInfo = (): SiteInfo | undefined => primed;
