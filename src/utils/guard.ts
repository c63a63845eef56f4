import routes, { type AppRoute } from '../../config/routes';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/home';
/** The operators' console: its own login (the public one offers no operator choice) and its first page. */
export const OPS_LOGIN_PATH = '/ops/login';
export const OPS_HOME_PATH = '/ops';

/**
 * Routes anyone may open (spec section 6), the error screen, certificate verification (whoever is shown a certificate
 * checks it there) and the sandbox wallet (opened on a phone by scanning a payment QR, where nobody is logged in).
 * Written as config/routes.ts writes them; a test holds every one to a route of the table.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/user/login',
  '/ops/login',
  '/home',
  '/home/risk',
  '/home/privacyPolicy',
  '/home/termsOfUse',
  '/exception',
  '/verify',
  '/pay/sandbox/:orderId',
]);

/** The router matches case-insensitively and ignores a trailing slash (/home/ is /home), so the guard does too. */
function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

const segmentsOf = (path: string) =>
  normalize(path)
    .split('/')
    .filter((segment) => segment !== '');

/** The table's routes as segments; `:name` takes any one segment, as in the router. The catch-all is the 404. */
const MATCHERS = routes
  .filter((route) => route.path !== '*')
  .map((route) => ({ route, segments: segmentsOf(route.path) }));

/** The route of config/routes.ts that `pathname` opens, or undefined when it is the 404 page. */
function routeOf(pathname: string): AppRoute | undefined {
  const segments = segmentsOf(pathname);
  return MATCHERS.find(
    (matcher) =>
      matcher.segments.length === segments.length &&
      matcher.segments.every((segment, index) => segment.startsWith(':') || segment === segments[index]),
  )?.route;
}

/** Unknown paths show the public 404 page; a redirect route only forwards to a route that is guarded itself. */
export function isPublicPath(pathname: string): boolean {
  const route = routeOf(pathname);
  return route === undefined || route.redirect !== undefined || PUBLIC_ROUTES.has(route.path);
}

export function isLoginPath(pathname: string): boolean {
  return [LOGIN_PATH, OPS_LOGIN_PATH].some((path) => normalize(pathname) === path);
}

/** The login that leads back to `pathname`: the console's pages ask for an operator's. */
export function loginUrlFor(pathname: string, search = ''): string {
  const login = segmentsOf(pathname)[0] === 'ops' ? OPS_LOGIN_PATH : LOGIN_PATH;
  return `${login}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Where the page guard sends a visitor, or null to let the page render. */
export function guardRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn || isPublicPath(pathname)) return null;
  return loginUrlFor(pathname, search);
}

/**
 * The in-app path to continue at after login. Only a same-origin path is accepted, so `?redirect=` can never send
 * the user to another site (`//evil.com`, `/\evil.com` and `https://evil.com` all end at /home, or `fallback`).
 */
export function safeRedirect(redirect: string | null | undefined, origin: string, fallback = HOME_PATH): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin || isLoginPath(url.pathname)) {
    return fallback;
  }
  return url.pathname + url.search + url.hash;
}
