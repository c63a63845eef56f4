import LegalPage from '@/components/LegalPage';

const SECTIONS = ['account', 'registration', 'examDay', 'changes', 'refunds', 'conduct', 'updates'];

export default function TermsOfUsePage() {
  return <LegalPage prefix="pages.legal.terms" sections={SECTIONS} />;
}
