import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { getIntl, history } from '@umijs/max';
import type { ReactNode } from 'react';
import AntdLocale from '@/components/AntdLocale';
import AppNotices from '@/components/AppNotices';
import Footer from '@/components/Footer';
import RightContent from '@/components/RightContent/lazy';
import { Forbidden, NotFound } from '@/components/StatusPages/lazy';
import { errorConfig } from '@/requestErrorConfig';
import { currentUser as fetchCurrentUser } from '@/services/auth';
import { isUnauthorized } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import { guardRedirect } from '@/utils/guard';
import { applyDocumentLocale, pickLocale } from '@/utils/locale';
import { removeServiceWorkers } from '@/utils/serviceWorker';
import { clearSession, readToken } from '@/utils/session';
import defaultSettings from '../config/defaultSettings';
import type { CurrentUser } from '../contract/auth';

export interface InitialState {
  currentUser?: CurrentUser;
  settings: typeof defaultSettings;
}

/** The current user is fetched whenever a token is stored; a stale token (401) is cleared, leaving no user. */
export async function getInitialState(): Promise<InitialState> {
  const settings = defaultSettings;
  if (!readToken()) return { settings };
  try {
    return { currentUser: await fetchCurrentUser({ ...handledHere, probeSession: true }), settings };
  } catch (error) {
    if (isUnauthorized(error)) clearSession();
    return { settings };
  }
}

/** The language: the stored choice, else the browser's if we translate it, else zh-CN (spec section 9). */
export const locale = {
  getLocale: () => pickLocale(localStorage.getItem('umi_locale'), navigator.language),
};

export function render(oldRender: () => void): void {
  const lang = locale.getLocale();
  applyDocumentLocale(lang, getIntl(lang).formatMessage({ id: 'app.title' }));
  removeServiceWorkers().catch(() => undefined);
  oldRender();
}

export function innerProvider(container: ReactNode) {
  return (
    <AntdLocale>
      {container}
      <AppNotices />
    </AntdLocale>
  );
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => ({
  ...initialState?.settings,
  title: getIntl().formatMessage({ id: 'app.title' }),
  logo: '/logo.svg',
  rightContentRender: () => <RightContent />,
  footerRender: () => <Footer />,
  unAccessible: <Forbidden />,
  noFound: <NotFound />,
  onPageChange: () => {
    const { pathname, search } = history.location;
    const target = guardRedirect(pathname, search, Boolean(initialState?.currentUser && readToken()));
    if (target) history.replace(target);
  },
});

export const request: RequestConfig = errorConfig;
