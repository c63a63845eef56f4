import { history, useLocation } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import ToneTag from '@/components/ToneTag';
import { useIntl } from '@/intl';
import enResult from '@/locales/en-US/result';
import zhResult from '@/locales/zh-CN/result';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import type { CertificateVerification } from '../../../contract/center';
import { normalizeCertificateNumber } from '../../../contract/certificate';
import { formatInZone, pickText } from '../../../contract/format';
import { verifyCertificate } from './service';

type Answer =
  | { kind: 'found'; certificate: CertificateVerification }
  | { kind: 'malformed' | 'notFound' | 'rateLimited' | 'failed' };

function Verified({ certificate }: { certificate: CertificateVerification }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.verify.${id}` });
  const { exam } = certificate;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('found')}</h2>}>
      <Descriptions column={1}>
        <Descriptions.Item label={text('field.number')}>{certificate.certificateNumber}</Descriptions.Item>
        <Descriptions.Item label={text('field.name')}>{certificate.maskedName}</Descriptions.Item>
        <Descriptions.Item label={text('field.exam')}>
          {pickText(exam.name, locale)} ({exam.code})
        </Descriptions.Item>
        <Descriptions.Item label={text('field.date')}>
          {formatInZone(exam.startsAt, exam.timeZone, 'YYYY-MM-DD')}
        </Descriptions.Item>
        <Descriptions.Item label={text('field.result')}>
          <ToneTag tone={certificate.outcome === 'pass' ? 'green' : 'red'}>
            {intl.formatMessage({ id: `pages.result.${certificate.outcome}` })}
          </ToneTag>
        </Descriptions.Item>
        <Descriptions.Item label={text('field.issued')}>
          {formatInZone(certificate.publishedAt, exam.timeZone, 'YYYY-MM-DD')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * /verify (public, no login): whoever is shown a certificate types its number (or scans its QR, which opens
 * `?number=`) and sees the masked name, the exam, its date and the result. The server limits look-ups per address.
 */
function VerifyPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.verify.${id}` });
  const given = new URLSearchParams(useLocation().search).get('number') ?? '';
  const [form] = Form.useForm<{ number: string }>();
  const [answer, setAnswer] = useState<Answer>();
  const [loading, setLoading] = useState(false);

  const lookUp = async (typed: string) => {
    const number = normalizeCertificateNumber(typed);
    if (!number) return setAnswer({ kind: 'malformed' });
    form.setFieldValue('number', number);
    history.replace(`/verify?${new URLSearchParams({ number })}`);
    setLoading(true);
    try {
      setAnswer({ kind: 'found', certificate: await verifyCertificate(number, handledHere) });
    } catch (error) {
      const code = envelopeOf(error)?.errorCode;
      setAnswer({ kind: code === 'NOT_FOUND' ? 'notFound' : code === 'RATE_LIMITED' ? 'rateLimited' : 'failed' });
    } finally {
      setLoading(false);
    }
  };

  // A scanned certificate QR arrives with its number: look it up at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the number in the address starts a look-up.
  useEffect(() => {
    if (given) lookUp(given);
  }, []);

  const refusal = answer && answer.kind !== 'found' ? answer.kind : undefined;
  return (
    <div style={{ maxWidth: 640, margin: '0 auto', paddingBlock: 16 }}>
      <Card title={<h1 style={{ margin: 0, fontSize: 22 }}>{text('title')}</h1>} style={{ marginBottom: 16 }}>
        <p style={{ marginTop: 0 }}>{text('intro')}</p>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ number: given }}
          onFinish={(values) => lookUp(values.number)}
        >
          <Form.Item name="number" label={text('number')} rules={[{ required: true, message: text('required') }]}>
            <Input size="large" autoComplete="off" spellCheck={false} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={loading}>
            {text('submit')}
          </Button>
        </Form>
      </Card>
      <div aria-live="polite">
        {answer?.kind === 'found' ? <Verified certificate={answer.certificate} /> : null}
        {refusal ? (
          <Alert
            type={refusal === 'notFound' || refusal === 'malformed' ? 'error' : 'warning'}
            showIcon
            message={refusal === 'failed' ? intl.formatMessage({ id: 'request.fallback' }) : text(refusal)}
          />
        ) : null}
      </div>
    </div>
  );
}

export default withPageTexts(VerifyPage, { 'en-US': enResult, 'zh-CN': zhResult });
