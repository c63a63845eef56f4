import { Link, useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Descriptions, Flex, Result, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { errorText } from '@/requestErrorConfig';
import { ticket as fetchTicket } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { formatInZone, pickText, zoneLabel } from '@/utils/format';

/** The admission ticket: who, what, where, the signed QR the examiner scans, and the arrival instructions. */
export default function AdmissionTicket({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.ticket.${id}` }, values);
  const { data, loading, error } = useRequest(() => fetchTicket(registrationId, { skipErrorHandler: true }));
  if (loading) return <Spin />;
  const envelope = envelopeOf(error);
  if (envelope?.errorCode === 'TICKET_NOT_ISSUED') {
    return (
      <Result
        status="info"
        title={errorText(envelope)}
        extra={
          <Link to={`/home/singleRegistration?registrationId=${encodeURIComponent(registrationId)}`}>
            {text('payLink')}
          </Link>
        }
      />
    );
  }
  if (!data) {
    return (
      <Result
        status="warning"
        title={envelope ? errorText(envelope) : intl.formatMessage({ id: 'request.fallback' })}
      />
    );
  }
  const { exam, candidate } = data;
  const examName = pickText(exam.name, locale);
  const canceled = data.status === 'canceled' || !data.token;
  return (
    <Card
      className="print-sheet"
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{text('title')}</h1>}
      extra={
        <Button className="no-print" onClick={() => window.print()} disabled={canceled}>
          {text('print')}
        </Button>
      }
    >
      <Flex gap={24} wrap align="flex-start">
        <Descriptions column={1} size="small" style={{ flex: '1 1 320px' }}>
          <Descriptions.Item label={text('field.exam')}>{examName}</Descriptions.Item>
          <Descriptions.Item label={text('field.date')}>
            {formatInZone(exam.startsAt, exam.timeZone)} {zoneLabel(exam.startsAt, exam.timeZone, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={text('field.center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
          <Descriptions.Item label={text('field.address')}>{pickText(exam.location, locale)}</Descriptions.Item>
          <Descriptions.Item label={text('field.name')}>{candidate.name}</Descriptions.Item>
          <Descriptions.Item label={text('field.idNumber')}>{candidate.maskedIdNumber}</Descriptions.Item>
          <Descriptions.Item label={text('field.phone')}>{candidate.phone.replace(/^\+86/, '')}</Descriptions.Item>
          <Descriptions.Item label={text('field.status')}>
            <RegistrationStatusTag status={data.status} />
          </Descriptions.Item>
        </Descriptions>
        {canceled ? null : (
          <QRCodeSVG
            value={data.token ?? ''}
            size={220}
            level="M"
            marginSize={4}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={text('qrLabel', { name: candidate.name, exam: examName })}
            title={text('qrLabel', { name: candidate.name, exam: examName })}
          />
        )}
      </Flex>
      {canceled ? (
        <Alert type="error" showIcon message={text('canceled')} style={{ marginTop: 16 }} />
      ) : (
        <Alert
          type="info"
          showIcon
          message={text('instructions', { n: exam.arrivalLeadMinutes })}
          style={{ marginTop: 16 }}
        />
      )}
    </Card>
  );
}
