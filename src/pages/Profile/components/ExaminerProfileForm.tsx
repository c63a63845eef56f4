import { ProForm } from '@ant-design/pro-components';
import { history, useIntl, useModel, useSearchParams } from '@umijs/max';
import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { errorText } from '@/requestErrorConfig';
import { saveExaminerProfile } from '@/services/examiner';
import { envelopeOf } from '@/utils/bizError';
import { feedback } from '@/utils/feedback';
import { safeRedirect } from '@/utils/guard';
import defaultSettings from '../../../../config/defaultSettings';
import type { ExaminerProfile } from '../../../../contract/examiner';
import { isValidIdCard } from '../../../../contract/idcard';

interface ExaminerFormValues {
  name?: string;
  phone?: string;
  address?: string;
  identityId?: string;
}

const FIELD_OF_PATH: Record<string, keyof ExaminerFormValues> = {
  name: 'name',
  address: 'address',
  identityId: 'identityId',
};
const INVALID_MESSAGE: Record<string, string> = {
  name: 'pages.profile.name.required',
  address: 'pages.profile.address.required',
  identityId: 'errors.ID_CARD_INVALID',
};

interface ExaminerProfileFormProps {
  saved: ExaminerProfile;
  onSaved: (saved: ExaminerProfile) => void;
}

/** The examiner profile (spec section 3: address, identity ID), with the name the header and the door show. */
export default function ExaminerProfileForm({ saved, onSaved }: ExaminerProfileFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<ExaminerFormValues>();
  const { setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  // ProForm reads its initial values once; later answers (a save) are already in the form.
  const [initialValues] = useState<ExaminerFormValues>(() => ({
    name: saved.name || undefined,
    phone: saved.phone,
    address: saved.address || undefined,
    identityId: saved.identityId || undefined,
  }));
  const text = (id: string) => intl.formatMessage({ id });
  const required = (messageId: string): Rule => ({ required: true, whitespace: true, message: text(messageId) });

  const submit = async (values: Required<ExaminerFormValues>) => {
    try {
      const result = await saveExaminerProfile(
        {
          name: values.name.trim(),
          address: values.address.trim(),
          identityId: values.identityId.trim().toUpperCase(),
        },
        { skipErrorHandler: true },
      );
      // The header shows the name from initialState; the next page must see the new one.
      flushSync(() =>
        setInitialState((state) => ({
          settings: defaultSettings,
          ...state,
          currentUser: state?.currentUser && { ...state.currentUser, name: result.name },
        })),
      );
      feedback.message.success(text('pages.profile.saved'));
      onSaved(result);
      const redirect = searchParams.get('redirect');
      if (redirect) history.push(safeRedirect(redirect, window.location.origin));
    } catch (error) {
      const envelope = envelopeOf(error);
      const fields: Array<keyof ExaminerFormValues> =
        envelope?.errorCode === 'ID_CARD_INVALID'
          ? ['identityId']
          : envelope?.errorCode === 'VALIDATION_FAILED'
            ? [...new Set((envelope.details ?? []).map((detail) => FIELD_OF_PATH[detail.path]).filter(Boolean))]
            : [];
      if (fields.length > 0) {
        form.setFields(fields.map((name) => ({ name, errors: [text(INVALID_MESSAGE[name] ?? '')] })));
      } else {
        feedback.message.error(envelope ? errorText(envelope) : text('request.fallback'));
      }
    }
  };

  const identityRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isValidIdCard(value.trim().toUpperCase())
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.ID_CARD_INVALID'))),
  };

  return (
    <ProForm<ExaminerFormValues>
      form={form}
      name="examinerProfile"
      layout="vertical"
      initialValues={initialValues}
      isKeyPressSubmit
      onFinish={(values) => submit(values as Required<ExaminerFormValues>)}
      submitter={{ searchConfig: { submitText: text('pages.profile.save') }, resetButtonProps: false }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="name"
            label={text('pages.profile.name')}
            rules={[required('pages.profile.name.required')]}
          >
            <Input autoComplete="name" maxLength={50} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item name="phone" label={text('pages.profile.phone')} extra={text('pages.profile.phone.help')}>
            <Input readOnly />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="identityId"
            label={text('pages.profile.examiner.identityId')}
            rules={[required('pages.profile.idNumber.required'), identityRule]}
          >
            <Input autoComplete="off" maxLength={18} />
          </ProForm.Item>
        </Col>
        <Col xs={24}>
          <ProForm.Item
            name="address"
            label={text('pages.profile.address')}
            rules={[required('pages.profile.address.required')]}
          >
            <Input autoComplete="street-address" maxLength={200} />
          </ProForm.Item>
        </Col>
      </Row>
    </ProForm>
  );
}
