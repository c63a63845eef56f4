import type { GroupColumn } from './group';

/**
 * Why a row of a group file was not accepted, one code per problem; the page words them in the current language.
 * DUPLICATE_* name the later row of a pair (the earlier one stays accepted); IDENTITY_MISMATCH is a phone whose
 * account already holds a different ID number; NO_SEATS_LEFT is a valid row beyond the exam's seats left.
 * Without zod, so that the page can read the columns below.
 */
export const GROUP_ROW_REASONS = [
  'NAME_REQUIRED',
  'PHONE_INVALID',
  'ID_NUMBER_INVALID',
  'GENDER_INVALID',
  'GENDER_MISMATCH',
  'BIRTH_DATE_INVALID',
  'BIRTH_DATE_MISMATCH',
  'DUPLICATE_PHONE',
  'DUPLICATE_ID_NUMBER',
  'IDENTITY_MISMATCH',
  'ALREADY_REGISTERED',
  'NO_SEATS_LEFT',
] as const;
export type GroupRowReason = (typeof GROUP_ROW_REASONS)[number];

/** The column whose value each reason refuses, which the page shows with it; NO_SEATS_LEFT is about no value. */
export const GROUP_ROW_REASON_COLUMN: Record<GroupRowReason, GroupColumn | null> = {
  NAME_REQUIRED: 'name',
  PHONE_INVALID: 'phone',
  ID_NUMBER_INVALID: 'idNumber',
  GENDER_INVALID: 'gender',
  GENDER_MISMATCH: 'gender',
  BIRTH_DATE_INVALID: 'dateOfBirth',
  BIRTH_DATE_MISMATCH: 'dateOfBirth',
  DUPLICATE_PHONE: 'phone',
  DUPLICATE_ID_NUMBER: 'idNumber',
  IDENTITY_MISMATCH: 'idNumber',
  ALREADY_REGISTERED: 'phone',
  NO_SEATS_LEFT: null,
};
