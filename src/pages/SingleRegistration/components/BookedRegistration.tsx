import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import PaymentModal, { type PendingPayment } from '@/components/PaymentModal';
import { useIntl } from '@/intl';
import { order as fetchOrder } from '@/services/booking';
import type { RegistrationView } from '../../../../contract/booking';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import { findRegistration } from '../findRegistration';
import DoneScreen from './DoneScreen';

interface Props {
  registration: RegistrationView;
  startChanging: boolean;
  /** A pending booking whose time ran out: book again from the details. */
  onRestart: () => void;
}

/**
 * A registration that exists: pending ones resume their payment QR, booked ones show Done with change and cancel.
 * A change to a dearer session pays its difference through the same QR modal.
 */
export default function BookedRegistration({ registration: initial, startChanging, onRestart }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const [registration, setRegistration] = useState(initial);
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  const pending = registration.status === 'pending';

  const openOrder = async () => {
    if (!registration.orderId) return;
    try {
      const order = await fetchOrder(registration.orderId, false);
      setHeldUntil(order.expiresAt);
      setPayment({ order, qrContent: order.qrContent ?? '' });
    } catch {
      // The app has shown why.
    }
  };

  // A pending registration opened from My Exams goes straight back to its QR.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (pending) openOrder();
  }, []);

  const paid = async () => {
    setPayment(null);
    setRegistration((await findRegistration(registration.id)) ?? registration);
  };

  const { exam } = registration;
  return (
    <>
      {pending ? (
        <Result
          status="info"
          title={intl.formatMessage({ id: 'pages.checkout.pending.title' })}
          subTitle={
            heldUntil
              ? intl.formatMessage(
                  { id: 'pages.checkout.pending.subTitle' },
                  {
                    exam: pickText(exam.name, locale),
                    time: `${formatInZone(heldUntil, exam.timeZone)} ${zoneLabel(heldUntil, exam.timeZone, locale)}`,
                  },
                )
              : pickText(exam.name, locale)
          }
          extra={
            <Button type="primary" onClick={openOrder}>
              {intl.formatMessage({ id: 'pages.checkout.payNow' })}
            </Button>
          }
        />
      ) : (
        <DoneScreen
          registration={registration}
          startChanging={startChanging}
          onRegistration={setRegistration}
          onChangeOrder={(answer) =>
            answer.order && answer.payment && setPayment({ order: answer.order, qrContent: answer.payment.qrContent })
          }
        />
      )}
      <PaymentModal
        payment={payment}
        onClose={() => setPayment(null)}
        onPaid={paid}
        onRestart={pending ? onRestart : () => setPayment(null)}
      />
    </>
  );
}
