import { Descriptions } from 'antd';
import { useIntl } from '@/intl';
import type { PriceBreakdown } from '../../../contract/booking';
import { formatFen, formatInZone, zoneLabel } from '../../../contract/format';

interface Props {
  breakdown: PriceBreakdown;
  /** The exam's start, shown in its own zone. */
  testDate: string;
  timeZone: string;
}

/**
 * The server's price breakdown, line by line, discounts as negatives. Texts from the checkout domain
 * (locales/{en-US,zh-CN}/checkout.ts), which a page showing these lines adds with withPageTexts.
 */
export default function CheckoutLines({ breakdown, testDate, timeZone }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const label = (id: string) => intl.formatMessage({ id: `pages.checkout.line.${id}` });
  const money = (fen: number) => formatFen(fen, locale);
  const discount = (fen: number) => (fen > 0 ? formatFen(-fen, locale) : money(0));
  const lines: Array<[string, string]> = [
    ['testDate', `${formatInZone(testDate, timeZone)} ${zoneLabel(testDate, timeZone, locale)}`],
    ['quantity', String(breakdown.quantity)],
    ['subtotal', money(breakdown.subtotalFen)],
    ['referralDiscount', discount(breakdown.referralDiscountFen)],
    ['promotionDiscount', discount(breakdown.promotionDiscountFen)],
    ['groupDiscount', discount(breakdown.groupDiscountFen)],
    ['handling', money(breakdown.handlingFen)],
  ];
  return (
    <Descriptions column={1} bordered size="small" style={{ maxWidth: 520 }}>
      {lines.map(([id, value]) => (
        <Descriptions.Item key={id} label={label(id)}>
          {value}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={<strong>{label('total')}</strong>}>
        <strong>{money(breakdown.totalFen)}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
}
