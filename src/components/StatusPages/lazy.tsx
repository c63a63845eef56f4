import { lazy, Suspense } from 'react';

// The layout needs these only when a page is refused or missing; loading them on demand keeps antd's Result out of
// every first load.
const LazyForbidden = lazy(() => import('./index').then((module) => ({ default: module.Forbidden })));
const LazyNotFound = lazy(() => import('./index').then((module) => ({ default: module.NotFound })));

export function Forbidden() {
  return (
    <Suspense fallback={null}>
      <LazyForbidden />
    </Suspense>
  );
}

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}
