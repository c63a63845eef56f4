import { useIntl } from '@umijs/max';
import { Alert, Button, Descriptions, Flex } from 'antd';
import { formatFen, formatInZone, zoneLabel } from '@/utils/format';
import type { Quote } from '../../../../contract/booking';

interface Props {
  quote: Quote;
  timeZone: string;
  paying: boolean;
  /** The reason the last Pay now failed, already localized. */
  problem: string | null;
  onBack: () => void;
  onPay: () => void;
}

/** Step "Check Out": the server's price breakdown, line by line; discounts read as negatives. */
export default function CheckoutSummary({ quote, timeZone, paying, problem, onBack, onPay }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  const money = (fen: number) => formatFen(fen, locale);
  const discount = (fen: number) => (fen > 0 ? formatFen(-fen, locale) : money(0));
  const lines: Array<[string, string]> = [
    ['testDate', `${formatInZone(quote.testDate, timeZone)} ${zoneLabel(quote.testDate, timeZone, locale)}`],
    ['quantity', String(quote.quantity)],
    ['subtotal', money(quote.subtotalFen)],
    ['referralDiscount', discount(quote.referralDiscountFen)],
    ['promotionDiscount', discount(quote.promotionDiscountFen)],
    ['groupDiscount', discount(quote.groupDiscountFen)],
    ['handling', money(quote.handlingFen)],
  ];
  return (
    <section aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" style={{ fontSize: 20 }}>
        {text('heading')}
      </h2>
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 520 }}>
        {lines.map(([id, value]) => (
          <Descriptions.Item key={id} label={text(`line.${id}`)}>
            {value}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={<strong>{text('line.total')}</strong>}>
          <strong>{money(quote.totalFen)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <div aria-live="polite">
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 16, maxWidth: 520 }} /> : null}
      </div>
      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button onClick={onBack} disabled={paying}>
          {text('back')}
        </Button>
        <Button type="primary" onClick={onPay} loading={paying} disabled={paying}>
          {text('payNow')}
        </Button>
      </Flex>
    </section>
  );
}
