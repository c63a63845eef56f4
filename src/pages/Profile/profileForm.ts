import dayjs, { type Dayjs } from 'dayjs';
import type { FieldErrorMap } from '@/utils/failure';
import type { BodyOf } from '../../../contract/api';
import type { Gender, Profile } from '../../../contract/profile';

/** The avatar field's value: what the upload answered (or the saved one), and the URL to show it. */
export interface AvatarValue {
  avatarId: string;
  url: string;
}

export interface ProfileFormValues {
  name?: string;
  gender?: Gender;
  email?: string;
  /** The login phone, shown read-only; never sent. */
  phone?: string;
  contactPhone?: string;
  address?: string;
  idNumber?: string;
  organizationId?: string;
  invitationCode?: string;
  dateOfBirth?: Dayjs;
  /** [province code, city code], the Cascader's value. */
  region?: string[];
  avatar?: AvatarValue;
}

/** The fields a save may be refused on (the login phone is never sent). */
export type ProfileField = Exclude<keyof ProfileFormValues, 'phone'>;

/** What a submit that passed the form's rules holds: every required field. ProForm may hand the date as a string. */
export type ValidProfileValues = Required<
  Omit<ProfileFormValues, 'phone' | 'organizationId' | 'invitationCode' | 'dateOfBirth'>
> &
  Pick<ProfileFormValues, 'organizationId' | 'invitationCode'> & { dateOfBirth: Dayjs | string };

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The saved profile as the form shows it; empty strings and nulls become empty fields. */
export function toFormValues(saved: Profile): ProfileFormValues {
  return {
    name: saved.name || undefined,
    gender: saved.gender ?? undefined,
    email: saved.email || undefined,
    // Stored as E.164; people type and read their number without the country code.
    contactPhone: saved.contactPhone.replace(/^\+86/, '') || undefined,
    phone: saved.phone,
    address: saved.address || undefined,
    idNumber: saved.idNumber || undefined,
    organizationId: saved.organizationId ?? undefined,
    invitationCode: saved.invitationCode || undefined,
    dateOfBirth: saved.dateOfBirth ? dayjs(saved.dateOfBirth, DATE_FORMAT) : undefined,
    region: saved.provinceCode && saved.cityCode ? [saved.provinceCode, saved.cityCode] : undefined,
    avatar: saved.avatarId && saved.avatarUrl ? { avatarId: saved.avatarId, url: saved.avatarUrl } : undefined,
  };
}

/**
 * The save request from validated form values. An empty invitation code is sent as '' so that clearing the field
 * clears the saved code; no organization is null for the same reason.
 */
export function toUpdate(values: ValidProfileValues): BodyOf<'saveProfile'> {
  const [provinceCode = '', cityCode = ''] = values.region;
  return {
    name: values.name.trim(),
    gender: values.gender,
    email: values.email.trim(),
    contactPhone: values.contactPhone.trim(),
    address: values.address.trim(),
    idNumber: values.idNumber.trim().toUpperCase(),
    organizationId: values.organizationId ?? null,
    invitationCode: (values.invitationCode ?? '').trim(),
    dateOfBirth: dayjs(values.dateOfBirth).format(DATE_FORMAT),
    provinceCode,
    cityCode,
    avatarId: values.avatar.avatarId,
  };
}

/** Where the server's refusals of a save land: the fields its paths and codes concern, and what each field says. */
export const PROFILE_FIELD_ERRORS: FieldErrorMap<ProfileField> = {
  paths: {
    name: 'name',
    gender: 'gender',
    email: 'email',
    contactPhone: 'contactPhone',
    address: 'address',
    idNumber: 'idNumber',
    organizationId: 'organizationId',
    invitationCode: 'invitationCode',
    dateOfBirth: 'dateOfBirth',
    provinceCode: 'region',
    cityCode: 'region',
    avatarId: 'avatar',
  },
  invalid: {
    name: 'pages.profile.name.required',
    gender: 'pages.profile.gender.mismatch',
    email: 'pages.profile.email.invalid',
    contactPhone: 'errors.PHONE_INVALID',
    address: 'pages.profile.address.required',
    idNumber: 'errors.ID_CARD_INVALID',
    organizationId: 'errors.ORGANIZATION_INVALID',
    invitationCode: 'errors.INVITATION_CODE_INVALID',
    dateOfBirth: 'pages.profile.dateOfBirth.required',
    region: 'pages.profile.region.required',
    avatar: 'pages.profile.avatar.required',
  },
  codes: {
    ID_CARD_INVALID: 'idNumber',
    ID_CARD_BIRTH_MISMATCH: 'dateOfBirth',
    PHONE_INVALID: 'contactPhone',
    CITY_INVALID: 'region',
    ORGANIZATION_INVALID: 'organizationId',
    ORGANIZATION_RETIRED: 'organizationId',
    INVITATION_CODE_INVALID: 'invitationCode',
    IMAGE_INVALID: 'avatar',
    IMAGE_TOO_LARGE: 'avatar',
    // The only reference a save can name that may not exist is the avatar (someone else's or a stale upload).
    NOT_FOUND: ['avatar', 'pages.profile.avatar.required'],
  },
};
