import { Link, useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Result, Spin } from 'antd';
import TicketCard from '@/components/TicketCard';
import { useFailure } from '@/hooks/useFailure';
import { ticket as fetchTicket } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';

/** One registration's admission ticket, printable; an unpaid one leads to its payment. */
export default function AdmissionTicket({ registrationId }: { registrationId: string }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ticket.${id}` });
  const failure = useFailure();
  const { data, loading, error } = useRequest(() => fetchTicket(registrationId, handledHere));
  if (loading) return <Spin />;
  if (envelopeOf(error)?.errorCode === 'TICKET_NOT_ISSUED') {
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
