/**
 * The accounts of `npm run dev`: their profiles, and what a returning account finds at its first login. A phone
 * ending in 0000 signs up a new account (empty profile, nothing booked); any other phone is a returning one:
 * - a candidate has a complete profile and a booking in every state My Exams, Tickets, Results and Transactions show
 *   (one at the door within the hour, inside the change lock; one held yesterday, checked in; six past with results;
 *   one to come; one awaiting payment; one canceled and refunded; one whose payment lapsed; two canceled whose
 *   refund is pending, or failed and left to our staff; one seat a group coordinator booked and paid for, which only
 *   the coordinator may change or cancel);
 * - a test center has a complete profile and twelve exams: one held yesterday with candidates checked in (for
 *   results), one to come with a long roster, one completed, one canceled;
 * - an examiner has a profile and is assigned the exam at the door (with every returning candidate on its roster)
 *   and one next week.
 * State lives here, in mock/lib, because Umi loads each mock file on its own. Excluded from Umi's mock glob.
 */
import {
  type CenterProfile,
  type CenterProfileUpdate,
  type CurrentUser,
  type ExaminerProfile,
  type Profile,
  REQUIRED_PROFILE_FIELDS,
} from '../../contract';
import { creditCodeCheckCharacter } from '../../contract/creditCode';
import { shanghaiTime } from '../../server/db/seed/demo';
import { centerAt, cities, examAt, exams, history, type MockExam, newId, person, provinces } from './fixtures';
import { type MockRequest, refuse } from './http';
import {
  isOpen,
  type MockOrder,
  type MockRegistration,
  newOrder,
  newRegistration,
  pay,
  photoRejections,
  priceOf,
  profiles,
  requestRefund,
  resultOf,
} from './store';

type Status = MockRegistration['status'];

export const centerProfiles = new Map<string, CenterProfile>();
export const examinerProfiles = new Map<string, ExaminerProfile>();

export const isNewAccount = (phone: string) => phone.endsWith('0000');

export function profileOf(user: CurrentUser): Profile {
  const missing = REQUIRED_PROFILE_FIELDS.filter((field) => field !== 'name' || !user.name);
  const empty = { name: user.name, gender: null, email: '', phone: user.phone, contactPhone: '', address: '' };
  const none = {
    idNumber: '',
    organizationId: null,
    retiredOrganization: null,
    invitationCode: '',
    dateOfBirth: '',
    provinceCode: null,
  };
  const photo = { cityCode: null, avatarId: null, avatarUrl: null, avatar_small: null, photoRejection: null };
  const saved = profiles.get(user.id);
  return saved
    ? { ...saved, photoRejection: photoRejections.get(user.id) ?? null }
    : { ...empty, ...none, ...photo, complete: false, missing };
}

export function saveProfile(
  user: CurrentUser,
  update: Omit<
    Profile,
    'phone' | 'retiredOrganization' | 'avatarUrl' | 'avatar_small' | 'photoRejection' | 'complete' | 'missing'
  >,
) {
  const photo = { avatarUrl: '/logo.svg', avatar_small: '/logo.svg', photoRejection: null };
  // A photo the save names is a new upload when it is not the rejected one: it stands.
  if (profiles.get(user.id)?.avatarId !== update.avatarId) photoRejections.delete(user.id);
  // The mock's organizations are never retired, so a profile never names a retired one.
  const derived = { retiredOrganization: null, complete: true, missing: [] };
  profiles.set(user.id, { ...update, phone: user.phone, ...photo, ...derived });
  Object.assign(user, { name: update.name, avatar_small: photo.avatar_small });
  return profileOf(user);
}

export function saveCenterProfile(user: CurrentUser, update: CenterProfileUpdate): CenterProfile {
  const saved: CenterProfile = {
    ...update,
    licenseUrl: '/logo.svg',
    licenseContentType: 'image/png',
    logoId: update.logoId ?? null,
    logoUrl: update.logoId ? '/logo.svg' : null,
    complete: true,
    missing: [],
  };
  centerProfiles.set(user.id, saved);
  return saved;
}

/** The exam as one of the user's center, in the province and city of its profile (not saved yet). */
export function centerExam(user: CurrentUser, exam: MockExam): MockExam {
  const profile = centerProfiles.get(user.id) ?? refuse('CENTER_PROFILE_INCOMPLETE');
  const center = { id: user.id, name: { zh: profile.businessName, en: profile.businessName } };
  const province = provinces.find((item) => item.code === profile.provinceCode) ?? exam.province;
  const city = cities.find((item) => item.code === profile.cityCode) ?? exam.city;
  return { ...exam, center, province, city, ownerId: user.id, seatsTaken: 0, accessCode: null };
}

const bookable = [...exams.values()].filter(
  (exam) => isOpen(exam) && !exam.accessCode && exam.seatsTaken < exam.capacity,
);
const nextWeek = bookable.find((exam) => Date.parse(exam.startsAt) > Date.now() + 6 * 86_400_000) ?? history.door;
/** The door's candidates: mostly booked, three checked in, one canceled; and next week's. */
for (const status of [...Array<Status>(20).fill('register'), 'checkin', 'checkin', 'checkin', 'canceled'] as const) {
  newRegistration(history.door, person(), null, status);
}
for (let n = 0; n < 6; n += 1) newRegistration(nextWeek, person(), null, 'register');

function welcomeCandidate(req: MockRequest, user: CurrentUser) {
  const me = person(user.phone);
  const cityCode = me.idNumber.slice(0, 4);
  const contact = {
    email: `candidate${user.phone.slice(-4)}@example.com`,
    contactPhone: user.phone,
    address: '示范路 1 号',
  };
  const region = { provinceCode: cityCode.slice(0, 2), cityCode, organizationId: null, invitationCode: '' };
  saveProfile(user, { ...me, ...contact, ...region, avatarId: newId() });
  const book = (exam: MockExam | undefined, status: Status, paid: MockOrder['status'], more = {}) => {
    if (!exam) return undefined;
    const registration = newRegistration(exam, me, user.id, status, more);
    const order = newOrder(req, user, exam, [registration.id], priceOf(user, exam, 1).breakdown);
    order.createdAt = registration.createdAt;
    if (paid !== 'pending' && paid !== 'expired') pay(order, Date.parse(registration.createdAt) + 60_000);
    order.status = paid === 'refunded' ? 'paid' : paid;
    if (paid === 'refunded') requestRefund(order, order.breakdown.totalFen, 'canceled', 'succeeded');
    return order;
  };
  /** A canceled booking whose refund is still on its way, or was refused for good (our staff settles it). */
  const canceledWithRefund = (exam: MockExam | undefined, state: 'requested' | 'failed') => {
    const order = book(exam, 'canceled', 'paid');
    if (order) requestRefund(order, order.breakdown.totalFen, 'canceled', state);
  };
  book(history.door, 'register', 'paid');
  book(history.yesterday, 'checkin', 'paid');
  for (const [n, exam] of history.past.entries()) {
    book(exam, 'completed', 'paid', resultOf(exam, n % 3 === 2 ? 'fail' : 'pass'));
  }
  const [later, unpaid, canceled, lapsed, refunding, refundFailed, grouped] = bookable.slice(4);
  book(later, 'register', 'paid');
  book(unpaid, 'pending', 'pending');
  book(canceled, 'canceled', 'refunded');
  book(lapsed, 'canceled', 'expired');
  canceledWithRefund(refunding, 'requested');
  canceledWithRefund(refundFailed, 'failed');
  if (grouped) {
    const seat = newRegistration(grouped, me, user.id, 'register', { coordinatorName: '王老师' });
    const coordinator = { ...user, id: newId(), name: '王老师' };
    pay(newOrder(req, coordinator, grouped, [seat.id], priceOf(coordinator, grouped, 1).breakdown));
  }
}

function welcomeCenter(user: CurrentUser) {
  const me = person(user.phone);
  const place = centerAt(Number(user.phone.slice(-2)));
  const taxId = `91${me.idNumber.slice(0, 6)}MA${me.idNumber.slice(8, 15)}`;
  saveCenterProfile(user, {
    businessName: `${place.city.name}示范考试中心`,
    licenseId: newId(),
    taxId: taxId + creditCodeCheckCharacter(taxId),
    capacity: 120,
    contactName: me.name,
    contactPhone: user.phone,
    provinceCode: place.province.code,
    cityCode: place.city.code,
    address: place.location.zh,
  });
  const booked: Status[] = ['register', 'register', 'pending'];
  const plan: { days: number; roster: Status[]; status?: MockExam['status'] }[] = [
    { days: -1, roster: ['checkin', 'checkin', 'checkin', 'checkin', 'checkin', 'register', 'register', 'canceled'] },
    { days: 12, roster: [...Array<Status>(22).fill('register'), 'pending', 'pending', 'pending'] },
    { days: -30, roster: Array<Status>(10).fill('completed'), status: 'completed' },
    { days: 20, roster: ['canceled', 'canceled', 'canceled'], status: 'canceled' },
    ...[5, 9, 15, 26, 33, 40, 47, 54].map((days) => ({ days, roster: booked })),
  ];
  for (const { days, roster, status = 'active' } of plan) {
    const exam = centerExam(user, examAt(shanghaiTime(new Date(), days, 9), place));
    exam.status = status;
    exam.seatsTaken = roster.filter((entry) => entry !== 'canceled').length;
    exam.capacity = Math.max(exam.capacity, roster.length + 10);
    if (status === 'completed')
      exam.resultsPublishedAt = new Date(Date.parse(exam.startsAt) + 7 * 86_400_000).toISOString();
    exams.set(exam.id, exam);
    for (const [n, entry] of roster.entries()) {
      const result = entry === 'completed' ? resultOf(exam, n % 4 === 3 ? 'fail' : 'pass') : {};
      newRegistration(exam, person(), null, entry, result);
    }
  }
}

function welcomeExaminer(user: CurrentUser) {
  const me = person(user.phone);
  examinerProfiles.set(user.id, {
    name: me.name,
    phone: user.phone,
    address: '示范路 2 号',
    identityId: me.idNumber,
    complete: true,
  });
  user.name = me.name;
  for (const exam of [history.door, nextWeek]) {
    const assignedAt = new Date().toISOString();
    exam.examiners.push({ userId: user.id, phone: user.phone, name: me.name, assignedAt, roomId: null });
  }
}

/** Fills in what a returning account of its kind finds (see above). */
export function welcome(req: MockRequest, user: CurrentUser) {
  if (user.kind === 'individual') welcomeCandidate(req, user);
  if (user.kind === 'testCenter') welcomeCenter(user);
  if (user.kind === 'examiner') welcomeExaminer(user);
}
