import { Button, Flex, Tag, Tooltip } from 'antd';
import { useIntl } from '@/intl';
import type { RosterEntry } from '../../../../../contract/center';

interface RosterPhotoProps {
  entry: RosterEntry;
  /** Offered while the candidate is registered and their photo stands. */
  onReject?: () => void;
}

/** A roster line's photo: a thumbnail to compare at a glance, whether it was rejected (and why), and Reject. */
export default function RosterPhoto({ entry, onReject }: RosterPhotoProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.center.roster.photo.${id}` }, values);
  const { photo } = entry;
  if (!photo) return <>{text('none')}</>;
  const name = entry.name || intl.formatMessage({ id: 'pages.center.roster.anonymized' });
  return (
    <Flex gap={8} align="center">
      <img
        src={photo.url}
        alt={text('alt', { name })}
        width={36}
        height={50}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 2 }}
      />
      {photo.rejection ? (
        <Tooltip title={photo.rejection.reason}>
          <Tag color="red">{text('rejected')}</Tag>
        </Tooltip>
      ) : onReject ? (
        <Button size="small" type="link" danger onClick={onReject} aria-label={text('reject.label', { name })}>
          {text('reject')}
        </Button>
      ) : null}
    </Flex>
  );
}
