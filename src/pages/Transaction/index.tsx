import { history, Link } from '@umijs/max';
import { Card, Descriptions, type TableColumnsType } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { REFUND_TEXTS, RefundTotalsNote } from '@/components/RefundNote';
import ResponsiveList from '@/components/ResponsiveList';
import { OrderStatusTag, STATUS_TEXTS } from '@/components/StatusTag';
import { usePagedList } from '@/hooks/usePagedList';
import { useIntl } from '@/intl';
import enTransaction from '@/locales/en-US/transaction';
import zhTransaction from '@/locales/zh-CN/transaction';
import { transactions } from '@/services/booking';
import type { Transaction } from '../../../contract/booking';
import { formatFen, formatInZone, pickText } from '../../../contract/format';

const PAGE_SIZE = 10;
/** A paid (or since refunded) order opens its receipt page; any other its payment state. */
const receiptOf = (row: Transaction) =>
  row.paymentDate && (row.status === 'paid' || row.status === 'refunded')
    ? `/home/transaction/${encodeURIComponent(row.orderId)}/receipt`
    : `/home/ticket?orderId=${encodeURIComponent(row.orderId)}`;

/** My Transaction: my orders, newest first, paged by the server; each opens its receipt. */
function TransactionPage() {
  const intl = useIntl();
  const { locale } = intl;
  const title = (id: string) => intl.formatMessage({ id: `pages.transaction.column.${id}` });
  const money = (fen: number) => formatFen(fen, locale);
  const page = usePagedList(transactions, PAGE_SIZE);
  const paidOn = (row: Transaction) =>
    row.paymentDate
      ? formatInZone(row.paymentDate, undefined)
      : intl.formatMessage({ id: 'pages.transaction.notPaid' });
  const status = (row: Transaction) => (
    <>
      <OrderStatusTag status={row.status} />
      <RefundTotalsNote totals={row} />
    </>
  );
  const receipt = (row: Transaction) => (
    <Link
      to={receiptOf(row)}
      aria-label={intl.formatMessage({ id: 'pages.transaction.receiptOf' }, { exam: pickText(row.examName, locale) })}
      onClick={(event) => event.stopPropagation()}
    >
      {intl.formatMessage({ id: 'pages.transaction.receipt' })}
    </Link>
  );
  const columns: TableColumnsType<Transaction> = [
    { title: title('paymentDate'), key: 'paymentDate', render: (_, row) => paidOn(row) },
    { title: title('transactionId'), key: 'transactionId', render: (_, row) => row.transactionId ?? '–' },
    { title: title('examName'), key: 'examName', render: (_, row) => pickText(row.examName, locale) },
    { title: title('unitPrice'), key: 'unitPrice', align: 'right', render: (_, row) => money(row.unitPriceFen) },
    { title: title('quantity'), dataIndex: 'quantity', align: 'right' },
    { title: title('total'), key: 'total', align: 'right', render: (_, row) => money(row.totalFen) },
    { title: title('status'), key: 'status', render: (_, row) => status(row) },
    { title: title('receipt'), key: 'receipt', render: (_, row) => receipt(row) },
  ];
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.transaction.title' })}</h1>}>
      <ResponsiveList<Transaction>
        {...page}
        rowKey={(row) => row.orderId}
        columns={columns}
        onRowClick={(row) => history.push(receiptOf(row))}
        emptyText={intl.formatMessage({ id: 'pages.transaction.empty' })}
        card={(row) => ({
          title: pickText(row.examName, locale),
          body: (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={title('paymentDate')}>{paidOn(row)}</Descriptions.Item>
              <Descriptions.Item label={title('transactionId')}>{row.transactionId ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={title('unitPrice')}>
                {money(row.unitPriceFen)} × {row.quantity}
              </Descriptions.Item>
              <Descriptions.Item label={title('total')}>{money(row.totalFen)}</Descriptions.Item>
              <Descriptions.Item label={title('status')}>{status(row)}</Descriptions.Item>
            </Descriptions>
          ),
          actions: receipt(row),
        })}
      />
    </Card>
  );
}

export default withPageTexts(
  TransactionPage,
  { 'en-US': enTransaction, 'zh-CN': zhTransaction },
  STATUS_TEXTS,
  REFUND_TEXTS,
);
