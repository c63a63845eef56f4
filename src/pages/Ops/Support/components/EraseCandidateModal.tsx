import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Form } from 'antd';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { eraseCandidate } from '@/services/ops';
import { handledHere } from '@/utils/failure';
import type { ErasureResult, OpsCandidateDetail } from '../../../../../contract/ops';

interface EraseCandidateModalProps {
  candidate: OpsCandidateDetail;
  open: boolean;
  onClose: () => void;
  onErased: (result: ErasureResult) => void;
}

/** Erasure on request: confirmed by typing the candidate's phone number again, since it cannot be undone. */
export default function EraseCandidateModal({ candidate, open, onClose, onErased }: EraseCandidateModalProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.support.erase.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<{ confirmPhone: string }>();

  return (
    <ModalForm<{ confirmPhone: string }>
      form={form}
      title={text('title', { name: candidate.name })}
      open={open}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{
        searchConfig: { submitText: text('submit'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
        submitButtonProps: { danger: true },
      }}
      onFinish={async ({ confirmPhone }) => {
        try {
          onErased(await eraseCandidate(candidate.id, { confirmPhone: confirmPhone.trim() }, handledHere));
          return true;
        } catch (error) {
          const map = {
            codes: { ERASURE_CONFIRMATION_MISMATCH: 'confirmPhone' as const, PHONE_INVALID: 'confirmPhone' as const },
          };
          if (!failure.onFields(form, error, map)) failure.show(error);
          return false;
        }
      }}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text('consequence')} />
      <ProFormText
        name="confirmPhone"
        label={text('confirmPhone')}
        extra={text('confirmPhone.help')}
        fieldProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'off', maxLength: 32 }}
        rules={[{ required: true, whitespace: true, message: text('confirmPhone.required') }]}
      />
    </ModalForm>
  );
}
