import PendingPage from '@/components/PendingPage';

export default function TicketPage() {
  return <PendingPage page="ticket" />;
}
