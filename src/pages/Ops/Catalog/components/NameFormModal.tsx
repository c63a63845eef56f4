import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@/intl';
import type { LocalizedText } from '../../../../../contract/common';

export interface NameFormValues {
  code?: string;
  name: LocalizedText;
}

interface NameFormModalProps {
  title: string;
  open: boolean;
  /** Ask for a code too (a new category: what exams and searches name, fixed once created). */
  withCode: boolean;
  initialName?: LocalizedText;
  onClose: () => void;
  /** Saves; false keeps the form open (the request error handler has said why). */
  onSave: (values: NameFormValues) => Promise<boolean>;
}

/** A catalog entry's names in both languages (and a new category's code). */
export default function NameFormModal({ title, open, withCode, initialName, onClose, onSave }: NameFormModalProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.catalog.form.${id}` });
  const required = (field: string) => ({ required: true, whitespace: true, message: text(`${field}.required`) });
  return (
    <ModalForm<NameFormValues>
      title={title}
      open={open}
      initialValues={{ name: initialName }}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{
        searchConfig: { submitText: text('save'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
      }}
      onFinish={onSave}
    >
      {withCode ? (
        <ProFormText
          name="code"
          label={text('code')}
          extra={text('code.help')}
          fieldProps={{ maxLength: 32, autoComplete: 'off' }}
          rules={[required('code'), { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/, message: text('code.invalid') }]}
        />
      ) : null}
      <ProFormText
        name={['name', 'zh']}
        label={text('nameZh')}
        fieldProps={{ maxLength: 100 }}
        rules={[required('nameZh')]}
      />
      <ProFormText
        name={['name', 'en']}
        label={text('nameEn')}
        fieldProps={{ maxLength: 100 }}
        rules={[required('nameEn')]}
      />
    </ModalForm>
  );
}
