import type { ProTableProps } from '@ant-design/pro-components';
import type { TablePaginationConfig } from 'antd';
import { namedPageButtons } from './paginationNames';
import ScrollRegion, { type RegionName } from './ScrollRegion';

type PagedTableProps = Pick<
  ProTableProps<Record<string, unknown>, Record<string, unknown>>,
  'onRequestError' | 'pagination' | 'search' | 'options'
> & {
  // The table's props are not read, so one function serves tables of every row type.
  tableViewRender: (props: unknown, table: JSX.Element) => JSX.Element;
};

/** A page of a paged API list (`{ list, total }`) as a ProTable `request` answers it. */
export function tablePage<T>({ list, total }: { list: T[]; total: number }) {
  return { data: list, total, success: true };
}

/**
 * What every table paged by the server shares: pages of `pageSize` from the server (with `paging` more, e.g. hiding
 * a lone page or showing the total), no filter form, no column settings, and on a phone sideways scrolling inside a
 * region named `region` that the keyboard can focus (antd's own scrolling box cannot take the focus: axe's
 * scrollable-region-focusable).
 */
export function serverPagedProps(
  pageSize: number,
  region: RegionName,
  paging: Omit<TablePaginationConfig, 'pageSize' | 'showSizeChanger'> = {},
): PagedTableProps {
  return {
    // The request error handler has already told the user; the table only stops loading.
    onRequestError: () => undefined,
    pagination: { pageSize, showSizeChanger: false, itemRender: namedPageButtons, ...paging },
    search: false,
    options: false,
    tableViewRender: (_, table) => <ScrollRegion {...region}>{table}</ScrollRegion>,
  };
}

/** A table paged by the server (serverPagedProps) with a filter form above it and the form's two buttons. */
export function pagedTableProps(
  pageSize: number,
  region: RegionName,
  buttons: { searchText: string; resetText: string },
): PagedTableProps {
  return { ...serverPagedProps(pageSize, region), search: { labelWidth: 'auto', ...buttons } };
}
