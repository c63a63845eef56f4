import { Alert, Button, Flex, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import CheckoutActions, { type CheckoutAlert } from '@/components/CheckoutActions';
import CheckoutLines from '@/components/CheckoutLines';
import PaymentModal from '@/components/PaymentModal';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { group as fetchGroup, groupCheckout, groupQuote } from '@/services/group';
import { envelopeOf } from '@/utils/bizError';
import { handledHere, PROMO_CODE_REFUSALS } from '@/utils/failure';
import { newIdempotencyKey } from '@/utils/idempotencyKey';
import type { Quote } from '../../../../contract/booking';
import { formatFen } from '../../../../contract/format';
import type { GroupView } from '../../../../contract/group';
import { StepHeading } from './GroupSteps';

interface Props {
  group: GroupView;
  onGroup: (group: GroupView) => void;
  onPaid: (group: GroupView) => void;
  /** A member was registered elsewhere since the upload: the file must be read again. */
  onChanged: () => void;
  onBack: () => void;
}

/**
 * Step "Payment": the price of every accepted member, a promo code, and Pay now, which holds all their seats in one
 * order and shows its QR as single registration does. A pending order is resumed, not made again.
 */
export default function PaymentStep({ group, onGroup, onPaid, onChanged, onBack }: Props) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id }, values);
  const failure = useFailure();
  const [form] = Form.useForm<{ promoCode?: string }>();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [alert, setAlert] = useState<CheckoutAlert | null>(null);
  const [showQr, setShowQr] = useState(false);
  // One key per checkout attempt: a double click or a retry after a lost answer makes one order (DESIGN.md section 3).
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  const pending = group.order?.status === 'pending' ? group.order : null;
  const promoCode = () => form.getFieldValue('promoCode')?.trim() || undefined;

  const place = (error: unknown) => {
    if (envelopeOf(error)?.errorCode === 'GROUP_CHANGED') return onChanged();
    if (failure.onFields(form, error, { codes: PROMO_CODE_REFUSALS })) return;
    // No answer to Pay now: an order may have been made, and pressing again with the same key answers it.
    setAlert({ type: 'error', text: failure.text(error, 'pages.checkout.pay.noAnswer') });
  };

  /** New lines for `code`, answered once on screen. A new price is a new attempt, with a new key. */
  const requote = async (code: string | undefined) => {
    setQuoting(true);
    setAlert(null);
    try {
      const fresh = await groupQuote(group.id, { promoCode: code }, handledHere);
      setQuote(fresh);
      attemptKey.current = null;
      return fresh;
    } catch (error) {
      place(error);
      return null;
    } finally {
      setQuoting(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first quote, on arrival
  useEffect(() => {
    if (!pending) requote(promoCode());
  }, []);

  /** The price changed since the lines were shown: show the new ones and ask for Pay now again. */
  const priceChanged = async (shown: Quote) => {
    const fresh = await requote(shown.promoCode ?? undefined);
    if (!fresh) return;
    const total = formatFen(fresh.totalFen, intl.locale);
    setAlert({ type: 'warning', text: text('pages.checkout.priceChanged', { total }) });
  };

  const pay = async () => {
    if (pending) {
      setShowQr(true);
      return;
    }
    if (inFlight.current || !quote) return;
    inFlight.current = true;
    setPaying(true);
    setAlert(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      // Exactly the lines shown: their code (not one typed since without Apply) and their total.
      const body = { promoCode: quote.promoCode ?? undefined, expectedTotalFen: quote.totalFen };
      const answer = await groupCheckout(group.id, body, attemptKey.current, handledHere);
      if (answer.order?.status === 'paid') {
        onPaid(answer);
      } else {
        onGroup(answer);
        setShowQr(true);
      }
    } catch (error) {
      if (envelopeOf(error)?.errorCode === 'PRICE_CHANGED') await priceChanged(quote);
      else place(error);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  const paid = async () => {
    setShowQr(false);
    try {
      onPaid(await fetchGroup(group.id));
    } catch {
      // The app has shown why.
    }
  };

  // The hold ran out: the seats went back, so the next Pay now is a new order with a new key.
  const restart = async () => {
    setShowQr(false);
    attemptKey.current = null;
    try {
      onGroup(await fetchGroup(group.id));
    } catch {
      // The app has shown why.
    }
    await requote(promoCode());
  };

  const breakdown = pending?.breakdown ?? quote;
  const members = group.upload?.accepted.length ?? 0;
  return (
    <section aria-labelledby="group-step-payment">
      <StepHeading step="payment" />
      <p>{text('pages.gRegistration.payment.members', { n: members })}</p>
      {breakdown ? (
        <CheckoutLines breakdown={breakdown} testDate={group.exam.startsAt} timeZone={group.exam.timeZone} />
      ) : (
        <Spin />
      )}
      {pending ? (
        <Alert type="info" showIcon message={text('pages.gRegistration.payment.pending')} style={{ marginTop: 16 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={() => requote(promoCode())}
          style={{ maxWidth: 520, marginTop: 16 }}
        >
          <Form.Item label={text('pages.checkout.promoCode')} htmlFor="group-promo-code" style={{ marginBottom: 0 }}>
            <Flex gap={8}>
              <Form.Item name="promoCode" noStyle>
                <Input id="group-promo-code" autoComplete="off" maxLength={32} />
              </Form.Item>
              <Button htmlType="submit" loading={quoting} disabled={paying}>
                {text('pages.gRegistration.payment.apply')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      )}
      <CheckoutActions
        testDate={group.exam.startsAt}
        alert={alert}
        paying={paying}
        backDisabled={pending !== null}
        payDisabled={quoting || !breakdown}
        onBack={onBack}
        onPay={pay}
      />
      <PaymentModal
        payment={showQr && pending ? { order: pending, qrContent: pending.qrContent ?? '' } : null}
        onClose={() => setShowQr(false)}
        onPaid={paid}
        onRestart={restart}
      />
    </section>
  );
}
