import PendingPage from '@/components/PendingPage';

export default function TransactionPage() {
  return <PendingPage page="transaction" />;
}
