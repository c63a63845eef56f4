/**
 * The profile endpoints of the mock: one profile per logged-in candidate, kept in memory. A save is checked as the
 * server checks it (contract schema, ID number against birth date and gender, city in province, known invitation
 * code, an uploaded avatar) and changes nothing when refused.
 */
import type { CurrentUser, DataOf, ErrorCode, ErrorEnvelope, Organization, Profile } from '../contract';
import { profileUpdate, REQUIRED_PROFILE_FIELDS } from '../contract';
import { ERROR_CATALOGUE } from '../contract/errors';
import { idCardBirthDate, idCardGender } from '../contract/idcard';
import { chinaMobileToE164 } from '../contract/phone';
import { cities, fail, type Handler, type MockResponse, mockId, send, userOf } from './lib/shared';

/** Invitation codes the mock accepts. */
export const MOCK_INVITATION_CODES = ['WELCOME2026'];

export const organizations: Organization[] = [
  { id: mockId(31), name: { zh: '北京示例大学', en: 'Beijing Example University' } },
  { id: mockId(32), name: { zh: '上海示例中学', en: 'Shanghai Example High School' } },
];

const profiles = new Map<string, Profile>();
const avatars = new Map<string, string>();

function emptyProfile(user: CurrentUser): Profile {
  return {
    name: user.name,
    gender: null,
    email: '',
    phone: user.phone,
    contactPhone: '',
    address: '',
    idNumber: '',
    organizationId: null,
    invitationCode: '',
    dateOfBirth: '',
    provinceCode: null,
    cityCode: null,
    avatarId: null,
    avatarUrl: null,
    avatar_small: null,
    complete: false,
    missing: REQUIRED_PROFILE_FIELDS.filter((field) => field !== 'name' || !user.name),
  };
}

/** A refusal naming the fields at fault, as the server's VALIDATION_FAILED and field-specific answers do. */
function refuse(res: MockResponse, errorCode: ErrorCode, path: string, errorMessage: string) {
  const { status, showType } = ERROR_CATALOGUE[errorCode];
  const body: ErrorEnvelope = {
    success: false,
    errorCode,
    errorMessage,
    showType,
    details: [{ path, message: errorMessage }],
  };
  res.status(status).json(body);
}

/** The signed-in candidate, or an answer that says why not. */
function candidateOf(req: Parameters<Handler>[0], res: MockResponse): CurrentUser | undefined {
  const user = userOf(req);
  if (!user) {
    fail(res, 'UNAUTHORIZED', 'Log in first.');
    return undefined;
  }
  if (user.kind !== 'individual') {
    fail(res, 'FORBIDDEN', 'Only candidates have this profile.');
    return undefined;
  }
  return user;
}

const handlers: Record<string, Handler> = {
  'GET /api/front/profile': (req, res) => {
    const user = candidateOf(req, res);
    if (!user) return;
    send<DataOf<'profile'>>(res, profiles.get(user.id) ?? emptyProfile(user));
  },
  'PUT /api/front/profile': (req, res) => {
    const user = candidateOf(req, res);
    if (!user) return;
    const parsed = profileUpdate.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      if (issue?.message === 'ID_CARD_INVALID') return refuse(res, 'ID_CARD_INVALID', path, 'Invalid ID card number.');
      return refuse(res, 'VALIDATION_FAILED', path, issue?.message ?? 'Invalid input.');
    }
    const input = parsed.data;
    if (idCardBirthDate(input.idNumber) !== input.dateOfBirth) {
      return refuse(res, 'ID_CARD_BIRTH_MISMATCH', 'dateOfBirth', 'Does not match the ID card number.');
    }
    if (idCardGender(input.idNumber) !== input.gender) {
      return refuse(res, 'VALIDATION_FAILED', 'gender', 'Does not match the ID card number.');
    }
    const contactPhone = chinaMobileToE164(input.contactPhone);
    if (!contactPhone) return refuse(res, 'PHONE_INVALID', 'contactPhone', 'Not a mainland China mobile number.');
    const city = cities.find((candidate) => candidate.code === input.cityCode);
    if (city?.provinceCode !== input.provinceCode) return fail(res, 'CITY_INVALID', 'Unknown city.');
    const organizationId = input.organizationId ?? null;
    if (organizationId && !organizations.some((organization) => organization.id === organizationId)) {
      return fail(res, 'ORGANIZATION_INVALID', 'Unknown organization.');
    }
    const invitationCode = input.invitationCode?.toUpperCase() ?? '';
    if (invitationCode && !MOCK_INVITATION_CODES.includes(invitationCode)) {
      return fail(res, 'INVITATION_CODE_INVALID', 'Unknown invitation code.');
    }
    const avatarUrl = avatars.get(input.avatarId);
    if (!avatarUrl) return fail(res, 'NOT_FOUND', 'No such avatar.');
    const saved: Profile = {
      ...input,
      phone: user.phone,
      contactPhone,
      organizationId,
      invitationCode,
      avatarUrl,
      avatar_small: avatarUrl,
      complete: true,
      missing: [],
    };
    profiles.set(user.id, saved);
    // The session's user is what currentUser answers: the header shows the new name and avatar.
    user.name = saved.name;
    user.avatar_small = saved.avatar_small;
    send<DataOf<'saveProfile'>>(res, saved);
  },
  'POST /api/front/profile/avatar': (req, res) => {
    if (!candidateOf(req, res)) return;
    // The mock does not read the multipart body; every upload stores the same picture.
    const avatarId = mockId(5000 + avatars.size);
    avatars.set(avatarId, '/logo.svg');
    send<DataOf<'uploadAvatar'>>(res, { avatarId, avatarUrl: '/logo.svg', avatar_small: '/logo.svg' });
  },
  'GET /api/front/organizations': (_req, res) => send<DataOf<'organizations'>>(res, organizations),
};

export default handlers;
