import { useLocation } from '@umijs/max';
import { withPageTexts } from '@/components/PageTexts';
import PrintStyle from '@/components/PrintStyle';
import { REFUND_TEXTS } from '@/components/RefundNote';
import { STATUS_TEXTS } from '@/components/StatusTag';
import enCheckout from '@/locales/en-US/checkout';
import enTicket from '@/locales/en-US/ticket';
import zhCheckout from '@/locales/zh-CN/checkout';
import zhTicket from '@/locales/zh-CN/ticket';
import AdmissionTicket from './components/AdmissionTicket';
import Receipt from './components/Receipt';
import TicketList from './components/TicketList';

/** /home/ticket: `?registrationId=` the admission ticket, `?orderId=` a receipt, neither: the list of tickets. */
function TicketPage() {
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

export default withPageTexts(
  TicketPage,
  { 'en-US': enTicket, 'zh-CN': zhTicket },
  { 'en-US': enCheckout, 'zh-CN': zhCheckout },
  STATUS_TEXTS,
  REFUND_TEXTS,
);
