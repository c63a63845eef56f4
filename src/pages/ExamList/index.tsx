import PendingPage from '@/components/PendingPage';

export default function ExamListPage() {
  return <PendingPage page="examlist" />;
}
