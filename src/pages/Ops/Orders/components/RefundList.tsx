import type { TableColumnsType } from 'antd';
import { RegionTable } from '@/components/ScrollRegion';
import { useIntl } from '@/intl';
import type { OpsRefund } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';
import RefundStateTag from './RefundStateTag';

const HEADING_ID = 'ops-order-refunds';

/** An order's refunds, oldest first: amount, why (and the operator's words for a manual one), state. */
export default function RefundList({ refunds }: { refunds: OpsRefund[] }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.orders.refunds.${id}` });
  const format = opsFormat(intl.locale);
  const columns: TableColumnsType<OpsRefund> = [
    { title: text('requestedAt'), key: 'requestedAt', render: (_, refund) => format.at(refund.requestedAt) },
    { title: text('amount'), key: 'amount', render: (_, refund) => format.money(refund.amountFen) },
    {
      title: text('reason'),
      key: 'reason',
      render: (_, refund) => (
        <>
          <div>{intl.formatMessage({ id: `pages.ops.refundReason.${refund.reason}` })}</div>
          {refund.note ? <div>{refund.note}</div> : null}
          {refund.requestedBy ? <div>{refund.requestedBy.name}</div> : null}
        </>
      ),
    },
    { title: text('state'), key: 'state', render: (_, refund) => <RefundStateTag state={refund.state} /> },
  ];
  return (
    <section aria-labelledby={HEADING_ID}>
      <h3 id={HEADING_ID}>{text('title')}</h3>
      <RegionTable<OpsRefund>
        labelledBy={HEADING_ID}
        rowKey="id"
        columns={columns}
        dataSource={refunds}
        locale={{ emptyText: text('empty') }}
      />
    </section>
  );
}
