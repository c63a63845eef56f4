import { useIntl } from '@umijs/max';
import { Button, Descriptions, Form, type FormInstance, Input, Tag } from 'antd';
import { formatFen, formatInZone, pickText, zoneLabel } from '@/utils/format';
import type { ExamSummary } from '../../../../contract/catalog';

export interface DetailsValues {
  accessCode?: string;
  promoCode?: string;
}

interface Props {
  exam: ExamSummary;
  form: FormInstance<DetailsValues>;
  loading: boolean;
  onNext: (values: DetailsValues) => void;
}

/** Step "Details": what the candidate is booking, and the codes that go with the booking. */
export default function ExamDetails({ exam, form, loading, onNext }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  const inZone = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const soldOut = exam.seatsLeft === 0;
  return (
    <>
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label={text('field.exam')}>{pickText(exam.name, locale)}</Descriptions.Item>
        <Descriptions.Item label={text('field.fee')}>{formatFen(exam.feeFen, locale)}</Descriptions.Item>
        <Descriptions.Item label={text('field.date')}>{inZone(exam.startsAt)}</Descriptions.Item>
        <Descriptions.Item label={text('field.center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
        <Descriptions.Item label={text('field.address')}>{pickText(exam.location, locale)}</Descriptions.Item>
        <Descriptions.Item label={text('field.seats')}>
          {soldOut ? <Tag color="red">{text('soldOut')}</Tag> : exam.seatsLeft}
        </Descriptions.Item>
        <Descriptions.Item label={text('field.registrationEnds')}>{inZone(exam.registrationEndsAt)}</Descriptions.Item>
      </Descriptions>
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
        <Button type="primary" htmlType="submit" loading={loading} disabled={soldOut}>
          {text('next')}
        </Button>
      </Form>
    </>
  );
}
