import { Link, useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Result, Space, Spin } from 'antd';
import TicketCard from '@/components/TicketCard';
import { useFailure } from '@/hooks/useFailure';
import { saveBlob } from '@/pages/Center/download';
import { ticket as fetchTicket, ticketFile } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import PhotoNeeded, { PHOTO_REFUSALS } from './PhotoNeeded';

/**
 * One registration's admission ticket, printable and as a PDF once released, and as a calendar event; an unpaid one
 * leads to its payment, one without a photo that stands to the profile.
 */
export default function AdmissionTicket({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ticket.${id}` });
  const failure = useFailure();
  const { data, loading, error } = useRequest(() => fetchTicket(registrationId, handledHere));
  if (loading) return <Spin />;
  const refusal = envelopeOf(error)?.errorCode;
  if (refusal && PHOTO_REFUSALS.includes(refusal)) return <PhotoNeeded error={error} />;
  if (refusal === 'TICKET_NOT_ISSUED') {
    return (
      <Result
        status="info"
        title={failure.text(error)}
        extra={
          <Link to={`/home/singleRegistration?registrationId=${encodeURIComponent(registrationId)}`}>
            {text('payLink')}
          </Link>
        }
      />
    );
  }
  if (!data) {
    return <Result status="warning" title={failure.text(error)} />;
  }
  const printable = data.status !== 'canceled' && data.token !== null;
  const lang = intl.locale === 'en-US' ? 'en-US' : 'zh-CN';
  const save = (kind: 'pdf' | 'ics') => async () => {
    const blob = await ticketFile(registrationId, kind, lang);
    saveBlob(blob, `${data.exam.code}.${kind}`);
  };
  return (
    <TicketCard
      ticket={data}
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{text('title')}</h1>}
      extra={
        <Space className="no-print" wrap>
          <Button onClick={save('ics')} disabled={data.status === 'canceled'}>
            {text('addToCalendar')}
          </Button>
          <Button onClick={save('pdf')} disabled={!printable}>
            {text('downloadPdf')}
          </Button>
          <Button onClick={() => window.print()} disabled={!printable}>
            {text('print')}
          </Button>
        </Space>
      }
    />
  );
}
