import { useIntl } from '@umijs/max';
import CheckoutActions, { type CheckoutActionsProps } from '@/components/CheckoutActions';
import CheckoutLines from '@/components/CheckoutLines';
import type { Quote } from '../../../../contract/booking';

interface Props extends CheckoutActionsProps {
  quote: Quote;
  timeZone: string;
}

/** Step "Check Out": the server's price breakdown, line by line; discounts read as negatives. */
export default function CheckoutSummary({ quote, timeZone, ...actions }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  return (
    <section aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" style={{ fontSize: 20 }}>
        {text('heading')}
      </h2>
      <CheckoutLines breakdown={quote} testDate={quote.testDate} timeZone={timeZone} />
      <CheckoutActions {...actions} />
    </section>
  );
}
