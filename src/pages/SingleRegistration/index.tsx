import PendingPage from '@/components/PendingPage';

export default function SingleRegistrationPage() {
  return <PendingPage page="singleRegistration" />;
}
