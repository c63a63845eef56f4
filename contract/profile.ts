import { z } from 'zod';
import { phoneInput } from './auth';
import { id, isoDateTime, localizedText, requiredText, text } from './common';
import { isValidIdCard } from './idcard';
import { PHOTO_MAX_BYTES, PHOTO_REJECTION_REASON_MAX } from './photo';

export const GENDERS = ['male', 'female'] as const;
export const gender = z.enum(GENDERS);
export type Gender = z.infer<typeof gender>;

/** The fields a candidate must fill in before booking (the avatar is the photo on the ticket). */
export const REQUIRED_PROFILE_FIELDS = [
  'name',
  'gender',
  'email',
  'contactPhone',
  'address',
  'idNumber',
  'dateOfBirth',
  'provinceCode',
  'cityCode',
  'avatarId',
] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

/** A rejected photo: when, and the reason the candidate reads. */
export const photoRejection = z.object({ reason: z.string(), rejectedAt: isoDateTime });
export type PhotoRejection = z.infer<typeof photoRejection>;

/** `GET /api/front/profile`: what is saved; empty strings and nulls where nothing is yet. */
export const profile = z.object({
  name: z.string(),
  gender: gender.nullable(),
  email: z.string(),
  /** The login phone, E.164; read-only. */
  phone: z.string(),
  /** Contact number, E.164, or empty. */
  contactPhone: z.string(),
  address: z.string(),
  idNumber: z.string(),
  organizationId: id.nullable(),
  /**
   * The organization the profile names when an operator has retired it since (else null): the organizations a
   * profile may choose leave it out, so the form still names it.
   */
  retiredOrganization: z.object({ id, name: localizedText }).nullable(),
  invitationCode: z.string(),
  /** yyyy-mm-dd, or empty. */
  dateOfBirth: z.string(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  avatarId: id.nullable(),
  /** URL of the stored (resized) avatar, or null. */
  avatarUrl: z.string().nullable(),
  /** URL of the small avatar currentUser shows, or null. */
  avatar_small: z.string().nullable(),
  /** Why a center or operator rejected the current photo (the ticket waits for a new one); null when it stands. */
  photoRejection: photoRejection.nullable(),
  /** Every required field is filled in: the candidate may book. */
  complete: z.boolean(),
  missing: z.array(z.enum(REQUIRED_PROFILE_FIELDS)),
});
export type Profile = z.infer<typeof profile>;

/**
 * `PUT /api/front/profile`: the whole profile at once; anything missing or invalid changes nothing. `avatarId` is
 * what `POST /api/front/profile/avatar` answered. The invitation code and organization are optional.
 */
export const profileUpdate = z
  .object({
    name: requiredText(50),
    gender,
    email: z.email().max(254),
    contactPhone: phoneInput,
    address: requiredText(200),
    idNumber: text().trim().toUpperCase().refine(isValidIdCard, { message: 'ID_CARD_INVALID' }),
    organizationId: id.nullable().optional(),
    invitationCode: text().trim().max(32).optional(),
    dateOfBirth: z.iso.date(),
    provinceCode: text().regex(/^\d{2}$/),
    cityCode: text().regex(/^\d{4}$/),
    avatarId: id,
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** `POST /api/front/profile/avatar` (multipart, field `file`): the stored image, used by the next profile save. */
export const avatarUpload = z.object({ avatarId: id, avatarUrl: z.string(), avatar_small: z.string() });
export type AvatarUpload = z.infer<typeof avatarUpload>;

export const organization = z.object({ id, name: localizedText });
export type Organization = z.infer<typeof organization>;

/** Largest avatar upload accepted, in bytes (spec section 9: 2 MB). */
export const AVATAR_MAX_BYTES = PHOTO_MAX_BYTES;

/** A candidate's current ID photo as a center or operator sees it: the image and any rejection. */
export const candidatePhoto = z.object({ url: z.string(), rejection: photoRejection.nullable() });
export type CandidatePhoto = z.infer<typeof candidatePhoto>;

/** A center's or operator's rejection of a candidate's current photo: the reason the candidate will read. */
export const photoRejectionRequest = z.object({ reason: requiredText(PHOTO_REJECTION_REASON_MAX) }).strict();
export type PhotoRejectionRequest = z.infer<typeof photoRejectionRequest>;
