import CheckoutActions, { type CheckoutActionsProps } from '@/components/CheckoutActions';
import CheckoutLines from '@/components/CheckoutLines';
import StepHeading from '@/components/StepHeading';
import { useIntl } from '@/intl';
import type { Quote } from '../../../../contract/booking';

interface Props extends Omit<CheckoutActionsProps, 'testDate'> {
  quote: Quote;
  timeZone: string;
}

/** Step "Check Out": the server's price breakdown, line by line; discounts read as negatives. */
export default function CheckoutSummary({ quote, timeZone, ...actions }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  return (
    <section aria-labelledby="checkout-heading">
      <StepHeading id="checkout-heading">{text('heading')}</StepHeading>
      <CheckoutLines breakdown={quote} testDate={quote.testDate} timeZone={timeZone} />
      <CheckoutActions testDate={quote.testDate} {...actions} />
    </section>
  );
}
