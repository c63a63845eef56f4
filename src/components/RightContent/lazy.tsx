import { lazy, Suspense } from 'react';

// The header's buttons bring antd's Avatar and Badge (their menus arrive later still: useMenuOnFirstUse); only pages
// inside the layout show them, so the login page's first load goes without.
const LazyRightContent = lazy(() => import('./index'));

export default function RightContent() {
  return (
    <Suspense fallback={null}>
      <LazyRightContent />
    </Suspense>
  );
}
