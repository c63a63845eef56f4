/**
 * The page documents' loader of the app (production builds; config/shellPlugin.ts writes it as boot.<hash>.js and
 * puts it where the scripts were). The document paints its shell first, and only then does the loader fetch the
 * scripts and antd's first-screen stylesheet, so the shell never waits for them: fetched by the document itself, on a
 * fast connection the browser could run umi.js before painting anything (and Lighthouse then counted the app's whole
 * download in the largest paint). The document has no stylesheet to wait for (Umi's own CSS is written into it), so
 * the paint comes as soon as the document is parsed, and the fetches start once the browser reports that paint (the
 * first contentful paint; 3 s at the latest, in case it never does).
 *
 * What it loads is in its data attributes: `data-now` the scripts that run as soon as they arrive (Umi's route preload
 * helper, which only starts the page's chunk downloads), `data-styles` the stylesheets, inserted where the loader
 * stands, and `data-scripts` the scripts that run, in order, once the stylesheets are in (antd's runtime reads its map
 * from them on its first render; one that fails to load only means the runtime writes those styles itself). A tab
 * opened in the background loads at once: it paints nothing until it is shown; so does a browser that reports no
 * paints.
 *
 * It is ES2020 for the browsers of .umirc.ts `targets`, kept as text because the build copies it as it is.
 */
import { createHash } from 'node:crypto';

const SOURCE = `(() => {
  const loader = document.currentScript;
  const list = (name) => (loader.dataset[name] || '').split(' ').filter(Boolean);
  const create = (tag, props) => Object.assign(document.createElement(tag), props);
  const run = (src) => document.body.append(create('script', { src, async: false }));
  const start = () => {
    list('now').forEach(run);
    const later = list('scripts');
    for (const href of later) document.head.append(create('link', { rel: 'preload', as: 'script', href }));
    const styles = list('styles');
    let waiting = styles.length + 1;
    const arrived = () => {
      waiting -= 1;
      if (waiting === 0) later.forEach(run);
    };
    for (const href of styles) loader.before(create('link', { rel: 'stylesheet', href, onload: arrived, onerror: arrived }));
    arrived();
  };
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('paint')) once();
  else {
    new PerformanceObserver((paints, observer) => {
      if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(once, 3000);
  }
})();
`;

/** The loader as the build writes it: content-hashed, so cached for good like the scripts it loads. */
export const BOOT_LOADER = {
  file: `boot.${createHash('sha256').update(SOURCE).digest('hex').slice(0, 8)}.js`,
  content: SOURCE,
};

/** What the loader loads, as config/shellPlugin.ts reads it off Umi's document. */
export interface BootAssets {
  now: string[];
  styles: string[];
  scripts: string[];
}

/** The loader's tag, in place of the document's scripts. */
export function bootTag({ now, styles, scripts }: BootAssets): string {
  const data = Object.entries({ now, styles, scripts })
    .filter(([, urls]) => urls.length > 0)
    .map(([name, urls]) => ` data-${name}="${urls.join(' ')}"`)
    .join('');
  return `<script src="/${BOOT_LOADER.file}"${data} async></script>`;
}
