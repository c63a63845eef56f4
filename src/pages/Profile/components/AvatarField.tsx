import { UploadOutlined } from '@ant-design/icons';
import type { UploadProps } from 'antd';
import { Button, Flex, Upload } from 'antd';
import { useRef, useState } from 'react';
import type { FieldAria } from '@/components/fieldAria';
import { useIntl } from '@/intl';
import { AVATAR_UPLOAD_URL } from '@/services/profile';
import { isErrorEnvelope } from '@/utils/bizError';
import { readToken } from '@/utils/session';
import type { Envelope } from '../../../../contract/envelope';
import { PHOTO_MAX_BYTES } from '../../../../contract/photo';
import type { AvatarUpload } from '../../../../contract/profile';
import type { AvatarValue } from '../profileForm';
import PhotoCropModal from './PhotoCropModal';

/** An ID photo is a JPEG or a PNG (the server checks the bytes; this spares an upload of anything else). */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

interface AvatarFieldProps extends FieldAria {
  /** Form.Item's id, set on the button so the field's label names it. */
  id?: string;
  value?: AvatarValue;
  onChange?: (value: AvatarValue) => void;
  /** Shows a refusal (type, size, a failed upload) as the field's error. */
  onRejected: (message: string) => void;
}

/**
 * The ID photo: checked for type and size, cropped to the ticket's proportions (PhotoCropModal), then uploaded at
 * once to the avatar endpoint with the bearer token. The answer's avatarId becomes the field's value, which the
 * profile save names.
 */
export default function AvatarField({
  id,
  value,
  onChange,
  onRejected,
  // A button may not carry aria-required (axe: aria-allowed-attr); the label's mark says it is required.
  'aria-required': _required,
  ...aria
}: AvatarFieldProps) {
  const intl = useIntl();
  const [uploading, setUploading] = useState(false);
  const [cropping, setCropping] = useState<File | null>(null);
  // The pending upload waits on the crop step: confirmed, it uploads the cropped photo; cancelled, nothing.
  const settle = useRef<((result: File | typeof Upload.LIST_IGNORE) => void) | null>(null);
  const text = (messageId: string) => intl.formatMessage({ id: messageId });
  const token = readToken();

  const endCrop = (result: File | typeof Upload.LIST_IGNORE) => {
    settle.current?.(result);
    settle.current = null;
    setCropping(null);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      onRejected(text('errors.IMAGE_INVALID'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      onRejected(text('pages.profile.avatar.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    setCropping(file);
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  };

  const handleChange: UploadProps<Envelope<AvatarUpload>>['onChange'] = ({ file }) => {
    setUploading(file.status === 'uploading');
    const answer = file.response;
    if (file.status === 'done' && answer?.success) {
      onChange?.({ avatarId: answer.data.avatarId, url: answer.data.avatarUrl });
    } else if (file.status === 'done' || file.status === 'error') {
      const code = isErrorEnvelope(answer) ? `errors.${answer.errorCode}` : '';
      onRejected(code && intl.messages[code] ? text(code) : text('pages.profile.avatar.failed'));
    }
  };

  return (
    <Flex align="center" gap={16} wrap>
      {value ? (
        <img
          src={value.url}
          alt={text('pages.profile.avatar.alt')}
          width={72}
          height={101}
          style={{ objectFit: 'cover', borderRadius: 4 }}
        />
      ) : null}
      <PhotoCropModal
        file={cropping}
        onConfirm={endCrop}
        onCancel={() => endCrop(Upload.LIST_IGNORE)}
        onUnusable={(code) => {
          endCrop(Upload.LIST_IGNORE);
          onRejected(text(`errors.${code}`));
        }}
      />
      <Upload<Envelope<AvatarUpload>>
        name="file"
        action={AVATAR_UPLOAD_URL}
        headers={token ? { Authorization: `Bearer ${token}` } : {}}
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={beforeUpload}
        onChange={handleChange}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden="true" />} loading={uploading} {...aria}>
          {text(
            uploading
              ? 'pages.profile.avatar.uploading'
              : value
                ? 'pages.profile.avatar.replace'
                : 'pages.profile.avatar.upload',
          )}
        </Button>
      </Upload>
    </Flex>
  );
}
