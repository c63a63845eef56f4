import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@/intl';
import { rejectCenter } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import type { OpsCenter } from '../../../../../contract/ops';

interface RejectCenterModalProps {
  center: OpsCenter | null;
  onClose: () => void;
  onRejected: () => void;
}

/** Rejecting a center takes a reason: the center sees it on its console and gets it by SMS. */
export default function RejectCenterModal({ center, onClose, onRejected }: RejectCenterModalProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.centers.reject.${id}` }, values);
  return (
    <ModalForm<{ reason: string }>
      title={text('title', { name: center?.businessName ?? '' })}
      open={center !== null}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{
        searchConfig: { submitText: text('submit'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
      }}
      onFinish={async ({ reason }) => {
        if (!center) return false;
        try {
          await rejectCenter(center.id, { reason });
        } catch {
          // The request error handler has already said why; the form stays open.
          return false;
        }
        feedback.message.success(text('done', { name: center.businessName }));
        onRejected();
        return true;
      }}
    >
      <ProFormTextArea
        name="reason"
        label={text('reason')}
        extra={text('reason.help')}
        fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
        rules={[{ required: true, whitespace: true, message: text('reason.required') }]}
      />
    </ModalForm>
  );
}
