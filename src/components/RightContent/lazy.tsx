import { lazy, Suspense } from 'react';

// The header's menus bring antd's Dropdown, Menu, Avatar and Tooltip (and, through them, rc-field-form); only pages
// inside the layout show them, so the login page's first load goes without.
const LazyRightContent = lazy(() => import('./index'));

export default function RightContent() {
  return (
    <Suspense fallback={null}>
      <LazyRightContent />
    </Suspense>
  );
}
