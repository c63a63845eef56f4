import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Result, Space } from 'antd';
import { LoadFailed, Loading } from '@/components/LoadState';
import TicketCard from '@/components/TicketCard';
import { useFailure } from '@/hooks/useFailure';
import { useReloadOnline } from '@/hooks/useReloadOnline';
import { useIntl } from '@/intl';
import { saveBlob } from '@/pages/Center/download';
import { ticket as fetchTicket, ticketFile } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { failureKindOf, handledHere } from '@/utils/failure';
import { type SavedTicket, savedTicket, saveTicket } from '@/utils/ticketCache';
import { formatInZone } from '../../../../contract/format';
import PhotoNeeded, { PHOTO_REFUSALS } from './PhotoNeeded';

/** The copy of the ticket saved on this phone, shown when the server cannot be reached, saying it is a copy. */
function SavedCopy({ saved, error, onRetry }: { saved: SavedTicket; error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const failure = useFailure();
  const text = (id: string) => intl.formatMessage({ id: `pages.ticket.${id}` });
  return (
    <TicketCard
      ticket={saved.ticket}
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{text('title')}</h1>}
      extra={
        <Space direction="vertical" className="no-print" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message={intl.formatMessage(
              { id: 'pages.ticket.savedCopy' },
              { time: formatInZone(saved.savedAt, saved.ticket.exam.timeZone) },
            )}
            description={failure.text(error)}
            action={
              <Button size="small" onClick={onRetry}>
                {intl.formatMessage({ id: 'request.retry' })}
              </Button>
            }
          />
          <Button onClick={() => window.print()} disabled={saved.ticket.token === null}>
            {text('print')}
          </Button>
        </Space>
      }
    />
  );
}

/**
 * One registration's admission ticket, printable and as a PDF once released, and as a calendar event; an unpaid one
 * leads to its payment, one without a photo that stands to the profile. Each ticket opened is saved on the phone, and
 * shown as that saved copy (saying so, and since when) when the server cannot be reached.
 */
export default function AdmissionTicket({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ticket.${id}` });
  const failure = useFailure();
  const { data, loading, error, refresh } = useRequest(() => fetchTicket(registrationId, handledHere), {
    onSuccess: (loaded) => saveTicket(loaded),
  });
  useReloadOnline(Boolean(error), refresh);
  if (loading) return <Loading />;
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
    const saved = failureKindOf(error) === 'refused' ? undefined : savedTicket(registrationId);
    if (saved) return <SavedCopy saved={saved} error={error} onRetry={refresh} />;
    return <LoadFailed error={error} onRetry={refresh} title={text('failed')} />;
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
