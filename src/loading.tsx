import { createContext, useContext } from 'react';
import { mainShellFor, shellFor } from '../config/shell';

/** True inside the top layout, whose bar is already on screen: a page still loading shows only its page area's shell. */
export const InsideLayout = createContext(false);

/**
 * What shows while the user or a page's code is loading: the app shell that index.html painted (config/shell.ts), so
 * React's first render draws the same picture and nothing flashes or moves.
 */
export default function Loading() {
  const insideLayout = useContext(InsideLayout);
  const markup = (insideLayout ? mainShellFor : shellFor)(window.location.pathname);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own markup (config/shell.ts), no outside text.
  return <div aria-busy="true" dangerouslySetInnerHTML={{ __html: markup }} />;
}
