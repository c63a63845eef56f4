import LegalPage from '@/components/LegalPage';

const SECTIONS = ['documents', 'arrival', 'lock', 'payment', 'cancellation', 'results'];

export default function RiskPage() {
  return <LegalPage prefix="pages.legal.risk" sections={SECTIONS} />;
}
