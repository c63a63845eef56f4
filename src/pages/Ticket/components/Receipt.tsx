import { useRequest } from 'ahooks';
import { Button, Card, Descriptions, Result, Spin } from 'antd';
import { RefundLine } from '@/components/RefundNote';
import { OrderStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { order as fetchOrder } from '@/services/booking';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';

/**
 * The receipt of one order: every price line, the provider's transaction id, when it was paid, what went back (only
 * what the provider confirmed), and each refund with its state and its reason in words.
 */
export default function Receipt({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id });
  const { data: order, loading } = useRequest(() => fetchOrder(orderId));
  if (loading) return <Spin />;
  if (!order) return <Result status="404" title={text('errors.NOT_FOUND')} />;
  const { breakdown, exam } = order;
  const money = (fen: number) => formatFen(fen, locale);
  const discount = (fen: number) => (fen > 0 ? formatFen(-fen, locale) : money(0));
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const none = text('pages.ticket.receipt.none');
  const rows: Array<[string, string]> = [
    ['pages.ticket.field.exam', pickText(exam.name, locale)],
    ['pages.checkout.line.testDate', when(exam.startsAt)],
    ['pages.ticket.receipt.orderId', order.id],
    ['pages.ticket.receipt.unitPrice', money(breakdown.unitPriceFen)],
    ['pages.checkout.line.quantity', String(breakdown.quantity)],
    ['pages.checkout.line.subtotal', money(breakdown.subtotalFen)],
    ['pages.checkout.line.referralDiscount', discount(breakdown.referralDiscountFen)],
    ['pages.checkout.line.promotionDiscount', discount(breakdown.promotionDiscountFen)],
    ['pages.checkout.line.groupDiscount', discount(breakdown.groupDiscountFen)],
    ['pages.checkout.line.handling', money(breakdown.handlingFen)],
    ['pages.checkout.line.total', money(breakdown.totalFen)],
    ['pages.ticket.receipt.transactionId', order.transactionId ?? none],
    ['pages.ticket.receipt.paymentDate', order.paidAt ? when(order.paidAt) : none],
    ['pages.ticket.receipt.refunded', money(order.refundedFen)],
  ];
  return (
    <Card
      className="print-sheet"
      title={
        <h1 style={{ fontSize: 20, margin: 0 }}>
          {text('pages.ticket.receiptTitle')} · {text(`pages.ticket.receipt.purpose.${order.purpose}`)}
        </h1>
      }
      extra={
        <Button className="no-print" onClick={() => window.print()}>
          {text('pages.ticket.print')}
        </Button>
      }
    >
      <Descriptions column={1} bordered size="small">
        {rows.map(([id, value]) => (
          <Descriptions.Item key={id} label={text(id)}>
            {value}
          </Descriptions.Item>
        ))}
        {order.refunds.map((refund) => (
          <Descriptions.Item
            key={refund.id}
            label={intl.formatMessage({ id: 'refund.receipt.label' }, { date: when(refund.requestedAt) })}
          >
            <RefundLine refund={refund} />
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={text('pages.ticket.field.status')}>
          <OrderStatusTag status={order.status} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
