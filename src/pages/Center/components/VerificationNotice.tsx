import { Alert } from 'antd';
import { useIntl } from '@/intl';
import type { CenterVerification } from '../../../../contract/ops';

const TYPES = { pending: 'info', rejected: 'error', suspended: 'warning' } as const;

/**
 * Where the operators' verification of the center stands, unless approved: until then its exams are neither listed
 * nor bookable; a rejection says the operators' reason.
 */
export default function VerificationNotice({ verification }: { verification?: CenterVerification }) {
  const intl = useIntl();
  if (!verification || verification.status === 'approved') return null;
  const { status, reason } = verification;
  return (
    <Alert
      type={TYPES[status]}
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      message={intl.formatMessage({ id: `pages.center.console.verification.${status}` })}
      description={
        reason ? intl.formatMessage({ id: 'pages.center.console.verification.reason' }, { reason }) : undefined
      }
    />
  );
}
