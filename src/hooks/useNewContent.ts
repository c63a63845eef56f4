import { useEventListener, useInterval } from 'ahooks';
import { useRef } from 'react';

const CHECK_EVERY_MS = 5 * 60_000;
/** Focus comes and goes often; one look per few seconds is enough (the spec's focus-refresh span). */
const MIN_GAP_MS = 5_000;

/** A script tag naming the main bundle: the boot loader's list of scripts (config/bootLoader.ts) or its own src. */
const UMI_SCRIPT = /<script[^>]*\s(?:src|data-scripts)="(?:[^"]*\s)?([^"\s]*\/umi(?:\.[\w-]+)?\.js)[\s"]/;

/**
 * The hashed name of the main bundle (/umi.3f2a1c.js) named by an index.html text, if any: in the boot loader's tag
 * in a production build, in a script tag of its own in development.
 */
export function umiScriptOf(html: string): string | null {
  return html.match(UMI_SCRIPT)?.[1] ?? null;
}

function loadedUmiScript(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[src*="/umi."]');
  return script ? script.getAttribute('src') : null;
}

/**
 * Calls `onNewContent` once when a newer build has been deployed: every five minutes and on window focus, the
 * current /index.html is fetched past every cache and its umi script name compared with the one this page runs.
 */
export function useNewContent(onNewContent: () => void): void {
  const lastCheck = useRef(0);
  const announced = useRef(false);

  const check = async () => {
    const loaded = loadedUmiScript();
    if (!loaded || announced.current || !navigator.onLine || Date.now() - lastCheck.current < MIN_GAP_MS) return;
    lastCheck.current = Date.now();
    try {
      const response = await fetch('/index.html', { cache: 'no-store' });
      const latest = response.ok ? umiScriptOf(await response.text()) : null;
      if (latest && latest !== loaded) {
        announced.current = true;
        onNewContent();
      }
    } catch {
      // Offline or server restarting: the next interval or focus tries again.
    }
  };

  useInterval(check, CHECK_EVERY_MS);
  useEventListener('focus', check, { target: () => window });
}
