import type { ReactNode } from 'react';

/**
 * A region that scrolls sideways on a narrow screen (a wide table on a phone) and can take the keyboard's focus, so
 * someone without a pointer can scroll it with the arrow keys; named by the heading `labelledBy` points at.
 */
export default function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
    <section aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
