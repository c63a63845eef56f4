import { ProForm } from '@ant-design/pro-components';
import { history, useIntl, useSearchParams } from '@umijs/max';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import RegionField from '@/components/RegionField';
import { errorText } from '@/requestErrorConfig';
import { saveCenterProfile, uploadLicense, uploadLogo } from '@/services/center';
import { envelopeOf } from '@/utils/bizError';
import { feedback } from '@/utils/feedback';
import { safeRedirect } from '@/utils/guard';
import { isMainlandMobile } from '@/utils/phone';
import type { CenterProfile } from '../../../../contract/center';
import { isValidCreditCode } from '../../../../contract/creditCode';
import {
  type CenterProfileField,
  type CenterProfileFormValues,
  centerFieldErrorsOf,
  toCenterFormValues,
  toCenterUpdate,
  type ValidCenterProfileValues,
} from '../centerProfileForm';
import DocumentField from './DocumentField';

/** contract/center.ts LICENSE_CONTENT_TYPES; the logo is a picture only. */
const LICENSE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_CAPACITY = 100_000;

interface CenterProfileFormProps {
  saved: CenterProfile;
  onSaved: (saved: CenterProfile) => void;
}

/**
 * The test center profile (spec sections 3 and 5): every field checked as the server will check it, the tax ID
 * with its GB 32100 check character, the license and logo uploaded as soon as they are picked.
 */
export default function CenterProfileForm({ saved, onSaved }: CenterProfileFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<CenterProfileFormValues>();
  const [searchParams] = useSearchParams();
  // ProForm reads its initial values once; later answers (a save) are already in the form.
  const [initialValues] = useState(() => toCenterFormValues(saved));
  const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const label = (field: string) => text(`pages.center.profile.${field}`);
  const required = (messageId: string): Rule => ({ required: true, whitespace: true, message: text(messageId) });
  const showFieldError = (field: CenterProfileField, message: string) =>
    form.setFields([{ name: field, errors: [message] }]);

  const submit = async (values: ValidCenterProfileValues) => {
    try {
      const result = await saveCenterProfile(toCenterUpdate(values), { skipErrorHandler: true });
      feedback.message.success(text('pages.center.profile.saved'));
      onSaved(result);
      const redirect = searchParams.get('redirect');
      if (redirect) history.push(safeRedirect(redirect, window.location.origin));
    } catch (error) {
      const envelope = envelopeOf(error);
      const fieldErrors = envelope ? centerFieldErrorsOf(envelope) : [];
      if (fieldErrors.length > 0) {
        form.setFields(fieldErrors.map(({ field, messageId }) => ({ name: field, errors: [text(messageId)] })));
        form.scrollToField(fieldErrors[0]?.field ?? 'businessName');
      } else {
        feedback.message.error(envelope ? errorText(envelope) : text('request.fallback'));
      }
    }
  };

  const taxIdRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isValidCreditCode(value)
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.TAX_ID_INVALID'))),
  };
  const phoneRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isMainlandMobile(value)
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.PHONE_INVALID'))),
  };
  const capacityRule: Rule = {
    type: 'integer',
    min: 1,
    max: MAX_CAPACITY,
    message: text('pages.center.profile.capacity.range'),
  };

  return (
    <ProForm<CenterProfileFormValues>
      form={form}
      name="centerProfile"
      layout="vertical"
      initialValues={initialValues}
      isKeyPressSubmit
      onFinish={(values) => submit(values as ValidCenterProfileValues)}
      submitter={{ searchConfig: { submitText: text('pages.profile.save') }, resetButtonProps: false }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="businessName"
            label={label('businessName')}
            rules={[required('pages.center.profile.businessName.required')]}
          >
            <Input autoComplete="organization" maxLength={100} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="taxId"
            label={label('taxId')}
            extra={text('pages.center.profile.taxId.help')}
            rules={[required('pages.center.profile.taxId.required'), taxIdRule]}
          >
            <Input autoComplete="off" maxLength={18} style={{ textTransform: 'uppercase' }} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="license"
            label={label('license')}
            extra={text('pages.center.profile.license.help')}
            rules={[{ required: true, message: text('pages.center.profile.license.required') }]}
          >
            <DocumentField
              contentTypes={LICENSE_TYPES}
              send={uploadLicense}
              needsToken
              onRejected={(message) => showFieldError('license', message)}
              texts={{
                upload: 'pages.center.profile.license.upload',
                replace: 'pages.center.profile.license.replace',
                uploading: 'pages.profile.avatar.uploading',
                alt: 'pages.center.profile.license.alt',
                invalid: 'errors.LICENSE_INVALID',
                tooLarge: 'pages.center.profile.license.tooLarge',
              }}
            />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="logo"
            label={`${label('logo')} ${text('pages.profile.optional')}`}
            extra={text('pages.center.profile.logo.help')}
          >
            <DocumentField
              contentTypes={LOGO_TYPES}
              send={uploadLogo}
              onRejected={(message) => showFieldError('logo', message)}
              texts={{
                upload: 'pages.center.profile.logo.upload',
                replace: 'pages.center.profile.logo.replace',
                uploading: 'pages.profile.avatar.uploading',
                alt: 'pages.center.profile.logo.alt',
                invalid: 'errors.IMAGE_INVALID',
                tooLarge: 'pages.profile.avatar.tooLarge',
              }}
            />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="capacity"
            label={label('capacity')}
            extra={text('pages.center.profile.capacity.help')}
            rules={[{ required: true, message: text('pages.center.profile.capacity.required') }, capacityRule]}
          >
            <InputNumber min={1} max={MAX_CAPACITY} precision={0} style={{ width: '100%' }} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="contactName"
            label={label('contactName')}
            rules={[required('pages.center.profile.contactName.required')]}
          >
            <Input autoComplete="name" maxLength={50} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="contactPhone"
            label={label('contactPhone')}
            rules={[required('pages.center.profile.contactPhone.required'), phoneRule]}
          >
            <Input type="tel" autoComplete="tel" maxLength={32} />
          </ProForm.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ProForm.Item
            name="region"
            label={text('pages.profile.region')}
            rules={[{ required: true, message: text('pages.profile.region.required') }]}
          >
            <RegionField placeholder={text('pages.profile.region')} />
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
