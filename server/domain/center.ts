import {
  type CenterProfile,
  type CenterProfileUpdate,
  type DocumentUpload,
  LICENSE_CONTENT_TYPES,
  REQUIRED_CENTER_FIELDS,
  type RequiredCenterField,
} from '../../contract';
import type { CenterRow, DocumentPurpose, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { toVerification } from './centerVerification';
import type { BookingDeps } from './deps';
import { type LicenseContentType, licenseContentType, processLogo } from './documents';
import { normalizeChinaMobile } from './phone';
import type { Links, Repositories } from './ports';

/**
 * What the test center use cases need: a candidate's use cases' (cancelling an exam closes orders, refunds and frees
 * seats as a candidate's cancel does), the center's own repositories and its document links.
 */
export interface CenterDeps extends BookingDeps {
  repos: BookingDeps['repos'] & Pick<Repositories, 'centers' | 'catalog' | 'users' | 'examiners' | 'rosters'>;
  links: BookingDeps['links'] & Pick<Links, 'centerDocument' | 'centerLogo' | 'avatar'>;
}

/** Only a test center account may use the center console: anyone else is refused before anything is read. */
export function asTestCenter(user: UserRow): UserRow {
  if (user.kind !== 'testCenter') throw new AppError('TEST_CENTERS_ONLY');
  return user;
}

function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, `No ${what} of yours has this id.`);
}

/** The license is served to its owner only (bearer token); logos are public, like avatars. */
function documentUrl(deps: Pick<CenterDeps, 'links'>, purpose: DocumentPurpose, id: string): string {
  return purpose === 'logo' ? deps.links.centerLogo(id) : deps.links.centerDocument(id);
}

/** 2026-03-01 09:30 in the exam's zone: what the roster file and the SMS show. */
export function zonedDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The required fields (contract REQUIRED_CENTER_FIELDS) a center's saved profile lacks; empty: may run exams. */
export function missingCenterFields(center: CenterRow | undefined): RequiredCenterField[] {
  const values: Record<RequiredCenterField, unknown> = {
    businessName: center?.nameZh,
    licenseId: center?.licenseId,
    taxId: center?.taxId,
    capacity: center?.capacity,
    contactName: center?.contactName,
    contactPhone: center?.contactPhone,
    provinceCode: center?.provinceCode,
    cityCode: center?.cityCode,
    address: center?.addressZh,
  };
  return REQUIRED_CENTER_FIELDS.filter((field) => !values[field]);
}

function isLicenseType(type: string | undefined): type is LicenseContentType {
  return (LICENSE_CONTENT_TYPES as readonly string[]).includes(type ?? '');
}

async function toCenterProfile(deps: CenterDeps, center: CenterRow | undefined): Promise<CenterProfile> {
  const missing = missingCenterFields(center);
  const license = center?.licenseId ? await deps.repos.centers.documentInfo(center.licenseId) : undefined;
  return {
    businessName: center?.nameZh ?? '',
    licenseId: center?.licenseId ?? null,
    licenseUrl: center?.licenseId ? documentUrl(deps, 'license', center.licenseId) : null,
    licenseContentType: isLicenseType(license?.contentType) ? license.contentType : null,
    taxId: center?.taxId ?? '',
    logoId: center?.logoId ?? null,
    logoUrl: center?.logoId ? documentUrl(deps, 'logo', center.logoId) : null,
    capacity: center?.capacity ?? 0,
    contactName: center?.contactName ?? '',
    contactPhone: center?.contactPhone ?? '',
    provinceCode: center?.provinceCode ?? null,
    cityCode: center?.cityCode ?? null,
    address: center?.addressZh ?? '',
    complete: missing.length === 0,
    missing,
    ...(center ? { verification: toVerification(center) } : {}),
  };
}

export async function getCenterProfile(deps: CenterDeps, user: UserRow): Promise<CenterProfile> {
  return toCenterProfile(deps, await deps.repos.centers.centerOf(user.id));
}

/** A document id a save names must be one of this user's uploads for that purpose; anything else reads as missing. */
async function assertOwnDocument(deps: CenterDeps, user: UserRow, id: string, purpose: DocumentPurpose, path: string) {
  const info = await deps.repos.centers.documentInfo(id);
  if (info?.ownerId !== user.id || info.purpose !== purpose) {
    throw new AppError('NOT_FOUND', undefined, undefined, [{ path, message: `No ${purpose} of yours has this id` }]);
  }
}

/**
 * Saves the whole profile (a missing logo means none). The first save creates the center's row, named and
 * addressed by the business name and address in both languages. Every reference is checked before the one write,
 * so a refused save changes nothing.
 */
export async function saveCenterProfile(
  deps: CenterDeps,
  user: UserRow,
  input: CenterProfileUpdate,
): Promise<CenterProfile> {
  const contactPhone = normalizeChinaMobile(input.contactPhone);
  if (!(await deps.repos.catalog.cityInProvince(input.cityCode, input.provinceCode)))
    throw new AppError('CITY_INVALID');
  await assertOwnDocument(deps, user, input.licenseId, 'license', 'licenseId');
  const logoId = input.logoId ?? null;
  if (logoId) await assertOwnDocument(deps, user, logoId, 'logo', 'logoId');
  const center = await deps.repos.centers.saveCenter(user.id, {
    nameZh: input.businessName,
    nameEn: input.businessName,
    provinceCode: input.provinceCode,
    cityCode: input.cityCode,
    addressZh: input.address,
    addressEn: input.address,
    capacity: input.capacity,
    contactName: input.contactName,
    contactPhone,
    taxId: input.taxId,
    licenseId: input.licenseId,
    logoId,
  });
  return toCenterProfile(deps, center);
}

/**
 * Stores an upload for the center's profile: the business license as uploaded once its content checks out (image
 * or PDF), the logo re-encoded. The profile keeps what it names until a save names the new one.
 */
export async function uploadDocument(
  deps: CenterDeps,
  user: UserRow,
  purpose: DocumentPurpose,
  upload: Buffer,
): Promise<DocumentUpload> {
  const stored =
    purpose === 'license'
      ? { contentType: await licenseContentType(upload), bytes: upload }
      : await processLogo(upload);
  const id = await deps.repos.centers.insertDocument({ ownerId: user.id, purpose, ...stored, createdAt: deps.now() });
  return { id, url: documentUrl(deps, purpose, id), contentType: stored.contentType };
}

/** Any document of the user's own (the license above all); another's reads as missing. */
export async function ownDocument(deps: CenterDeps, user: UserRow, id: string) {
  const document = await deps.repos.centers.document(id);
  if (document?.ownerId !== user.id) throw notFound('document');
  return document;
}

/** A logo, for anyone (it shows on public pages and certificates). */
export async function logoDocument(deps: CenterDeps, id: string) {
  const document = await deps.repos.centers.document(id);
  if (document?.purpose !== 'logo') throw new AppError('NOT_FOUND');
  return document;
}

/** The user's center with every required field filled in, or CENTER_PROFILE_INCOMPLETE naming what is missing. */
export async function completeCenter(deps: Pick<CenterDeps, 'repos'>, user: UserRow): Promise<CenterRow> {
  const center = await deps.repos.centers.centerOf(user.id);
  const missing = missingCenterFields(center);
  if (!center || missing.length > 0) {
    throw new AppError(
      'CENTER_PROFILE_INCOMPLETE',
      undefined,
      undefined,
      missing.map((field) => ({ path: field, message: 'required' })),
    );
  }
  return center;
}

/**
 * One exam of the user's center, as the plain row, with the center. Any other exam id, or any exam for a user
 * without a center, is NOT_FOUND: a center cannot tell another center's exam from a missing one.
 */
export async function ownExam(deps: Pick<CenterDeps, 'repos'>, user: UserRow, examId: string) {
  const center = await deps.repos.centers.centerOf(user.id);
  const exam = center ? await deps.repos.exams.exam(examId, center.id) : undefined;
  if (!center || !exam) throw notFound('exam');
  return { center, exam };
}
