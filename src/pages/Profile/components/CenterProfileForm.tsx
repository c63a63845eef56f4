import { Form, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import { useIntl } from '@/intl';
import { saveCenterProfile, uploadLicense, uploadLogo } from '@/services/center';
import { handledHere } from '@/utils/failure';
import type { CenterProfile } from '../../../../contract/center';
import { isValidCreditCode } from '../../../../contract/creditCode';
import {
  CENTER_FIELD_ERRORS,
  type CenterProfileField,
  type CenterProfileFormValues,
  toCenterFormValues,
  toCenterUpdate,
  type ValidCenterProfileValues,
} from '../centerProfileForm';
import DocumentField from './DocumentField';
import ProfileFormFrame from './ProfileFormFrame';
import { AddressItem, ContactPhoneItem, FieldColumn, RegionItem } from './profileFields';

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
  const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const label = (field: string) => text(`pages.center.profile.${field}`);
  const required = (messageId: string): Rule => ({ required: true, whitespace: true, message: text(messageId) });
  const showFieldError = (field: CenterProfileField, message: string) =>
    form.setFields([{ name: field, errors: [message] }]);

  const taxIdRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isValidCreditCode(value)
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.TAX_ID_INVALID'))),
  };
  const capacityRule: Rule = {
    type: 'integer',
    min: 1,
    max: MAX_CAPACITY,
    message: text('pages.center.profile.capacity.range'),
  };

  return (
    <ProfileFormFrame
      name="centerProfile"
      form={form}
      initialValues={toCenterFormValues(saved)}
      save={(values) => saveCenterProfile(toCenterUpdate(values as ValidCenterProfileValues), handledHere)}
      fieldErrors={CENTER_FIELD_ERRORS}
      savedText="pages.center.profile.saved"
      onSaved={onSaved}
    >
      <FieldColumn
        name="businessName"
        label={label('businessName')}
        rules={[required('pages.center.profile.businessName.required')]}
      >
        <Input autoComplete="organization" maxLength={100} />
      </FieldColumn>
      <FieldColumn
        name="taxId"
        label={label('taxId')}
        extra={text('pages.center.profile.taxId.help')}
        rules={[required('pages.center.profile.taxId.required'), taxIdRule]}
      >
        <Input autoComplete="off" maxLength={18} style={{ textTransform: 'uppercase' }} />
      </FieldColumn>
      <FieldColumn
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
      </FieldColumn>
      <FieldColumn
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
      </FieldColumn>
      <FieldColumn
        name="capacity"
        label={label('capacity')}
        extra={text('pages.center.profile.capacity.help')}
        rules={[{ required: true, message: text('pages.center.profile.capacity.required') }, capacityRule]}
      >
        <InputNumber min={1} max={MAX_CAPACITY} precision={0} style={{ width: '100%' }} />
      </FieldColumn>
      <FieldColumn
        name="contactName"
        label={label('contactName')}
        rules={[required('pages.center.profile.contactName.required')]}
      >
        <Input autoComplete="name" maxLength={50} />
      </FieldColumn>
      <ContactPhoneItem texts="pages.center.profile" />
      <RegionItem />
      <AddressItem />
    </ProfileFormFrame>
  );
}
