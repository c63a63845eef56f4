import type { ProTableProps } from '@ant-design/pro-components';

/** A page of an /api/ops list as a ProTable `request` answers it. */
export function tablePage<T>({ list, total }: { list: T[]; total: number }) {
  return { data: list, total, success: true };
}

/**
 * What every console table with server paging and a filter form shares: pages of `pageSize` from the server, the
 * filter form's two buttons, no column settings, sideways scrolling on a phone.
 */
export function pagedTableProps(
  pageSize: number,
  buttons: { searchText: string; resetText: string },
): Pick<
  ProTableProps<Record<string, unknown>, Record<string, unknown>>,
  'onRequestError' | 'pagination' | 'search' | 'options' | 'scroll'
> {
  return {
    // The request error handler has already told the user; the table only stops loading.
    onRequestError: () => undefined,
    pagination: { pageSize, showSizeChanger: false },
    search: { labelWidth: 'auto', ...buttons },
    options: false,
    scroll: { x: 'max-content' },
  };
}
