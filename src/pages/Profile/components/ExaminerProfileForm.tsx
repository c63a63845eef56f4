import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useIntl } from '@/intl';
import { saveExaminerProfile } from '@/services/examiner';
import { type FieldErrorMap, handledHere } from '@/utils/failure';
import type { ExaminerProfile } from '../../../../contract/examiner';
import { isValidIdCard } from '../../../../contract/idcard';
import ProfileFormFrame from './ProfileFormFrame';
import { AddressItem, FieldColumn, LoginPhoneItem, NameItem } from './profileFields';

interface ExaminerFormValues {
  name?: string;
  phone?: string;
  address?: string;
  identityId?: string;
}

type ExaminerField = Exclude<keyof ExaminerFormValues, 'phone'>;

const EXAMINER_FIELD_ERRORS: FieldErrorMap<ExaminerField> = {
  paths: { name: 'name', address: 'address', identityId: 'identityId' },
  invalid: {
    name: 'pages.profile.name.required',
    address: 'pages.profile.address.required',
    identityId: 'errors.ID_CARD_INVALID',
  },
  codes: { ID_CARD_INVALID: 'identityId' },
};

interface ExaminerProfileFormProps {
  saved: ExaminerProfile;
  onSaved: (saved: ExaminerProfile) => void;
}

/** The examiner profile (spec section 3: address, identity ID), with the name the header and the door show. */
export default function ExaminerProfileForm({ saved, onSaved }: ExaminerProfileFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<ExaminerFormValues>();
  const text = (id: string) => intl.formatMessage({ id });

  const save = (values: ExaminerFormValues) => {
    const valid = values as Required<ExaminerFormValues>;
    return saveExaminerProfile(
      {
        name: valid.name.trim(),
        address: valid.address.trim(),
        identityId: valid.identityId.trim().toUpperCase(),
      },
      handledHere,
    );
  };

  const identityRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isValidIdCard(value.trim().toUpperCase())
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.ID_CARD_INVALID'))),
  };

  return (
    <ProfileFormFrame
      name="examinerProfile"
      form={form}
      initialValues={{
        name: saved.name || undefined,
        phone: saved.phone,
        address: saved.address || undefined,
        identityId: saved.identityId || undefined,
      }}
      save={save}
      fieldErrors={EXAMINER_FIELD_ERRORS}
      savedText="pages.profile.saved"
      onSaved={onSaved}
      header={(result) => ({ name: result.name })}
    >
      <NameItem />
      <LoginPhoneItem />
      <FieldColumn
        name="identityId"
        label={text('pages.profile.examiner.identityId')}
        rules={[{ required: true, whitespace: true, message: text('pages.profile.idNumber.required') }, identityRule]}
      >
        <Input autoComplete="off" maxLength={18} />
      </FieldColumn>
      <AddressItem />
    </ProfileFormFrame>
  );
}
