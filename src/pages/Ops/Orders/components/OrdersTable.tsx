import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import { OrderStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { orders, ordersExport } from '@/services/ops';
import { maskPhone } from '@/utils/format';
import { ORDER_STATUSES, type OrderStatus } from '../../../../../contract/booking';
import type { OpsOrderFilters, OpsOrderRow } from '../../../../../contract/ops';
import { saveBlob } from '../../../Center/download';
import { opsFormat } from '../../components/money';
import OrderDrawer from './OrderDrawer';

const PAGE_SIZE = 20;

interface OrderSearch {
  phone?: string;
  orderId?: string;
  transactionId?: string;
  exam?: string;
  status?: OrderStatus;
  days?: [string, string];
}

/** The search form's values as the API's filters: blank fields left out. */
function filtersOf({ phone, orderId, transactionId, exam, status, days }: OrderSearch): OpsOrderFilters {
  const [from, to] = days ?? [];
  const filled = (value?: string) => value?.trim() || undefined;
  return {
    phone: filled(phone),
    orderId: filled(orderId),
    transactionId: filled(transactionId),
    exam: filled(exam),
    status,
    from,
    to,
  };
}

/** Orders found by the payer's phone, order id, transaction id, exam, status or days; each opens to its detail. */
export default function OrdersTable() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.${id}` }, values);
  const format = opsFormat(intl.locale);
  const table = useRef<ActionType>();
  const searched = useRef<OpsOrderFilters>({});
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportOrders = async () => {
    setExporting(true);
    try {
      saveBlob(await ordersExport(searched.current), 'orders.xlsx');
    } catch {
      // The app has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<OpsOrderRow>[] = [
    { title: text('search.phone'), dataIndex: 'phone', hideInTable: true, fieldProps: { maxLength: 32 } },
    { title: text('search.orderId'), dataIndex: 'orderId', hideInTable: true, fieldProps: { maxLength: 36 } },
    { title: text('search.days'), dataIndex: 'days', valueType: 'dateRange', hideInTable: true },
    {
      title: text('column.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      render: (_, row) => format.at(row.createdAt),
    },
    {
      title: text('column.payer'),
      dataIndex: 'payer',
      search: false,
      render: (_, row) => (
        <>
          <div>{row.payer.name || text('anonymized')}</div>
          <div>{row.payer.phone ? maskPhone(row.payer.phone) : null}</div>
        </>
      ),
    },
    {
      title: text('column.exam'),
      dataIndex: 'exam',
      fieldProps: { maxLength: 100, placeholder: text('search.exam.placeholder') },
      render: (_, row) => (
        <>
          <div>{intl.locale.startsWith('zh') ? row.exam.name.zh : row.exam.name.en}</div>
          <div style={{ fontFamily: 'monospace' }}>{row.exam.code}</div>
        </>
      ),
    },
    {
      title: text('column.total'),
      dataIndex: 'totalFen',
      search: false,
      render: (_, row) => format.money(row.totalFen),
    },
    {
      title: text('column.refunded'),
      dataIndex: 'refundedFen',
      search: false,
      render: (_, row) => format.money(row.refundedFen),
    },
    {
      title: text('column.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, { text: intl.formatMessage({ id: `status.order.${status}` }) }]),
      ),
      render: (_, row) => <OrderStatusTag status={row.status} />,
    },
    {
      title: text('column.transactionId'),
      dataIndex: 'transactionId',
      fieldProps: { maxLength: 64 },
      render: (_, row) => <span style={{ fontFamily: 'monospace' }}>{row.transactionId ?? '–'}</span>,
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, row) => (
        <Button
          size="small"
          onClick={() => setOpen(row.id)}
          aria-label={text('open.label', { exam: row.exam.code, payer: row.payer.name || text('anonymized') })}
        >
          {text('open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ProTable<OpsOrderRow, OrderSearch>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, ...search }) => {
          searched.current = filtersOf(search);
          return tablePage(await orders({ current, pageSize, ...searched.current }));
        }}
        toolBarRender={() => [
          <Button key="export" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportOrders}>
            {text('export')}
          </Button>,
        ]}
        {...pagedTableProps(
          PAGE_SIZE,
          { label: text('tab.orders') },
          { searchText: text('filter'), resetText: text('reset') },
        )}
        locale={{ emptyText: text('empty') }}
      />
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} onChanged={() => table.current?.reload()} />
    </>
  );
}
