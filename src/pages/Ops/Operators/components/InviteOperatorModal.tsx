import { ModalForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useIntl } from '@/intl';
import { inviteOperator } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { isMainlandMobile } from '@/utils/phone';
import { OPS_PERMISSIONS, type OpsPermission } from '../../../../../contract/auth';

interface InviteValues {
  phone: string;
  name: string;
  permissions: OpsPermission[];
}

/** Makes a phone an operator with the permissions ticked; it logs in at /ops/login from then on. */
export default function InviteOperatorModal({ onInvited }: { onInvited: () => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.operators.invite.${id}` }, values);
  return (
    <ModalForm<InviteValues>
      title={text('title')}
      trigger={<Button type="primary">{text('open')}</Button>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: text('submit'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
      }}
      onFinish={async (values) => {
        try {
          await inviteOperator(values);
        } catch {
          // The request error handler has already said why (OPERATOR_EXISTS, ...); the form stays open.
          return false;
        }
        feedback.message.success(text('done', { name: values.name }));
        onInvited();
        return true;
      }}
    >
      <ProFormText
        name="phone"
        label={text('phone')}
        fieldProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'off' }}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && isMainlandMobile(value) ? Promise.resolve() : Promise.reject(new Error(text('phone.invalid'))),
          },
        ]}
      />
      <ProFormText
        name="name"
        label={text('name')}
        fieldProps={{ maxLength: 50 }}
        rules={[{ required: true, whitespace: true, message: text('name.required') }]}
      />
      <ProFormCheckbox.Group
        name="permissions"
        label={text('permissions')}
        options={OPS_PERMISSIONS.map((permission) => ({
          value: permission,
          label: intl.formatMessage({ id: `pages.ops.permission.${permission}` }),
        }))}
        rules={[{ required: true, message: text('permissions.required') }]}
      />
    </ModalForm>
  );
}
