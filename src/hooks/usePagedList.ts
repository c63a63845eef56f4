import { useRequest } from 'ahooks';
import { useDeferredValue, useState } from 'react';
import type { CallOptions } from '@/services/client';
import { handledHere } from '@/utils/failure';
import { useReloadOnline } from './useReloadOnline';

const NO_FILTERS = {};

interface Page<T> {
  list: T[];
  total: number;
}

/**
 * One page at a time of a list the server pages, loaded with `handledHere` so its failure is the page's to show (in
 * place, with a retry: components/LoadState) rather than a toast beside an empty list. A change of `filters` starts
 * again at page 1; a failure is reloaded when the connection comes back.
 */
export function usePagedList<T, F extends object = Record<string, never>>(
  fetchPage: (query: F & { current: number; pageSize: number }, options: CallOptions) => Promise<Page<T>>,
  pageSize: number,
  filters: F = NO_FILTERS as F,
) {
  const [page, setPage] = useState({ current: 1, filters });
  // A new filter object starts at page 1, set during render so no request goes out for the old page.
  if (page.filters !== filters) setPage({ current: 1, filters });
  const { data, loading, error, refresh } = useRequest(
    () => fetchPage({ ...page.filters, current: page.current, pageSize }, handledHere),
    { refreshDeps: [page], loadingDelay: 0 },
  );
  useReloadOnline(Boolean(error), refresh);
  // The rows that arrived are drawn in a transition (React renders it in slices, so a phone can still paint and
  // answer a tap); until then the list still reads as loading.
  const arrived = !loading && !error ? data : undefined;
  const drawn = useDeferredValue(arrived);
  return {
    /** The rows of the page asked for last; none while it loads or after it failed. */
    list: drawn?.list ?? [],
    total: data?.total ?? 0,
    loading: loading || drawn !== arrived,
    error,
    retry: refresh,
    current: page.current,
    pageSize,
    setCurrent: (current: number) => setPage((shown) => ({ ...shown, current })),
  };
}
