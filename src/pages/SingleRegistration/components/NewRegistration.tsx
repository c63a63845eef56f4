import { history, Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Form, Result, Spin } from 'antd';
import { useRef, useState } from 'react';
import type { CheckoutAlert } from '@/components/CheckoutActions';
import PaymentModal, { type PendingPayment } from '@/components/PaymentModal';
import ProfileRequired from '@/components/ProfileRequired';
import { StepFocusScope } from '@/components/StepHeading';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { quote as fetchQuote, register } from '@/services/booking';
import { exam as fetchExam } from '@/services/catalog';
import { profile as fetchProfile } from '@/services/profile';
import { forgetAdmission, isQueueReason, queueUrl, readAdmission } from '@/utils/admission';
import { envelopeOf } from '@/utils/bizError';
import { handledHere, PROMO_CODE_REFUSALS } from '@/utils/failure';
import { newIdempotencyKey } from '@/utils/idempotencyKey';
import type { Quote, RegistrationView } from '../../../../contract/booking';
import { formatFen } from '../../../../contract/format';
import { findRegistration } from '../findRegistration';
import BookedRegistration from './BookedRegistration';
import CheckoutSummary from './CheckoutSummary';
import ExamDetails, { type DetailsValues } from './ExamDetails';
import RegistrationSteps from './RegistrationSteps';

const optional = (value: string | undefined) => value?.trim() || undefined;

interface Codes {
  promoCode?: string;
  accessCode?: string;
}
const sameCodes = (a: Codes, b: Codes) => a.promoCode === b.promoCode && a.accessCode === b.accessCode;

/** The Check Out step: the quote on screen and the codes it was made with. Pay now books exactly this. */
interface Checkout {
  quote: Quote;
  codes: Codes;
}

/** Booking an exam: Details, Check Out, Pay now (the QR modal), Done. */
export default function NewRegistration({ examId }: { examId: string }) {
  const intl = useIntl();
  const location = useLocation();
  const heldForMe = new URLSearchParams(location.search).get('offer') === '1';
  const failure = useFailure();
  const [form] = Form.useForm<DetailsValues>();
  const [profileMissing, setProfileMissing] = useState(false);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [alert, setAlert] = useState<CheckoutAlert | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const [booked, setBooked] = useState<RegistrationView | null>(null);
  // One key per checkout attempt, that is per codes confirmed: a double click, a retry after a lost answer, or Back
  // and forth with the same codes books once (DESIGN.md section 3). Other codes are another attempt.
  const attempt = useRef<{ key: string; codes: Codes } | null>(null);
  const inFlight = useRef(false);

  const { data: exam, loading } = useRequest(async () => {
    const [examAnswer, profileAnswer] = await Promise.all([fetchExam(examId), fetchProfile()]);
    // An exam with a waiting room is booked with its admission: without one, the room is the way in. A seat the
    // waiting list holds for the candidate (?offer=1, from My waiting list) is booked without one.
    if (examAnswer.waitingRoom && !readAdmission(examId) && !heldForMe) {
      history.replace(queueUrl(examId, 'ADMISSION_REQUIRED'));
    }
    setProfileMissing(!profileAnswer.complete);
    return examAnswer;
  });

  const quoteFor = (promoCode: string | undefined) => fetchQuote({ examId, quantity: 1, promoCode }, handledHere);

  const toCheckout = async (values: DetailsValues) => {
    setQuoting(true);
    try {
      const quote = await quoteFor(optional(values.promoCode));
      // The promo code as the quote applied it, and the access code as typed: what Pay now will send.
      const codes = { promoCode: quote.promoCode ?? undefined, accessCode: optional(values.accessCode) };
      if (!attempt.current || !sameCodes(attempt.current.codes, codes)) {
        attempt.current = { key: newIdempotencyKey(), codes };
      }
      setAlert(null);
      setCheckout({ quote, codes });
    } catch (error) {
      if (!failure.onFields(form, error, { codes: PROMO_CODE_REFUSALS })) failure.show(error);
    } finally {
      setQuoting(false);
    }
  };

  // No answer to Pay now: a booking may have been made, and pressing again with the same key answers it.
  const failed = (error: unknown) => failure.text(error, 'pages.checkout.pay.noAnswer');

  /**
   * Why Pay now was refused, said on the Check Out step (an incomplete profile by its prompt); a new price is quoted
   * and shown, to be confirmed again.
   */
  const refused = async (error: unknown, confirmed: Checkout) => {
    const code = envelopeOf(error)?.errorCode;
    if (isQueueReason(code)) {
      forgetAdmission(examId);
      history.replace(queueUrl(examId, code));
      return;
    }
    if (code === 'PROFILE_INCOMPLETE') {
      setProfileMissing(true);
      return;
    }
    if (code !== 'PRICE_CHANGED') {
      setAlert({ type: 'error', text: failed(error) });
      return;
    }
    try {
      const quote = await quoteFor(confirmed.codes.promoCode);
      setCheckout({ quote, codes: confirmed.codes });
      const total = formatFen(quote.totalFen, intl.locale);
      setAlert({ type: 'warning', text: intl.formatMessage({ id: 'pages.checkout.priceChanged' }, { total }) });
    } catch (again) {
      setAlert({ type: 'error', text: failed(again) });
    }
  };

  const pay = async () => {
    const confirmed = checkout;
    const key = attempt.current?.key;
    if (inFlight.current || !confirmed || !key) return;
    inFlight.current = true;
    setPaying(true);
    setAlert(null);
    try {
      // Exactly what the Check Out step shows: its codes and its total (the details form has left the screen).
      const admissionToken = readAdmission(examId)?.token;
      const answer = await register(
        { examId, ...confirmed.codes, expectedTotalFen: confirmed.quote.totalFen, admissionToken },
        key,
        handledHere,
      );
      forgetAdmission(examId);
      setPayment({ order: answer.order, qrContent: answer.payment.qrContent });
      setBooked(answer.registration);
    } catch (error) {
      await refused(error, confirmed);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  const paid = async () => {
    setPayment(null);
    if (!booked) return;
    // Done keeps the registration it is given, so it gets the server's view (canChange, canCancel) at once.
    const fresh = await findRegistration(booked.id);
    setBooked(fresh ?? { ...booked, status: 'register' });
  };

  const restart = () => {
    setPayment(null);
    setBooked(null);
    setCheckout(null);
    setAlert(null);
    attempt.current = null;
  };

  if (loading) return <Spin />;
  if (!exam) {
    return (
      <Result
        status="warning"
        title={intl.formatMessage({ id: 'pages.checkout.noExam' })}
        extra={<Link to="/home/examlist">{intl.formatMessage({ id: 'pages.checkout.toExamList' })}</Link>}
      />
    );
  }
  const done = booked !== null && booked.status !== 'pending';
  const step = done ? 2 : checkout ? 1 : 0;
  const returnTo = location.pathname + location.search;
  return (
    <StepFocusScope>
      <RegistrationSteps current={step} />
      {done ? (
        <BookedRegistration registration={booked} startChanging={false} onRestart={restart} />
      ) : checkout ? (
        <CheckoutSummary
          quote={checkout.quote}
          timeZone={exam.timeZone}
          paying={paying}
          alert={alert}
          onBack={() => {
            setAlert(null);
            setCheckout(null);
          }}
          onPay={pay}
        />
      ) : (
        <ExamDetails exam={exam} form={form} loading={quoting} onNext={toCheckout} seatHeld={heldForMe} />
      )}
      <PaymentModal payment={payment} onClose={() => setPayment(null)} onPaid={paid} onRestart={restart} />
      <ProfileRequired open={profileMissing} returnTo={returnTo} onBack={() => history.back()} />
    </StepFocusScope>
  );
}
