import PendingPage from '@/components/PendingPage';

export default function ProfilePage() {
  return <PendingPage page="profile" />;
}
