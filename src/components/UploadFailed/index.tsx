import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useIntl } from '@/intl';

/** Where a file was picked: "Upload Failed" and why (`reason`), or nothing while the last upload has not failed. */
export default function UploadFailed({ reason, style }: { reason: string | null; style?: CSSProperties }) {
  const intl = useIntl();
  return reason ? (
    <Alert
      type="error"
      showIcon
      message={intl.formatMessage({ id: 'component.upload.failed' })}
      description={reason}
      style={style}
    />
  ) : null;
}
