import { Alert } from 'antd';
import { useIntl } from '@/intl';
import type { PhotoRejection } from '../../../../contract/profile';

/**
 * A center or operator rejected the current photo: why, and what to do (upload a new one, then save). Shown on the
 * profile until a new photo replaces it.
 */
export default function PhotoRejectionNotice({ rejection }: { rejection: PhotoRejection }) {
  const intl = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={intl.formatMessage({ id: 'pages.profile.photo.rejected.title' })}
      description={intl.formatMessage({ id: 'pages.profile.photo.rejected.body' }, { reason: rejection.reason })}
    />
  );
}
