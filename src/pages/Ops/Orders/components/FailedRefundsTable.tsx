import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { failedRefunds, retryRefund } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { maskPhone } from '@/utils/format';
import type { OpsFailedRefund } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';

const PAGE_SIZE = 20;

/** Refunds the provider refused for good, the longest owed first: why it failed, and a retry. */
export default function FailedRefundsTable() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.failed.${id}` }, values);
  const format = opsFormat(intl.locale);
  const table = useRef<ActionType>();

  const retry = async (refund: OpsFailedRefund) => {
    try {
      const retried = await retryRefund(refund.id);
      const state = intl.formatMessage({ id: `pages.ops.refundState.${retried.state}` });
      feedback.message.success(text('retry.done', { amount: format.money(retried.amountFen), state }));
    } catch {
      // The request error handler has already said why.
      return;
    }
    table.current?.reload();
  };

  const columns: ProColumns<OpsFailedRefund>[] = [
    { title: text('column.requestedAt'), key: 'requestedAt', render: (_, refund) => format.at(refund.requestedAt) },
    {
      title: text('column.payer'),
      key: 'payer',
      render: (_, refund) => (
        <>
          <div>{refund.order.payer.name || intl.formatMessage({ id: 'pages.ops.orders.anonymized' })}</div>
          <div>{refund.order.payer.phone ? maskPhone(refund.order.payer.phone) : null}</div>
        </>
      ),
    },
    { title: text('column.exam'), key: 'exam', render: (_, refund) => refund.order.exam.code },
    { title: text('column.amount'), key: 'amount', render: (_, refund) => format.money(refund.amountFen) },
    {
      title: text('column.reason'),
      key: 'reason',
      render: (_, refund) => intl.formatMessage({ id: `pages.ops.refundReason.${refund.reason}` }),
    },
    { title: text('column.attempts'), key: 'attempts', dataIndex: 'attempts' },
    { title: text('column.lastError'), key: 'lastError', render: (_, refund) => refund.lastError ?? '–' },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, refund) => {
        const amount = format.money(refund.amountFen);
        const payer = refund.order.payer.name || intl.formatMessage({ id: 'pages.ops.orders.anonymized' });
        return (
          <Popconfirm
            title={text('retry.confirm', { amount, payer })}
            okText={text('retry')}
            cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
            onConfirm={() => retry(refund)}
          >
            <Button size="small" type="primary" aria-label={text('retry.label', { amount, payer })}>
              {text('retry')}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  return (
    <ProTable<OpsFailedRefund>
      actionRef={table}
      rowKey="id"
      columns={columns}
      request={async ({ current = 1, pageSize = PAGE_SIZE }) => tablePage(await failedRefunds({ current, pageSize }))}
      {...serverPagedProps(PAGE_SIZE, { label: intl.formatMessage({ id: 'pages.ops.orders.tab.failed' }) })}
      locale={{ emptyText: text('empty') }}
    />
  );
}
