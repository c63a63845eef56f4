import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { history, Link, useIntl } from '@umijs/max';
import { Empty } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { REFUND_TEXTS, RefundTotalsNote } from '@/components/RefundNote';
import { OrderStatusTag, STATUS_TEXTS } from '@/components/StatusTag';
import enTransaction from '@/locales/en-US/transaction';
import zhTransaction from '@/locales/zh-CN/transaction';
import { transactions } from '@/services/booking';
import type { Transaction } from '../../../contract/booking';
import { formatFen, formatInZone, pickText } from '../../../contract/format';

const PAGE_SIZE = 10;
const receiptOf = (row: Transaction) => `/home/ticket?orderId=${encodeURIComponent(row.orderId)}`;

/** My Transaction: my orders, newest first, paged by the server; each opens its receipt. */
function TransactionPage() {
  const intl = useIntl();
  const { locale } = intl;
  const title = (id: string) => intl.formatMessage({ id: `pages.transaction.column.${id}` });
  const money = (fen: number) => formatFen(fen, locale);
  const columns: ProColumns<Transaction>[] = [
    {
      title: title('paymentDate'),
      dataIndex: 'paymentDate',
      render: (_, row) =>
        row.paymentDate
          ? formatInZone(row.paymentDate, undefined)
          : intl.formatMessage({ id: 'pages.transaction.notPaid' }),
    },
    { title: title('transactionId'), dataIndex: 'transactionId', render: (_, row) => row.transactionId ?? '–' },
    { title: title('examName'), dataIndex: 'examName', render: (_, row) => pickText(row.examName, locale) },
    {
      title: title('unitPrice'),
      dataIndex: 'unitPriceFen',
      align: 'right',
      render: (_, row) => money(row.unitPriceFen),
    },
    { title: title('quantity'), dataIndex: 'quantity', align: 'right' },
    { title: title('total'), dataIndex: 'totalFen', align: 'right', render: (_, row) => money(row.totalFen) },
    {
      title: title('status'),
      dataIndex: 'status',
      render: (_, row) => (
        <>
          <OrderStatusTag status={row.status} />
          <RefundTotalsNote totals={row} />
        </>
      ),
    },
    {
      title: title('receipt'),
      dataIndex: 'orderId',
      render: (_, row) => (
        <Link
          to={receiptOf(row)}
          aria-label={intl.formatMessage(
            { id: 'pages.transaction.receiptOf' },
            { exam: pickText(row.examName, locale) },
          )}
          onClick={(event) => event.stopPropagation()}
        >
          {intl.formatMessage({ id: 'pages.transaction.receipt' })}
        </Link>
      ),
    },
  ];
  return (
    <ProTable<Transaction>
      headerTitle={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.transaction.title' })}</h1>}
      rowKey="orderId"
      columns={columns}
      {...serverPagedProps(PAGE_SIZE)}
      request={async ({ current = 1, pageSize = PAGE_SIZE }) => tablePage(await transactions({ current, pageSize }))}
      // The row is a large target for the mouse; keyboard and screen-reader users have the receipt link.
      onRow={(row) => ({ onClick: () => history.push(receiptOf(row)), style: { cursor: 'pointer' } })}
      locale={{ emptyText: <Empty description={intl.formatMessage({ id: 'pages.transaction.empty' })} /> }}
    />
  );
}

export default withPageTexts(
  TransactionPage,
  { 'en-US': enTransaction, 'zh-CN': zhTransaction },
  STATUS_TEXTS,
  REFUND_TEXTS,
);
