import type { RequestConfig } from '@umijs/max';
import { type ReactNode, startTransition } from 'react';
import AntdConfig from '@/components/AntdConfig';
import AppNotices from '@/components/AppNotices';
import DocumentTitle from '@/components/DocumentTitle';
import MountInTransition from '@/components/MountInTransition';
import { getIntl, getLocale, IntlRoot } from '@/intl';
import { errorConfig } from '@/requestErrorConfig';
import { currentUser as fetchCurrentUser } from '@/services/auth';
import { isUnauthorized } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import { applyDocumentLocale } from '@/utils/locale';
import { removeServiceWorkers } from '@/utils/serviceWorker';
import { clearSession, readToken } from '@/utils/session';
import { primeSiteInfo } from '@/utils/siteInfo';
import defaultSettings from '../config/defaultSettings';
import type { CurrentUser } from '../contract/auth';

export interface InitialState {
  currentUser?: CurrentUser;
  /**
   * A token is stored but the start-up check of it failed for a reason other than a 401 (no network, a server
   * error): the session is kept, unchecked, so a saved ticket still opens offline and the guard lets the pages try.
   */
  sessionUnchecked?: boolean;
  settings: typeof defaultSettings;
}

/**
 * The current user is fetched whenever a token is stored; a stale token (401) is cleared, leaving no user. Any other
 * failure keeps the session unchecked and starts the app again once the browser is back online.
 */
async function loadCurrentUser(): Promise<Pick<InitialState, 'currentUser' | 'sessionUnchecked'>> {
  if (!readToken()) return {};
  try {
    return { currentUser: await fetchCurrentUser({ ...handledHere, probeSession: true }) };
  } catch (error) {
    if (isUnauthorized(error)) {
      clearSession();
      return {};
    }
    window.addEventListener('online', () => window.location.reload(), { once: true });
    return { sessionUnchecked: true };
  }
}

/** How long the first render waits for the deployment facts; the page's code takes longer to arrive on a phone. */
const SITE_INFO_WAIT_MS = 1000;

export async function getInitialState(): Promise<InitialState> {
  const [session] = await Promise.all([loadCurrentUser(), primeSiteInfo(SITE_INFO_WAIT_MS)]);
  return { ...session, settings: defaultSettings };
}

export function render(oldRender: () => void): void {
  const lang = getLocale();
  applyDocumentLocale(lang, getIntl(lang).formatMessage({ id: 'app.title' }));
  removeServiceWorkers().catch(() => undefined);
  // A task of its own: Umi's start (history, routes, the React root) no longer lengthens the task that evaluated the
  // whole bundle. A transition, as MountInTransition's: React renders the first screen in slices, not one long task.
  setTimeout(() => startTransition(oldRender));
}

export function innerProvider(container: ReactNode) {
  return (
    <IntlRoot>
      <AntdConfig>
        <MountInTransition>{container}</MountInTransition>
        <AppNotices />
        <DocumentTitle />
      </AntdConfig>
    </IntlRoot>
  );
}

export const request: RequestConfig = errorConfig;
