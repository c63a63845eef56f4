import { refusal } from '@/testing/fixtures';
import { fieldErrorsOf } from '@/utils/failure';
import { CENTER_FIELD_ERRORS, toCenterUpdate } from './centerProfileForm';

describe('center profile form values', () => {
  it('puts a refused save on the fields the server names', () => {
    expect(
      fieldErrorsOf(
        refusal('VALIDATION_FAILED', ['capacity', 'provinceCode', 'cityCode', 'licenseId']),
        CENTER_FIELD_ERRORS,
      ),
    ).toEqual([
      { field: 'capacity', messageId: 'pages.center.profile.capacity.range' },
      { field: 'region', messageId: 'pages.profile.region.required' },
      { field: 'license', messageId: 'pages.center.profile.license.required' },
    ]);
    expect(fieldErrorsOf(refusal('LICENSE_TOO_LARGE'), CENTER_FIELD_ERRORS)).toEqual([
      { field: 'license', messageId: 'errors.LICENSE_TOO_LARGE' },
    ]);
    expect(fieldErrorsOf(refusal('NOT_FOUND'), CENTER_FIELD_ERRORS)).toEqual([
      { field: 'license', messageId: 'pages.center.profile.license.required' },
    ]);
    expect(fieldErrorsOf(refusal('SOLD_OUT'), CENTER_FIELD_ERRORS)).toEqual([]);
  });

  it('sends no logo as null so that removing it clears it, and the tax ID in capitals', () => {
    const update = toCenterUpdate({
      businessName: ' Center ',
      license: { id: '0192f0c0-0000-7000-8000-000000000911', url: '/l', contentType: 'application/pdf' },
      taxId: ' 91110105ma01abcd13 ',
      capacity: 80,
      contactName: ' Zhang ',
      contactPhone: ' 13600136000 ',
      region: ['11', '1101'],
      address: ' Road ',
    });
    expect(update).toEqual({
      businessName: 'Center',
      licenseId: '0192f0c0-0000-7000-8000-000000000911',
      taxId: '91110105MA01ABCD13',
      logoId: null,
      capacity: 80,
      contactName: 'Zhang',
      contactPhone: '13600136000',
      provinceCode: '11',
      cityCode: '1101',
      address: 'Road',
    });
  });
});
