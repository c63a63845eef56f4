import { Card, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import ScrollRegion from '@/components/ScrollRegion';
import { useIntl } from '@/intl';

interface ChartCardProps<T> {
  id: string;
  title: string;
  /** Drawn on a canvas, which a screen reader cannot read: the same figures follow as a table. */
  chart: ReactNode;
  columns: TableColumnsType<T>;
  rows: T[];
  rowKey: keyof T & string;
  /** What is said instead of an empty chart. */
  empty: string;
}

/** A chart under its heading, and its figures as a table (folded away, for keyboards and screen readers). */
export default function ChartCard<T extends object>({
  id,
  title,
  chart,
  columns,
  rows,
  rowKey,
  empty,
}: ChartCardProps<T>) {
  const intl = useIntl();
  const tableId = `${id}-table`;
  return (
    <Card
      size="small"
      title={
        <h2 id={id} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </h2>
      }
    >
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <div aria-hidden="true">{chart}</div>
          <details>
            <summary id={tableId}>{intl.formatMessage({ id: 'pages.ops.dashboard.asTable' }, { title })}</summary>
            <ScrollRegion labelledBy={tableId}>
              <Table<T>
                aria-labelledby={id}
                size="small"
                rowKey={rowKey}
                columns={columns}
                dataSource={rows}
                pagination={false}
              />
            </ScrollRegion>
          </details>
        </>
      )}
    </Card>
  );
}
