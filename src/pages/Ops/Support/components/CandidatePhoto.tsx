import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import PhotoRejectModal from '@/components/PhotoRejectModal';
import { useIntl } from '@/intl';
import { rejectCandidatePhoto } from '@/services/ops';
import { handledHere } from '@/utils/failure';
import type { OpsCandidateDetail } from '../../../../../contract/ops';
import type { CandidatePhoto as Photo } from '../../../../../contract/profile';

interface CandidatePhotoProps {
  candidate: OpsCandidateDetail;
  name: string;
  onRejected: (photo: Photo) => void;
}

/** The candidate's ID photo as support sees it: the image, any rejection and its reason, and Reject. */
export default function CandidatePhoto({ candidate, name, onRejected }: CandidatePhotoProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.support.photo.${id}` }, values);
  const [rejecting, setRejecting] = useState(false);
  const { photo } = candidate;
  if (!photo) return <>{text('none')}</>;
  return (
    <Flex gap={12} align="center" wrap>
      <img src={photo.url} alt={text('alt', { name })} width={60} height={84} style={{ objectFit: 'cover' }} />
      {photo.rejection ? (
        <Typography.Text type="danger">
          {intl.formatMessage({ id: 'component.photoReject.rejected' }, { reason: photo.rejection.reason })}
        </Typography.Text>
      ) : (
        <Button danger size="small" onClick={() => setRejecting(true)}>
          {text('reject')}
        </Button>
      )}
      {rejecting ? (
        <PhotoRejectModal
          name={name}
          photoUrl={photo.url}
          reject={async (reason) => onRejected(await rejectCandidatePhoto(candidate.id, { reason }, handledHere))}
          onClose={() => setRejecting(false)}
          onRejected={() => setRejecting(false)}
        />
      ) : null}
    </Flex>
  );
}
