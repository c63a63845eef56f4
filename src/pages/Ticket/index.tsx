import { useLocation } from '@umijs/max';
import AdmissionTicket from './components/AdmissionTicket';
import PrintStyle from './components/PrintStyle';
import Receipt from './components/Receipt';
import TicketList from './components/TicketList';

/** /home/ticket: `?registrationId=` the admission ticket, `?orderId=` a receipt, neither: the list of tickets. */
export default function TicketPage() {
  const search = new URLSearchParams(useLocation().search);
  const registrationId = search.get('registrationId');
  const orderId = search.get('orderId');
  return (
    <>
      <PrintStyle />
      {registrationId ? (
        <AdmissionTicket key={registrationId} registrationId={registrationId} />
      ) : orderId ? (
        <Receipt key={orderId} orderId={orderId} />
      ) : (
        <TicketList />
      )}
    </>
  );
}
