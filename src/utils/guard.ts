import routes from '../../config/routes';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/home';

/**
 * Paths anyone may open (spec section 6), the error screen, and certificate verification (whoever is shown a
 * certificate checks it there). Unknown paths show the public 404 page.
 */
const PUBLIC_PATHS = new Set(
  ['/user/login', '/home', '/home/risk', '/home/privacyPolicy', '/home/termsOfUse', '/exception', '/verify'].map(
    (path) => path.toLowerCase(),
  ),
);

const KNOWN_PATHS = new Set(routes.filter((route) => route.path !== '*').map((route) => route.path.toLowerCase()));

/** The router matches case-insensitively and ignores a trailing slash (/home/ is /home), so the guard does too. */
function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

/** The sandbox wallet is opened on a phone by scanning a payment QR, where nobody is logged in. */
const PUBLIC_PREFIXES = ['/pay/sandbox/'];

export function isPublicPath(pathname: string): boolean {
  const path = normalize(pathname);
  return PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) || !KNOWN_PATHS.has(path);
}

export function loginUrlFor(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Where the page guard sends a visitor, or null to let the page render. */
export function guardRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn || isPublicPath(pathname)) return null;
  return loginUrlFor(pathname, search);
}

/**
 * The in-app path to continue at after login. Only a same-origin path is accepted, so `?redirect=` can never send
 * the user to another site (`//evil.com`, `/\evil.com` and `https://evil.com` all end at /home).
 */
export function safeRedirect(redirect: string | null | undefined, origin: string): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return HOME_PATH;
  }
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== new URL(origin).origin || normalize(url.pathname) === LOGIN_PATH.toLowerCase()) {
    return HOME_PATH;
  }
  return url.pathname + url.search + url.hash;
}
