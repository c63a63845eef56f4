import { Flex, Form, Input, Modal } from 'antd';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { PHOTO_REJECTION_REASON_MAX } from '../../contract/photo';

interface PhotoRejectModalProps {
  /** Whose photo: the candidate's name (empty for an anonymized one). */
  name: string;
  /** The photo as it stands, shown beside the reason so the decision is made looking at it. */
  photoUrl: string;
  /** Sends the rejection; a refusal is shown here and the dialog stays open. */
  reject: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onRejected: () => void;
}

/**
 * A center or operator rejects a candidate's photo with the reason the candidate will read; their ticket waits for a
 * new photo. Used by the center's roster and the operators' support page.
 */
export default function PhotoRejectModal({ name, photoUrl, reject, onClose, onRejected }: PhotoRejectModalProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `component.photoReject.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async ({ reason }: { reason: string }) => {
    try {
      await reject(reason.trim());
      onRejected();
    } catch (error) {
      failure.show(error);
    }
  };

  return (
    <Modal
      open
      title={text('title', { name })}
      okText={text('ok')}
      okButtonProps={{ danger: true }}
      cancelText={text('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex gap={16} align="flex-start" wrap>
        <img src={photoUrl} alt={text('photo', { name })} width={90} height={126} style={{ objectFit: 'cover' }} />
        <Form<{ reason: string }>
          form={form}
          name="photoReject"
          layout="vertical"
          onFinish={submit}
          style={{ flex: 1 }}
        >
          <Form.Item
            name="reason"
            label={text('reason')}
            extra={text('reason.help')}
            rules={[{ required: true, whitespace: true, message: text('reason.required') }]}
          >
            <Input.TextArea rows={3} maxLength={PHOTO_REJECTION_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
