import { Alert, Button, Flex } from 'antd';
import { CHANGE_LOCK_HOURS } from '@/constants';
import { useIntl } from '@/intl';

/** What the last Pay now came to, already localized: a refusal, or a new price to confirm. */
export interface CheckoutAlert {
  type: 'error' | 'warning';
  text: string;
}

export interface CheckoutActionsProps {
  /** When the test starts: within the lock period, paying makes a booking that can no longer be changed or canceled. */
  testDate: string;
  alert: CheckoutAlert | null;
  paying: boolean;
  /** Beyond paying: while an order waits for its payment (group), Back waits too. */
  backDisabled?: boolean;
  /** Beyond paying: while there is no price to pay yet (group). */
  payDisabled?: boolean;
  onBack: () => void;
  onPay: () => void;
}

/**
 * The foot of a checkout, single or group: the last Pay now's alert (read out as it changes), a warning when the test
 * is inside the lock period (the server refuses changes and cancellation from then on), then Back and Pay now.
 */
export default function CheckoutActions({
  testDate,
  alert,
  paying,
  backDisabled,
  payDisabled,
  onBack,
  onPay,
}: CheckoutActionsProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  const locked = Date.now() >= Date.parse(testDate) - CHANGE_LOCK_HOURS * 3_600_000;
  return (
    <>
      {locked ? (
        <Alert
          type="warning"
          showIcon
          role="note"
          message={intl.formatMessage({ id: 'pages.checkout.lockWarning' }, { hours: CHANGE_LOCK_HOURS })}
          style={{ marginTop: 16, maxWidth: 520 }}
        />
      ) : null}
      <div aria-live="polite">
        {alert ? (
          <Alert type={alert.type} showIcon message={alert.text} style={{ marginTop: 16, maxWidth: 520 }} />
        ) : null}
      </div>
      <Flex gap={8} style={{ marginTop: 24 }}>
        <Button onClick={onBack} disabled={paying || backDisabled}>
          {text('back')}
        </Button>
        <Button type="primary" onClick={onPay} loading={paying} disabled={paying || payDisabled}>
          {text('payNow')}
        </Button>
      </Flex>
    </>
  );
}
