import { CalendarOutlined } from '@ant-design/icons';
import { Col, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, useEffect } from 'react';
import DatePicker from '@/components/DatePicker';
import { useIntl } from '@/intl';
import { saveProfile } from '@/services/profile';
import { handledHere } from '@/utils/failure';
import { namedOptions } from '@/utils/options';

import { pickText } from '../../../../contract/format';
import { idCardBirthDate, idCardGender, isValidIdCard } from '../../../../contract/idcard';
import type { Gender, Organization, Profile } from '../../../../contract/profile';
import {
  DATE_FORMAT,
  PROFILE_FIELD_ERRORS,
  type ProfileField,
  type ProfileFormValues,
  toFormValues,
  toUpdate,
  type ValidProfileValues,
} from '../profileForm';
import AvatarField from './AvatarField';
import GenderField from './GenderField';
import PhotoRejectionNotice from './PhotoRejectionNotice';
import ProfileFormFrame from './ProfileFormFrame';
import { AddressItem, ContactPhoneItem, FieldColumn, LoginPhoneItem, NameItem, RegionItem } from './profileFields';

const GENDERS: Gender[] = ['male', 'female'];

interface ProfileFormProps {
  saved: Profile;
  organizations: Organization[];
  onSaved: (saved: Profile) => void;
}

/**
 * The organizations a profile may choose, and the retired one it already names (labelled retired): without it the
 * select would show the bare id of an organization it no longer offers.
 */
function organizationOptions(saved: Profile, organizations: Organization[], intl: ReturnType<typeof useIntl>) {
  const options = namedOptions(organizations, (organization) => organization.id, intl.locale) ?? [];
  const retired = saved.retiredOrganization;
  if (!retired || options.some((option) => option.value === retired.id)) return options;
  const name = pickText(retired.name, intl.locale);
  return [
    ...options,
    { value: retired.id, label: intl.formatMessage({ id: 'pages.profile.organization.retired' }, { name }) },
  ];
}

/** The ID number, when it is a valid one, so the birth date and gender can be held to it. */
function validIdNumber(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const idNumber = value.trim().toUpperCase();
  return isValidIdCard(idNumber) ? idNumber : undefined;
}

/** Enter in the date field confirms the date typed (the picker does that) and must not also save the whole profile. */
function keepEnterInField(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/** Where the calendar opens while no date is chosen: a typical candidate's birth year, not this year. */
const TYPICAL_BIRTH = dayjs().subtract(25, 'year').startOf('year');

/**
 * Every field of the personal profile (spec section 3), checked as the server will check it. The controls are
 * antd's own inside ProForm.Item: ProFormText and friends drop the aria-invalid and aria-describedby that Form.Item
 * gives its control, and screen readers need them to tie an error to its field.
 */
export default function ProfileForm({ saved, organizations, onSaved }: ProfileFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<ProfileFormValues>();
  const avatar = Form.useWatch('avatar', form);
  const idNumber = validIdNumber(Form.useWatch('idNumber', form));
  const birthOfId = idNumber ? idCardBirthDate(idNumber) : undefined;
  // The ID card number holds the date of birth: once a valid number is typed, the date follows it.
  useEffect(() => {
    if (!birthOfId) return;
    const current = form.getFieldValue('dateOfBirth') as Dayjs | undefined;
    if (current?.format(DATE_FORMAT) === birthOfId) return;
    form.setFieldValue('dateOfBirth', dayjs(birthOfId, DATE_FORMAT));
    form.validateFields(['dateOfBirth']).catch(() => undefined);
  }, [birthOfId, form]);
  // The rejection is about the saved photo: once another is chosen it no longer applies.
  const rejection = avatar?.avatarId === saved.avatarId ? saved.photoRejection : null;
  const text = (id: string) => intl.formatMessage({ id });
  const label = (field: string) => text(`pages.profile.${field}`);
  const optional = (field: string) => `${label(field)} ${text('pages.profile.optional')}`;
  const required = (field: string): Rule => ({ required: true, message: text(`pages.profile.${field}.required`) });
  const requiredText = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: text(`pages.profile.${field}.required`),
  });

  const showFieldError = (field: ProfileField, message: string) => form.setFields([{ name: field, errors: [message] }]);

  const idNumberRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || validIdNumber(value)
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.ID_CARD_INVALID'))),
  };
  const birthRule: Rule = ({ getFieldValue }) => ({
    validator: (_, value: Dayjs | undefined) => {
      if (!value) return Promise.resolve();
      if (value.isAfter(dayjs(), 'day')) return Promise.reject(new Error(text('pages.profile.dateOfBirth.future')));
      const idNumber = validIdNumber(getFieldValue('idNumber'));
      if (idNumber && idCardBirthDate(idNumber) !== value.format(DATE_FORMAT)) {
        return Promise.reject(new Error(text('errors.ID_CARD_BIRTH_MISMATCH')));
      }
      return Promise.resolve();
    },
  });
  const genderRule: Rule = ({ getFieldValue }) => ({
    validator: (_, value: Gender | undefined) => {
      const idNumber = validIdNumber(getFieldValue('idNumber'));
      return value && idNumber && idCardGender(idNumber) !== value
        ? Promise.reject(new Error(text('pages.profile.gender.mismatch')))
        : Promise.resolve();
    },
  });

  return (
    <ProfileFormFrame
      name="profile"
      form={form}
      initialValues={toFormValues(saved)}
      save={(values) => saveProfile(toUpdate(values as ValidProfileValues), handledHere)}
      fieldErrors={PROFILE_FIELD_ERRORS}
      savedText="pages.profile.saved"
      onSaved={onSaved}
      header={(result) => ({ name: result.name, avatar_small: result.avatar_small })}
    >
      {rejection ? (
        <Col span={24}>
          <PhotoRejectionNotice rejection={rejection} />
        </Col>
      ) : null}
      <FieldColumn
        wide
        name="avatar"
        label={label('avatar')}
        extra={text('pages.profile.avatar.help')}
        rules={[required('avatar')]}
      >
        <AvatarField onRejected={(message) => showFieldError('avatar', message)} />
      </FieldColumn>
      <NameItem />
      <FieldColumn
        name="gender"
        label={label('gender')}
        dependencies={['idNumber']}
        rules={[required('gender'), genderRule]}
      >
        <GenderField
          label={label('gender')}
          options={GENDERS.map((value) => ({ value, label: text(`pages.profile.gender.${value}`) }))}
        />
      </FieldColumn>
      <FieldColumn
        name="email"
        label={label('email')}
        rules={[requiredText('email'), { type: 'email', message: text('pages.profile.email.invalid') }]}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </FieldColumn>
      <LoginPhoneItem />
      <ContactPhoneItem texts="pages.profile" />
      <FieldColumn name="idNumber" label={label('idNumber')} rules={[requiredText('idNumber'), idNumberRule]}>
        <Input autoComplete="off" maxLength={18} />
      </FieldColumn>
      <FieldColumn
        name="dateOfBirth"
        label={label('dateOfBirth')}
        dependencies={['idNumber']}
        rules={[required('dateOfBirth'), birthRule]}
      >
        <DatePicker
          format={DATE_FORMAT}
          placeholder={DATE_FORMAT.toLowerCase()}
          defaultPickerValue={birthOfId ? dayjs(birthOfId, DATE_FORMAT) : TYPICAL_BIRTH}
          onKeyDown={keepEnterInField}
          // The calendar icon is decoration: named by its icon, it would read "calendar" in every language.
          suffixIcon={<CalendarOutlined aria-hidden />}
          style={{ width: '100%' }}
        />
      </FieldColumn>
      <RegionItem />
      <AddressItem />
      <FieldColumn name="organizationId" label={optional('organization')}>
        <Select
          allowClear
          placeholder={text('pages.profile.organization.placeholder')}
          options={organizationOptions(saved, organizations, intl)}
        />
      </FieldColumn>
      <FieldColumn name="invitationCode" label={optional('invitationCode')}>
        <Input maxLength={32} placeholder={text('pages.profile.invitationCode.placeholder')} />
      </FieldColumn>
    </ProfileFormFrame>
  );
}
