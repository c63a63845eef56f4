import PendingPage from '@/components/PendingPage';

export default function ResultPage() {
  return <PendingPage page="result" />;
}
