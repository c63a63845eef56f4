import PendingPage from '@/components/PendingPage';

export default function GroupRegistrationPage() {
  return <PendingPage page="gRegistration" />;
}
