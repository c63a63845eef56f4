import { REQUIRED_PROFILE_FIELDS, type RequiredProfileField } from '../../contract';
import type { profiles } from '../db/schema';

type ProfileRow = typeof profiles.$inferSelect;

/** The required fields (contract REQUIRED_PROFILE_FIELDS) a user's saved profile lacks; empty means "may book". */
export function missingProfileFields(name: string, row: ProfileRow | undefined): RequiredProfileField[] {
  const values: Record<RequiredProfileField, unknown> = {
    name,
    gender: row?.gender,
    email: row?.email,
    contactPhone: row?.contactPhone,
    address: row?.address,
    idNumber: row?.idNumber,
    dateOfBirth: row?.dateOfBirth,
    provinceCode: row?.provinceCode,
    cityCode: row?.cityCode,
    avatarId: row?.avatarId,
  };
  return REQUIRED_PROFILE_FIELDS.filter((field) => !values[field]);
}
