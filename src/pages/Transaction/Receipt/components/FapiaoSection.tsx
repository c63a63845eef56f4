import { Alert, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from '@/intl';
import { requestFapiao } from '@/services/receipts';
import { feedback } from '@/utils/feedback';
import type { FapiaoStatus, ReceiptView } from '../../../../../contract';
import { isValidCreditCode } from '../../../../../contract/creditCode';
import { formatInZone } from '../../../../../contract/format';

const STATUS_COLORS: Record<FapiaoStatus, string> = { requested: 'processing', issued: 'success', rejected: 'error' };

interface FapiaoValues {
  title: string;
  taxId: string;
  email: string;
}

/** Where the order's fapiao request stands, and the form to ask for one while none stands. */
export default function FapiaoSection({ receipt, onChanged }: { receipt: ReceiptView; onChanged: () => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<FapiaoValues>();
  const [sending, setSending] = useState(false);
  const { fapiao, order } = receipt;

  const submit = async (values: FapiaoValues) => {
    setSending(true);
    try {
      await requestFapiao(order.id, { title: values.title, taxId: values.taxId ?? '', email: values.email });
      feedback.message.success(text('pages.fapiao.requested.toast'));
      onChanged();
    } catch {
      // The request error handler has shown the localized reason (FAPIAO_TAX_ID_INVALID, FAPIAO_ALREADY_REQUESTED, ...).
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="no-print" title={<h2 style={{ fontSize: 16, margin: 0 }}>{text('pages.fapiao.title')}</h2>}>
      {fapiao ? (
        <section aria-label={text('pages.fapiao.title')} style={{ marginBottom: receipt.canRequestFapiao ? 16 : 0 }}>
          <p>
            <Tag color={STATUS_COLORS[fapiao.status]}>{text(`pages.fapiao.status.${fapiao.status}`)}</Tag>
            <span>{text(`pages.fapiao.status.${fapiao.status}.help`, { email: fapiao.email })}</span>
          </p>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={text('pages.fapiao.field.title')}>{fapiao.title}</Descriptions.Item>
            {fapiao.taxId ? (
              <Descriptions.Item label={text('pages.fapiao.field.taxId')}>{fapiao.taxId}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={text('pages.fapiao.requestedAt')}>
              {formatInZone(fapiao.requestedAt, undefined)}
            </Descriptions.Item>
            {fapiao.note ? (
              <Descriptions.Item label={text('pages.fapiao.note')}>{fapiao.note}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </section>
      ) : null}
      {order.status === 'refunded' && !fapiao ? (
        <Alert type="info" showIcon message={text('pages.fapiao.refunded')} />
      ) : null}
      {receipt.canRequestFapiao ? (
        <Form<FapiaoValues>
          form={form}
          name="fapiao"
          layout="vertical"
          requiredMark={false}
          initialValues={{ title: fapiao?.title ?? '', taxId: fapiao?.taxId ?? '', email: fapiao?.email ?? '' }}
          onFinish={submit}
        >
          {fapiao ? null : <p>{text('pages.fapiao.intro')}</p>}
          <Form.Item
            name="title"
            label={text('pages.fapiao.field.title')}
            extra={text('pages.fapiao.field.title.help')}
            rules={[{ required: true, whitespace: true, message: text('pages.fapiao.field.title.required') }]}
          >
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="taxId"
            label={text('pages.fapiao.field.taxId')}
            extra={text('pages.fapiao.field.taxId.help')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || isValidCreditCode(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(text('pages.fapiao.field.taxId.invalid'))),
              },
            ]}
          >
            <Input maxLength={18} autoCapitalize="characters" spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="email"
            label={text('pages.fapiao.field.email')}
            rules={[{ required: true, type: 'email', message: text('pages.fapiao.field.email.invalid') }]}
          >
            <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending} block>
            {text('pages.fapiao.submit')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
