import { Card, Grid, List, Skeleton, type TableColumnsType, type TableProps } from 'antd';
import { type Key, lazy, type ReactNode, Suspense } from 'react';
import LoadState from '@/components/LoadState';

// The table (rc-table with its selection, filter and sort parts: 52 KB gzipped) is loaded only where it is drawn, on a
// wide screen; a phone draws cards. lazy() forgets the row type parameter, which the cast gives back.
const Table = lazy(() => import('antd/es/table')) as unknown as <T>(props: TableProps<T>) => ReactNode;

interface ResponsiveListProps<T> {
  /** The state of the load (hooks/usePagedList answers these). */
  list: T[];
  total: number;
  current: number;
  pageSize: number;
  setCurrent: (current: number) => void;
  loading: boolean;
  error: unknown;
  retry: () => void;
  rowKey: (item: T) => Key;
  /** The table's columns on a wide screen. */
  columns: TableColumnsType<T>;
  /** One item as a card on a phone: its name as the title, its facts, and its actions right under them. */
  card: (item: T) => { title: ReactNode; body: ReactNode; actions?: ReactNode };
  emptyText: ReactNode;
  /** What could not be loaded, when the list says more than the common title. */
  failedTitle?: ReactNode;
  /** Pagination's "N in all", when the list says it. */
  showTotal?: (total: number) => ReactNode;
  /** The row is a large target for the mouse (keyboard and screen-reader users have a link in it). */
  onRowClick?: (item: T) => void;
}

/**
 * A list the server pages, as a table on a wide screen and as cards on a phone (narrower than antd's `sm`, 576 px),
 * where every action stands beside the item it acts on and nothing needs a sideways swipe. Loading, empty and failed
 * (with Retry) are three different states.
 */
export default function ResponsiveList<T extends object>(props: ResponsiveListProps<T>) {
  const { list, total, current, pageSize, setCurrent, loading, error, retry, rowKey, columns, card } = props;
  const wide = Grid.useBreakpoint().sm === true;
  const pagination =
    total > pageSize
      ? { current, pageSize, total, onChange: setCurrent, showSizeChanger: false, showTotal: props.showTotal }
      : false;
  const content = wide ? (
    <Suspense fallback={<Skeleton active />}>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={list}
        pagination={pagination}
        onRow={
          props.onRowClick
            ? (item) => ({ onClick: () => props.onRowClick?.(item), style: { cursor: 'pointer' } })
            : undefined
        }
      />
    </Suspense>
  ) : (
    <List<T>
      dataSource={list}
      rowKey={rowKey}
      pagination={pagination ? { ...pagination, size: 'small', align: 'center' } : false}
      renderItem={(item) => {
        const { title, body, actions } = card(item);
        return (
          <List.Item
            className="responsive-list-card"
            style={{ display: 'block', borderBlockEnd: 'none', paddingBlock: 6 }}
          >
            <Card
              size="small"
              title={title}
              styles={{ header: { whiteSpace: 'normal' }, title: { whiteSpace: 'normal' } }}
            >
              {body}
              {actions ? <div style={{ marginTop: 12 }}>{actions}</div> : null}
            </Card>
          </List.Item>
        );
      }}
    />
  );
  return (
    <LoadState
      loading={loading}
      error={error}
      empty={list.length === 0 && total === 0}
      emptyText={props.emptyText}
      failedTitle={props.failedTitle}
      onRetry={retry}
    >
      {content}
    </LoadState>
  );
}
