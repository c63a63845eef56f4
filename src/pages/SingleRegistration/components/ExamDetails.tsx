import { Alert, Button, Form, type FormInstance, Input } from 'antd';
import ExamFacts from '@/components/ExamFacts';
import StepHeading from '@/components/StepHeading';
import { useIntl } from '@/intl';
import { opensLaterWithoutRoom } from '@/utils/admission';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatInZone, zoneLabel } from '../../../../contract/format';

export interface DetailsValues {
  accessCode?: string;
  promoCode?: string;
}

interface Props {
  exam: ExamSummary;
  form: FormInstance<DetailsValues>;
  loading: boolean;
  onNext: (values: DetailsValues) => void;
  /** A seat of this exam is held for the candidate (a waiting-list offer): sold out to others, not to them. */
  seatHeld?: boolean;
}

/** Step "Details": what the candidate is booking, and the codes that go with the booking. */
export default function ExamDetails({ exam, form, loading, onNext, seatHeld = false }: Props) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.${id}` }, values);
  const soldOut = exam.seatsLeft === 0 && !seatHeld;
  const opensAt = opensLaterWithoutRoom(exam) ? exam.registrationOpensAt : null;
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, intl.locale)}`;
  return (
    <section aria-labelledby="details-heading">
      <StepHeading id="details-heading">{text('step.details')}</StepHeading>
      <ExamFacts exam={exam} />
      {opensAt ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={text('opensAt', { time: when(opensAt) })}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={onNext} style={{ maxWidth: 420 }}>
        {exam.requiresAccessCode ? (
          <Form.Item
            name="accessCode"
            label={text('accessCode')}
            extra={text('accessCode.help')}
            rules={[{ required: true, whitespace: true, message: text('accessCode.required') }]}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        ) : null}
        <Form.Item name="promoCode" label={text('promoCode')}>
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading} disabled={soldOut || opensAt !== null}>
          {text('next')}
        </Button>
      </Form>
    </section>
  );
}
