import { history, Link, useIntl, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Form, Result, Spin } from 'antd';
import { useRef, useState } from 'react';
import PaymentModal from '@/components/PaymentModal';
import ProfileRequired from '@/components/ProfileRequired';
import { errorText } from '@/requestErrorConfig';
import { quote as fetchQuote, register } from '@/services/booking';
import { exam as fetchExam } from '@/services/catalog';
import { profile as fetchProfile } from '@/services/profile';
import { envelopeOf } from '@/utils/bizError';
import { newIdempotencyKey } from '@/utils/idempotencyKey';
import { showError } from '@/utils/showError';
import type { Quote, RegistrationView } from '../../../../contract/booking';
import { findRegistration } from '../findRegistration';
import BookedRegistration, { type Payment } from './BookedRegistration';
import CheckoutSummary from './CheckoutSummary';
import ExamDetails, { type DetailsValues } from './ExamDetails';
import RegistrationSteps from './RegistrationSteps';

const optional = (value: string | undefined) => value?.trim() || undefined;

/** Booking an exam: Details, Check Out, Pay now (the QR modal), Done. */
export default function NewRegistration({ examId }: { examId: string }) {
  const intl = useIntl();
  const location = useLocation();
  const [form] = Form.useForm<DetailsValues>();
  const [profileMissing, setProfileMissing] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [booked, setBooked] = useState<RegistrationView | null>(null);
  // One key per checkout attempt: a double click or a retry after a lost answer books once (DESIGN.md section 3).
  const attemptKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  const { data: exam, loading } = useRequest(async () => {
    const [examAnswer, profileAnswer] = await Promise.all([fetchExam(examId), fetchProfile()]);
    setProfileMissing(!profileAnswer.complete);
    return examAnswer;
  });

  /** Codes that belong to a field of the details step go back there; the rest are said where they happened. */
  const placeError = (error: unknown): string | null => {
    const envelope = envelopeOf(error);
    const code = envelope?.errorCode;
    if (code === 'PROFILE_INCOMPLETE') {
      setProfileMissing(true);
      return null;
    }
    if (envelope && (code === 'PROMO_CODE_INVALID' || code === 'ACCESS_CODE_INVALID')) {
      setQuote(null);
      form.setFields([
        { name: code === 'PROMO_CODE_INVALID' ? 'promoCode' : 'accessCode', errors: [errorText(envelope)] },
      ]);
      return null;
    }
    if (envelope) return errorText(envelope);
    showError(error);
    return null;
  };

  const toCheckout = async (values: DetailsValues) => {
    setQuoting(true);
    try {
      const answer = await fetchQuote(
        { examId, quantity: 1, promoCode: optional(values.promoCode) },
        { skipErrorHandler: true },
      );
      attemptKey.current ??= newIdempotencyKey();
      setProblem(null);
      setQuote(answer);
    } catch (error) {
      if (placeError(error)) showError(error);
    } finally {
      setQuoting(false);
    }
  };

  const pay = async () => {
    if (inFlight.current || !attemptKey.current) return;
    inFlight.current = true;
    setPaying(true);
    setProblem(null);
    const values = form.getFieldsValue();
    try {
      const answer = await register(
        { examId, promoCode: optional(values.promoCode), accessCode: optional(values.accessCode) },
        attemptKey.current,
        { skipErrorHandler: true },
      );
      setPayment({ order: answer.order, qrContent: answer.payment.qrContent });
      setBooked(answer.registration);
    } catch (error) {
      setProblem(placeError(error));
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
    setQuote(null);
    attemptKey.current = null;
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
  const step = done ? 2 : quote ? 1 : 0;
  const returnTo = location.pathname + location.search;
  return (
    <>
      <RegistrationSteps current={step} />
      {done ? (
        <BookedRegistration registration={booked} startChanging={false} onRestart={restart} />
      ) : quote ? (
        <CheckoutSummary
          quote={quote}
          timeZone={exam.timeZone}
          paying={paying}
          problem={problem}
          onBack={() => {
            // A booking already made stays this attempt's: paying later must answer the same order.
            if (!booked) attemptKey.current = null;
            setQuote(null);
          }}
          onPay={pay}
        />
      ) : (
        <ExamDetails exam={exam} form={form} loading={quoting} onNext={toCheckout} />
      )}
      {payment ? (
        <PaymentModal
          order={payment.order}
          qrContent={payment.qrContent}
          onClose={() => setPayment(null)}
          onPaid={paid}
          onRestart={restart}
        />
      ) : null}
      <ProfileRequired open={profileMissing} returnTo={returnTo} onBack={() => history.back()} />
    </>
  );
}
