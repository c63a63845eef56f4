import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { namedPageButtons } from '../paginationNames';

/** A region's name: the id of the heading that names it, or the name itself where no heading shows it. */
export type RegionName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

/**
 * A region that scrolls sideways on a narrow screen (a wide table on a phone) and can take the keyboard's focus, so
 * someone without a pointer can scroll it with the arrow keys; named as `RegionName` says.
 */
export default function ScrollRegion({ labelledBy, label, children }: RegionName & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
    <section aria-labelledby={labelledBy} aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}

/** Twenty rows a page, and no pager when they fit on one. */
const PAGINATION = { pageSize: 20, hideOnSinglePage: true, showSizeChanger: false, itemRender: namedPageButtons };

/** A small read-only table named by its heading, in a ScrollRegion, twenty rows a page. */
export function RegionTable<T extends object>({
  labelledBy,
  ...table
}: { labelledBy: string } & Pick<TableProps<T>, 'rowKey' | 'columns' | 'dataSource' | 'locale'>) {
  return (
    <ScrollRegion labelledBy={labelledBy}>
      <Table<T> aria-labelledby={labelledBy} size="small" pagination={PAGINATION} {...table} />
    </ScrollRegion>
  );
}
