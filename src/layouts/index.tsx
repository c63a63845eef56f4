import { history, Link, Outlet, useAccess, useLocation, useModel, useSelectedRoutes } from '@umijs/max';
import { useEffect } from 'react';
import Footer from '@/components/Footer';
import Logo from '@/components/Logo';
import RightContent from '@/components/RightContent/lazy';
import { Forbidden } from '@/components/StatusPages/lazy';
import { useIntl } from '@/intl';
import { InsideLayout } from '@/loading';
import { guardRedirect } from '@/utils/guard';
import { readToken } from '@/utils/session';

type Access = ReturnType<typeof useAccess> & Record<string, boolean | undefined>;

/**
 * The top layout of spec sections 2 and 9 around every route but login and the sandbox wallet: a fixed top bar (logo,
 * title, the user's menu in RightContent), the page at a fixed width, the footer. A route whose access rule
 * (src/access.ts) refuses the user shows the 403 page; the guard sends a visitor on a private page to login. Its
 * classes are styled in the document head (config/shell.ts), which paints the same bar before the app has loaded.
 */
export default function AppLayout() {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const { initialState, loading } = useModel('@@initialState');
  const access = useAccess() as Access;
  const route = useSelectedRoutes().at(-1)?.route as { access?: string } | undefined;
  const refused = route?.access !== undefined && !access[route.access];
  const loggedIn = Boolean((initialState?.currentUser || initialState?.sessionUnchecked) && readToken());

  useEffect(() => {
    // Until the session is checked the user is unknown, not logged out: a redirect now would lose the page.
    if (loading) return;
    const target = guardRedirect(pathname, search, loggedIn);
    if (target) history.replace(target);
  }, [pathname, search, loggedIn, loading]);

  return (
    <div className="app-frame">
      <header className="app-header">
        <div className="app-header-inner">
          <Link to="/home" className="app-brand">
            <Logo size={28} />
            <span>{intl.formatMessage({ id: 'app.title' })}</span>
          </Link>
          <RightContent />
        </div>
      </header>
      <main className="app-main">
        <InsideLayout.Provider value={true}>{refused ? <Forbidden /> : <Outlet />}</InsideLayout.Provider>
      </main>
      <Footer />
    </div>
  );
}
