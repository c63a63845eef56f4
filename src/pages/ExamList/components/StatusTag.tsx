import { useIntl } from '@umijs/max';
import ToneTag, { REGISTRATION_TONES } from '@/components/ToneTag';
import type { RegistrationStatus } from '../../../../contract/booking';

/** A registration's status in words and a colour of its own. */
export default function StatusTag({ status }: { status: RegistrationStatus }) {
  const intl = useIntl();
  return (
    <ToneTag tone={REGISTRATION_TONES[status]}>{intl.formatMessage({ id: `pages.examlist.status.${status}` })}</ToneTag>
  );
}
