import LegalPage from '@/components/LegalPage';

const SECTIONS = ['collected', 'purpose', 'sharing', 'retention', 'browser', 'rights'];

export default function PrivacyPolicyPage() {
  return <LegalPage prefix="pages.legal.privacy" sections={SECTIONS} />;
}
