import { Link, useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Result, Spin } from 'antd';
import TicketCard from '@/components/TicketCard';
import { errorText } from '@/requestErrorConfig';
import { ticket as fetchTicket } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';

/** One registration's admission ticket, printable; an unpaid one leads to its payment. */
export default function AdmissionTicket({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ticket.${id}` });
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
  const canceled = data.status === 'canceled' || !data.token;
  return (
    <TicketCard
      ticket={data}
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{text('title')}</h1>}
      extra={
        <Button className="no-print" onClick={() => window.print()} disabled={canceled}>
          {text('print')}
        </Button>
      }
    />
  );
}
