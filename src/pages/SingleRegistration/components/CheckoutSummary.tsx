import { useIntl } from '@umijs/max';
import { Alert, Button, Flex } from 'antd';
import CheckoutLines from '@/components/CheckoutLines';
import type { Quote } from '../../../../contract/booking';

/** What the last Pay now came to, already localized: a refusal, or a new price to confirm. */
export interface CheckoutAlert {
  type: 'error' | 'warning';
  text: string;
}

interface Props {
  quote: Quote;
  timeZone: string;
  paying: boolean;
  alert: CheckoutAlert | null;
  onBack: () => void;
  onPay: () => void;
}

/** Step "Check Out": the server's price breakdown, line by line; discounts read as negatives. */
export default function CheckoutSummary({ quote, timeZone, paying, alert, onBack, onPay }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  return (
    <section aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" style={{ fontSize: 20 }}>
        {text('heading')}
      </h2>
      <CheckoutLines breakdown={quote} testDate={quote.testDate} timeZone={timeZone} />
      <div aria-live="polite">
        {alert ? (
          <Alert type={alert.type} showIcon message={alert.text} style={{ marginTop: 16, maxWidth: 520 }} />
        ) : null}
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
