import dayjs from 'dayjs';
import { refusal } from '@/testing/fixtures';
import { fieldErrorsOf } from '@/utils/failure';
import { PROFILE_FIELD_ERRORS, toUpdate } from './profileForm';

describe('profile form values', () => {
  it('puts a refused save on the fields the server names', () => {
    expect(
      fieldErrorsOf(
        refusal('VALIDATION_FAILED', ['email', 'cityCode', 'provinceCode', 'avatarId']),
        PROFILE_FIELD_ERRORS,
      ),
    ).toEqual([
      { field: 'email', messageId: 'pages.profile.email.invalid' },
      { field: 'region', messageId: 'pages.profile.region.required' },
      { field: 'avatar', messageId: 'pages.profile.avatar.required' },
    ]);
    expect(fieldErrorsOf(refusal('ID_CARD_BIRTH_MISMATCH'), PROFILE_FIELD_ERRORS)).toEqual([
      { field: 'dateOfBirth', messageId: 'errors.ID_CARD_BIRTH_MISMATCH' },
    ]);
  });

  it('leaves refusals that concern no field to a message', () => {
    expect(fieldErrorsOf(refusal('SOLD_OUT'), PROFILE_FIELD_ERRORS)).toEqual([]);
    expect(fieldErrorsOf(refusal('VALIDATION_FAILED', ['unknown']), PROFILE_FIELD_ERRORS)).toEqual([]);
  });

  it('sends an empty invitation code and no organization so that clearing them clears them', () => {
    const update = toUpdate({
      name: ' Li ',
      gender: 'male',
      email: ' li@example.com ',
      contactPhone: ' 13800138000 ',
      address: ' Road ',
      idNumber: ' 11010519491231002x ',
      dateOfBirth: dayjs('1949-12-31'),
      region: ['11', '1101'],
      avatar: { avatarId: '0192f0c0-0000-7000-8000-000000005001', url: '/a' },
    });
    expect(update).toMatchObject({
      name: 'Li',
      email: 'li@example.com',
      idNumber: '11010519491231002X',
      dateOfBirth: '1949-12-31',
      organizationId: null,
      invitationCode: '',
    });
  });
});
