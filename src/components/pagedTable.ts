import type { ProTableProps } from '@ant-design/pro-components';
import type { TablePaginationConfig } from 'antd';
import { namedPageButtons } from './paginationNames';

type PagedTableProps = Pick<
  ProTableProps<Record<string, unknown>, Record<string, unknown>>,
  'onRequestError' | 'pagination' | 'search' | 'options' | 'scroll'
>;

/** A page of a paged API list (`{ list, total }`) as a ProTable `request` answers it. */
export function tablePage<T>({ list, total }: { list: T[]; total: number }) {
  return { data: list, total, success: true };
}

/**
 * What every table paged by the server shares: pages of `pageSize` from the server (with `paging` more, e.g. hiding
 * a lone page or showing the total), no filter form, no column settings, sideways scrolling on a phone.
 */
export function serverPagedProps(
  pageSize: number,
  paging: Omit<TablePaginationConfig, 'pageSize' | 'showSizeChanger'> = {},
): PagedTableProps {
  return {
    // The request error handler has already told the user; the table only stops loading.
    onRequestError: () => undefined,
    pagination: { pageSize, showSizeChanger: false, itemRender: namedPageButtons, ...paging },
    search: false,
    options: false,
    scroll: { x: 'max-content' },
  };
}

/** A table paged by the server (serverPagedProps) with a filter form above it and the form's two buttons. */
export function pagedTableProps(pageSize: number, buttons: { searchText: string; resetText: string }): PagedTableProps {
  return { ...serverPagedProps(pageSize), search: { labelWidth: 'auto', ...buttons } };
}
