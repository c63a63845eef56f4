import { Link } from '@umijs/max';
import { Result } from 'antd';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { envelopeOf } from '@/utils/bizError';

/** The answers that hold a ticket back until the candidate's photo stands. */
export const PHOTO_REFUSALS = ['TICKET_PHOTO_REQUIRED', 'TICKET_PHOTO_REJECTED'];

/**
 * No ticket without a photo that stands (issue 15): says why (no photo, or the reason it was rejected) and leads to
 * the profile, where a new one is uploaded.
 */
export default function PhotoNeeded({ error }: { error: unknown }) {
  const intl = useIntl();
  const failure = useFailure();
  const reason = envelopeOf(error)?.details?.find((detail) => detail.path === 'reason')?.message;
  return (
    <Result
      status="warning"
      title={failure.text(error)}
      subTitle={reason ? intl.formatMessage({ id: 'pages.ticket.photo.reason' }, { reason }) : undefined}
      extra={<Link to="/home/profile">{intl.formatMessage({ id: 'pages.ticket.photo.link' })}</Link>}
    />
  );
}
