import { useEffect, useRef } from 'react';

/**
 * Loads again what failed once the browser says the connection is back (the `online` event), so a candidate who walked
 * out of a dead spot sees the page fill in without looking for Retry. Nothing happens while nothing has failed.
 */
export function useReloadOnline(failed: boolean, reload: () => void): void {
  const latest = useRef({ failed, reload });
  latest.current = { failed, reload };
  useEffect(() => {
    const onOnline = () => {
      if (latest.current.failed) latest.current.reload();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
