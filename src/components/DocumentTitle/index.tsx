import { history, matchRoutes } from '@umijs/max';
import { useEffect, useState } from 'react';
import { useIntl } from '@/intl';
import routes, { type AppRoute } from '../../../config/routes';

type FormatMessage = (descriptor: { id: string }) => string;

/**
 * The tab title of a path: its route's name (`menu.<name>`) and the site's, "My Exams - 考试能力", so a screen reader
 * user (and anyone with many tabs) knows which page this is; the site's name alone where a route has none.
 */
export function pageTitle(pathname: string, formatMessage: FormatMessage): string {
  const site = formatMessage({ id: 'app.title' });
  const name = (matchRoutes(routes, pathname)?.at(-1)?.route as AppRoute | undefined)?.name;
  return name ? `${formatMessage({ id: `menu.${name}` })} - ${site}` : site;
}

/** Keeps document.title on the current page's title, in the current language, as the path or the language change. */
export default function DocumentTitle() {
  const intl = useIntl();
  const [pathname, setPathname] = useState(history.location.pathname);
  useEffect(() => history.listen(({ location }) => setPathname(location.pathname)), []);
  useEffect(() => {
    document.title = pageTitle(pathname, intl.formatMessage);
  }, [pathname, intl]);
  return null;
}
