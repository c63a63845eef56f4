import { useIntl } from '@umijs/max';
import { Button, Form, type FormInstance, Input } from 'antd';
import ExamFacts from '@/components/ExamFacts';
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
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  const soldOut = exam.seatsLeft === 0;
  return (
    <>
      <ExamFacts exam={exam} />
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
