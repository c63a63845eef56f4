import { Link, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Descriptions, Result, Space, Spin } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import PrintStyle from '@/components/PrintStyle';
import { REFUND_TEXTS, RefundLine } from '@/components/RefundNote';
import { OrderStatusTag, STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import enCheckout from '@/locales/en-US/checkout';
import enReceipt from '@/locales/en-US/receipt';
import enTicket from '@/locales/en-US/ticket';
import zhCheckout from '@/locales/zh-CN/checkout';
import zhReceipt from '@/locales/zh-CN/receipt';
import zhTicket from '@/locales/zh-CN/ticket';
import { saveBlob } from '@/pages/Center/download';
import { receipt as fetchReceipt, receiptFile } from '@/services/receipts';
import { feedback } from '@/utils/feedback';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import FapiaoSection from './components/FapiaoSection';

/**
 * /home/transaction/:id/receipt: the receipt of a paid order, every amount the order's own (as the PDF prints it),
 * printable, with the PDF to download and the order's fapiao request.
 */
function ReceiptPage() {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const orderId = useParams().id ?? '';
  const { data, loading, error, refresh } = useRequest(() => fetchReceipt(orderId), { refreshDeps: [orderId] });

  if (loading && !data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!data) {
    return (
      <Result
        status={error ? 'warning' : '404'}
        title={text('pages.receipt.loadFailed')}
        extra={
          <Space wrap>
            <Button onClick={refresh}>{text('pages.receipt.retry')}</Button>
            <Link to="/home/transaction">{text('pages.receipt.back')}</Link>
          </Space>
        }
      />
    );
  }

  const { order, payer, items, issuer, promoCode } = data;
  const { breakdown, exam } = order;
  const money = (fen: number) => formatFen(fen, locale);
  const discount = (fen: number) => (fen > 0 ? formatFen(-fen, locale) : money(0));
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const lang = locale === 'en-US' ? 'en-US' : 'zh-CN';
  const download = async () => {
    try {
      saveBlob(await receiptFile(order.id, lang, { skipErrorHandler: true }), `receipt-${exam.code}.pdf`);
    } catch {
      feedback.message.error(text('pages.receipt.downloadFailed'));
    }
  };
  const lines: Array<[string, string]> = [
    [text('pages.ticket.receipt.unitPrice'), money(breakdown.unitPriceFen)],
    [text('pages.checkout.line.quantity'), String(breakdown.quantity)],
    [text('pages.checkout.line.subtotal'), money(breakdown.subtotalFen)],
    [text('pages.checkout.line.referralDiscount'), discount(breakdown.referralDiscountFen)],
    [
      promoCode
        ? text('pages.receipt.promotionDiscountCode', { code: promoCode })
        : text('pages.checkout.line.promotionDiscount'),
      discount(breakdown.promotionDiscountFen),
    ],
    [text('pages.checkout.line.groupDiscount'), discount(breakdown.groupDiscountFen)],
    [text('pages.checkout.line.handling'), money(breakdown.handlingFen)],
    [text('pages.checkout.line.total'), money(breakdown.totalFen)],
  ];

  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 720, margin: '0 auto', display: 'flex' }}
    >
      <PrintStyle />
      <Space className="no-print" wrap>
        <Link to="/home/transaction">{text('pages.receipt.back')}</Link>
      </Space>
      <Card
        className="print-sheet"
        title={
          <h1 style={{ fontSize: 20, margin: 0, whiteSpace: 'normal' }}>
            {text('pages.receipt.title')} · {text(`pages.ticket.receipt.purpose.${order.purpose}`)}
          </h1>
        }
      >
        <p style={{ marginTop: 0 }}>{text('pages.receipt.issuedBy', { issuer: pickText(issuer, locale) })}</p>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={text('pages.ticket.receipt.orderId')}>
            <span style={{ wordBreak: 'break-all' }}>{order.id}</span>
          </Descriptions.Item>
          <Descriptions.Item label={text('pages.receipt.payer')}>
            {payer.name} {payer.phone}
          </Descriptions.Item>
          <Descriptions.Item label={text('pages.ticket.receipt.paymentDate')}>
            {order.paidAt ? when(order.paidAt) : text('pages.ticket.receipt.none')}
          </Descriptions.Item>
          <Descriptions.Item label={text('pages.ticket.receipt.transactionId')}>
            <span style={{ wordBreak: 'break-all' }}>{order.transactionId ?? text('pages.ticket.receipt.none')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={text('pages.receipt.exam')}>
            {pickText(exam.name, locale)} ({exam.code}) · {when(exam.startsAt)}
          </Descriptions.Item>
          <Descriptions.Item label={text('pages.receipt.candidates', { count: items.length })}>
            {items.map((item) => item.candidateName).join(locale === 'zh-CN' ? '、' : ', ')}
          </Descriptions.Item>
          {lines.map(([label, value]) => (
            <Descriptions.Item key={label} label={label}>
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
          <Descriptions.Item label={text('pages.receipt.status')}>
            <OrderStatusTag status={order.status} />
          </Descriptions.Item>
        </Descriptions>
        <p style={{ marginBottom: 0, marginTop: 12 }}>{text('pages.receipt.notFapiao')}</p>
      </Card>
      <Space className="no-print" wrap>
        <Button type="primary" onClick={download}>
          {text('pages.receipt.download')}
        </Button>
        <Button onClick={() => window.print()}>{text('pages.receipt.print')}</Button>
      </Space>
      <FapiaoSection receipt={data} onChanged={refresh} />
    </Space>
  );
}

export default withPageTexts(
  ReceiptPage,
  { 'en-US': enReceipt, 'zh-CN': zhReceipt },
  { 'en-US': enTicket, 'zh-CN': zhTicket },
  { 'en-US': enCheckout, 'zh-CN': zhCheckout },
  STATUS_TEXTS,
  REFUND_TEXTS,
);
