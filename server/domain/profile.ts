import {
  type AvatarUpload,
  idCardBirthDate,
  idCardGender,
  type Organization,
  type Profile,
  type ProfileUpdate,
  REQUIRED_PROFILE_FIELDS,
  type RequiredProfileField,
} from '../../contract';
import type { ProfileRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { processAvatar } from './avatar';
import { photoRejectionOf } from './candidatePhoto';
import { catalogChoiceRefusal, catalogStatusOf } from './catalog';
import { normalizeChinaMobile } from './phone';
import type { Links, Repositories, UnitOfWork } from './ports';

export interface ProfileDeps {
  repos: Pick<Repositories, 'profiles' | 'catalog' | 'promotions'>;
  /** Runs a profile save (the profile row and the account's name and avatar together). */
  uow: UnitOfWork;
  links: Pick<Links, 'avatar' | 'avatarSmall'>;
  now: () => Date;
}

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

/** Where an avatar's images are served; ids are UUID v7, so the URLs are unguessable and never change. */
function avatarUrls(deps: Pick<ProfileDeps, 'links'>, avatarId: string): { avatarUrl: string; avatar_small: string } {
  return { avatarUrl: deps.links.avatar(avatarId), avatar_small: deps.links.avatarSmall(avatarId) };
}

/** Only candidates (kind `individual`) have this profile; centers and examiners get their own later. */
function requireCandidate(user: UserRow): void {
  if (user.kind !== 'individual') throw new AppError('FORBIDDEN');
}

/**
 * The profile's organization when an operator has retired it since: the organizations a profile may choose leave it
 * out, so the profile names it here to read correctly.
 */
async function retiredOrganizationOf(
  deps: Pick<ProfileDeps, 'repos'>,
  row: ProfileRow | undefined,
): Promise<Organization | null> {
  const organization = row?.organizationId ? await deps.repos.catalog.organization(row.organizationId) : undefined;
  if (!organization?.retiredAt) return null;
  return { id: organization.id, name: { zh: organization.nameZh, en: organization.nameEn } };
}

async function toProfile(deps: Pick<ProfileDeps, 'links' | 'repos'>, user: UserRow, row: ProfileRow | undefined) {
  const missing = missingProfileFields(user.name, row);
  const urls = row?.avatarId ? avatarUrls(deps, row.avatarId) : undefined;
  const photo = await deps.repos.profiles.photoOf(user.id);
  return {
    name: user.name,
    gender: row?.gender ?? null,
    email: row?.email ?? '',
    phone: user.phone,
    contactPhone: row?.contactPhone ?? '',
    address: row?.address ?? '',
    idNumber: row?.idNumber ?? '',
    organizationId: row?.organizationId ?? null,
    retiredOrganization: await retiredOrganizationOf(deps, row),
    invitationCode: row?.invitationCode ?? '',
    dateOfBirth: row?.dateOfBirth ?? '',
    provinceCode: row?.provinceCode ?? null,
    cityCode: row?.cityCode ?? null,
    avatarId: row?.avatarId ?? null,
    avatarUrl: urls?.avatarUrl ?? null,
    avatar_small: urls?.avatar_small ?? null,
    photoRejection: photoRejectionOf(photo),
    complete: missing.length === 0,
    missing,
  } satisfies Profile;
}

export async function getProfile(deps: ProfileDeps, user: UserRow): Promise<Profile> {
  requireCandidate(user);
  return toProfile(deps, user, await deps.repos.profiles.find(user.id));
}

/** Checks the ID card number against the date of birth and gender the candidate typed. */
function checkIdentity(input: ProfileUpdate): void {
  if (idCardBirthDate(input.idNumber) !== input.dateOfBirth) {
    throw new AppError('ID_CARD_BIRTH_MISMATCH', undefined, undefined, [
      { path: 'dateOfBirth', message: 'Does not match the birth date in the ID card number' },
    ]);
  }
  if (idCardGender(input.idNumber) !== input.gender) {
    throw new AppError('VALIDATION_FAILED', undefined, undefined, [
      { path: 'gender', message: 'Does not match the ID card number' },
    ]);
  }
}

/** An organization the profile may name: an active one, or the retired one it already names. */
async function assertOrganizationChoosable(deps: ProfileDeps, user: UserRow, organizationId: string): Promise<void> {
  const status = catalogStatusOf(await deps.repos.catalog.organization(organizationId));
  const current = status === 'retired' ? (await deps.repos.profiles.find(user.id))?.organizationId : undefined;
  const refusal = catalogChoiceRefusal(status, organizationId, current);
  if (refusal === 'missing') throw new AppError('ORGANIZATION_INVALID');
  if (refusal === 'retired') throw new AppError('ORGANIZATION_RETIRED');
}

/**
 * Saves the whole profile. Every reference (city, organization, invitation code, avatar) is checked before
 * anything is written, and the write is one transaction, so a refused save changes nothing.
 */
export async function saveProfile(deps: ProfileDeps, user: UserRow, input: ProfileUpdate): Promise<Profile> {
  requireCandidate(user);
  checkIdentity(input);
  const contactPhone = normalizeChinaMobile(input.contactPhone);
  if (!(await deps.repos.catalog.cityInProvince(input.cityCode, input.provinceCode)))
    throw new AppError('CITY_INVALID');
  const organizationId = input.organizationId ?? null;
  if (organizationId) await assertOrganizationChoosable(deps, user, organizationId);
  let invitationCode: string | null = null;
  if (input.invitationCode) {
    invitationCode = (await deps.repos.promotions.activeInvitationCode(input.invitationCode)) ?? null;
    if (!invitationCode) throw new AppError('INVITATION_CODE_INVALID');
  }
  // Someone else's avatar answers like a missing one: ids must not be probed for existence.
  if ((await deps.repos.profiles.avatarOwner(input.avatarId)) !== user.id) throw new AppError('NOT_FOUND');

  const write = {
    userId: user.id,
    name: input.name,
    avatarSmall: deps.links.avatarSmall(input.avatarId),
    now: deps.now(),
    profile: {
      gender: input.gender,
      email: input.email,
      contactPhone,
      address: input.address,
      idNumber: input.idNumber,
      organizationId,
      invitationCode,
      dateOfBirth: input.dateOfBirth,
      provinceCode: input.provinceCode,
      cityCode: input.cityCode,
      avatarId: input.avatarId,
    },
  };
  const row = await deps.uow.run((tx) => tx.profiles.save(write));
  return toProfile(deps, { ...user, name: input.name }, row);
}

/** Stores an uploaded avatar for this user; the profile keeps its current avatar until a save names this one. */
export async function uploadAvatar(deps: ProfileDeps, user: UserRow, upload: Buffer): Promise<AvatarUpload> {
  requireCandidate(user);
  const processed = await processAvatar(upload);
  const avatarId = await deps.repos.profiles.insertAvatar({ userId: user.id, ...processed, createdAt: deps.now() });
  return { avatarId, ...avatarUrls(deps, avatarId) };
}

export async function getAvatarImage(deps: ProfileDeps, avatarId: string, size: 'image' | 'small') {
  const image = await deps.repos.profiles.avatarImage(avatarId, size);
  if (!image) throw new AppError('NOT_FOUND');
  return image;
}

export async function listOrganizations(deps: ProfileDeps): Promise<Organization[]> {
  const rows = await deps.repos.catalog.organizations();
  return rows.map((row) => ({ id: row.id, name: { zh: row.nameZh, en: row.nameEn } }));
}
