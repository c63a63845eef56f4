import { ProDescriptions } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert, Button, Drawer, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { OrderStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { order as fetchOrder } from '@/services/ops';
import { maskPhone } from '@/utils/format';
import type { OpsOrderDetail } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';
import OrderTimeline from './OrderTimeline';
import RefundList from './RefundList';
import RefundModal from './RefundModal';

interface OrderDrawerProps {
  orderId: string | null;
  onClose: () => void;
  /** After a refund: the search shows the order's new figures. */
  onChanged: () => void;
}

/** One order: who paid for what, its money, the registrations it pays for, its refunds and its timeline. */
export default function OrderDrawer({ orderId, onClose, onChanged }: OrderDrawerProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.orders.detail.${id}` });
  const format = opsFormat(intl.locale);
  const [refunding, setRefunding] = useState(false);
  const detail = useRequest(() => (orderId ? fetchOrder(orderId) : Promise.resolve(undefined)), {
    refreshDeps: [orderId],
  });
  const order = detail.data;
  const examName = (exam: OpsOrderDetail['exam']) => (intl.locale.startsWith('zh') ? exam.name.zh : exam.name.en);

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={720}
      title={text('title')}
      destroyOnHidden
      extra={
        order && order.refundableFen > 0 ? (
          <Button type="primary" danger onClick={() => setRefunding(true)}>
            {text('refund')}
          </Button>
        ) : null
      }
    >
      {order ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <ProDescriptions<OpsOrderDetail> column={{ xs: 1, sm: 2 }} dataSource={order} bordered size="small">
            <ProDescriptions.Item label={text('id')}>
              <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                {order.id}
              </Typography.Text>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('status')}>
              <OrderStatusTag status={order.status} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('payer')}>
              {order.payer.name || intl.formatMessage({ id: 'pages.ops.orders.anonymized' })}
              {order.payer.phone ? ` (${maskPhone(order.payer.phone)})` : null}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('exam')}>
              {examName(order.exam)} ({order.exam.code})
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('purpose')}>
              {intl.formatMessage({ id: `pages.ops.orders.purpose.${order.purpose}` })}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('quantity')}>{order.quantity}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('total')}>{format.money(order.totalFen)}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('refunded')}>{format.money(order.refundedFen)}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('refundPending')}>
              {format.money(order.refundPendingFen)}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('refundFailed')}>
              {format.money(order.refundFailedFen)}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('refundable')}>{format.money(order.refundableFen)}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('promoCode')}>{order.promoCode ?? '–'}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('provider')}>{order.provider}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('transactionId')}>
              {order.transactionId ? (
                <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                  {order.transactionId}
                </Typography.Text>
              ) : (
                '–'
              )}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={text('createdAt')}>{format.at(order.createdAt)}</ProDescriptions.Item>
            <ProDescriptions.Item label={text('paidAt')}>
              {order.paidAt ? format.at(order.paidAt) : '–'}
            </ProDescriptions.Item>
          </ProDescriptions>
          <section aria-labelledby="ops-order-registrations">
            <h3 id="ops-order-registrations">{text('registrations')}</h3>
            <ul>
              {order.registrations.map((registration) => (
                <li key={registration.id}>
                  {registration.candidateName || intl.formatMessage({ id: 'pages.ops.orders.anonymized' })}:{' '}
                  {examName(registration.exam)} ({registration.exam.code}),{' '}
                  {intl.formatMessage({ id: `status.registration.${registration.status}` })}
                </li>
              ))}
            </ul>
          </section>
          <RefundList refunds={order.refunds} />
          <OrderTimeline events={order.timeline} />
        </Space>
      ) : detail.error ? (
        <Alert type="error" showIcon message={text('failed')} />
      ) : (
        <Spin />
      )}
      {order ? (
        <RefundModal
          order={order}
          open={refunding}
          onClose={() => setRefunding(false)}
          onRefunded={(refunded) => {
            setRefunding(false);
            detail.mutate(refunded);
            onChanged();
          }}
        />
      ) : null}
    </Drawer>
  );
}
