import type { FieldErrorMap } from '@/utils/failure';
import type { BodyOf } from '../../../contract/api';
import type { CenterProfile } from '../../../contract/center';

/** An uploaded document (the license or the logo): what the upload answered, or what is saved. */
export interface DocumentValue {
  id: string;
  url: string;
  contentType: string;
}

export interface CenterProfileFormValues {
  businessName?: string;
  license?: DocumentValue;
  taxId?: string;
  logo?: DocumentValue;
  capacity?: number;
  contactName?: string;
  contactPhone?: string;
  /** [province code, city code], the Cascader's value. */
  region?: string[];
  address?: string;
}

export type CenterProfileField = keyof CenterProfileFormValues;

/** What a submit that passed the form's rules holds: every field but the logo. */
export type ValidCenterProfileValues = Required<Omit<CenterProfileFormValues, 'logo'>> &
  Pick<CenterProfileFormValues, 'logo'>;

/** The saved profile as the form shows it; empty strings, nulls and a zero capacity become empty fields. */
export function toCenterFormValues(saved: CenterProfile): CenterProfileFormValues {
  return {
    businessName: saved.businessName || undefined,
    license:
      saved.licenseId && saved.licenseUrl
        ? { id: saved.licenseId, url: saved.licenseUrl, contentType: saved.licenseContentType ?? '' }
        : undefined,
    taxId: saved.taxId || undefined,
    logo: saved.logoId && saved.logoUrl ? { id: saved.logoId, url: saved.logoUrl, contentType: '' } : undefined,
    capacity: saved.capacity || undefined,
    contactName: saved.contactName || undefined,
    // Stored as E.164; people type and read their number without the country code.
    contactPhone: saved.contactPhone.replace(/^\+86/, '') || undefined,
    region: saved.provinceCode && saved.cityCode ? [saved.provinceCode, saved.cityCode] : undefined,
    address: saved.address || undefined,
  };
}

/** The save request from validated form values; no logo is null so that removing it clears it. */
export function toCenterUpdate(values: ValidCenterProfileValues): BodyOf<'saveCenterProfile'> {
  const [provinceCode = '', cityCode = ''] = values.region;
  return {
    businessName: values.businessName.trim(),
    licenseId: values.license.id,
    taxId: values.taxId.trim().toUpperCase(),
    logoId: values.logo?.id ?? null,
    capacity: values.capacity,
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    provinceCode,
    cityCode,
    address: values.address.trim(),
  };
}

/** Where the server's refusals of a save land: the fields its paths and codes concern, and what each field says. */
export const CENTER_FIELD_ERRORS: FieldErrorMap<CenterProfileField> = {
  paths: {
    businessName: 'businessName',
    licenseId: 'license',
    taxId: 'taxId',
    logoId: 'logo',
    capacity: 'capacity',
    contactName: 'contactName',
    contactPhone: 'contactPhone',
    provinceCode: 'region',
    cityCode: 'region',
    address: 'address',
  },
  invalid: {
    businessName: 'pages.center.profile.businessName.required',
    license: 'pages.center.profile.license.required',
    taxId: 'errors.TAX_ID_INVALID',
    logo: 'errors.IMAGE_INVALID',
    capacity: 'pages.center.profile.capacity.range',
    contactName: 'pages.center.profile.contactName.required',
    contactPhone: 'errors.PHONE_INVALID',
    region: 'pages.profile.region.required',
    address: 'pages.profile.address.required',
  },
  codes: {
    TAX_ID_INVALID: 'taxId',
    LICENSE_INVALID: 'license',
    LICENSE_TOO_LARGE: 'license',
    IMAGE_INVALID: 'logo',
    IMAGE_TOO_LARGE: 'logo',
    PHONE_INVALID: 'contactPhone',
    CITY_INVALID: 'region',
    // The references a save names are the two uploads; a stale or foreign license is the one that matters.
    NOT_FOUND: ['license', 'pages.center.profile.license.required'],
  },
};
