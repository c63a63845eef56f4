import ToneTag, { type Tone } from '@/components/ToneTag';
import { useIntl } from '@/intl';
import type { CenterVerificationStatus, TaxIdCheck } from '../../../../contract/ops';

const VERIFICATION_TONES: Record<CenterVerificationStatus, Tone> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  suspended: 'grey',
};

/** Where a center's verification stands, in words on a tag of its tone. */
export function VerificationTag({ status }: { status: CenterVerificationStatus }) {
  const intl = useIntl();
  return (
    <ToneTag tone={VERIFICATION_TONES[status]}>
      {intl.formatMessage({ id: `pages.ops.verification.${status}` })}
    </ToneTag>
  );
}

/** The tax ID's check-character result. */
export function TaxIdCheckTag({ check }: { check: TaxIdCheck }) {
  const intl = useIntl();
  return (
    <ToneTag tone={check === 'valid' ? 'green' : 'red'}>
      {intl.formatMessage({ id: `pages.ops.centers.taxIdCheck.${check}` })}
    </ToneTag>
  );
}
