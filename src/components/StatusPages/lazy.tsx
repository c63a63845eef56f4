import { lazy, Suspense } from 'react';

// The layout needs this only when a page is refused; loading it on demand keeps antd's Result out of every first load.
const LazyForbidden = lazy(() => import('./index').then((module) => ({ default: module.Forbidden })));

export function Forbidden() {
  return (
    <Suspense fallback={null}>
      <LazyForbidden />
    </Suspense>
  );
}
