/**
 * Test support for the test center pages: a center's account, profile, exams and roster as the server answers them,
 * and the shared fake server (src/testing, at the HTTP transport) taught to answer files too. Not imported by the app.
 */
import { type Call, ok, type Route, serve } from '@/testing/fakeServer';
import { examFixture } from '@/testing/fixtures';
import type { CurrentUser } from '../../../../contract/auth';
import {
  type CenterExam,
  type CenterProfile,
  REQUIRED_CENTER_FIELDS,
  type RosterEntry,
} from '../../../../contract/center';

export const CENTER_USER: CurrentUser = {
  id: '0192f0c0-0000-7000-8000-000000000901',
  kind: 'testCenter',
  phone: '+8613700137000',
  name: '',
  avatar_small: null,
};

/** A valid unified social credit code (its check character is 3). */
export const TAX_ID = '91110105MA01ABCD13';
export const LICENSE_ID = '0192f0c0-0000-7000-8000-000000000911';

export const EMPTY_CENTER_PROFILE: CenterProfile = {
  businessName: '',
  licenseId: null,
  licenseUrl: null,
  licenseContentType: null,
  taxId: '',
  logoId: null,
  logoUrl: null,
  capacity: 0,
  contactName: '',
  contactPhone: '',
  provinceCode: null,
  cityCode: null,
  address: '',
  complete: false,
  missing: [...REQUIRED_CENTER_FIELDS],
};

export const CENTER_PROFILE: CenterProfile = {
  businessName: 'Chaoyang Test Center',
  licenseId: LICENSE_ID,
  licenseUrl: `/api/center/documents/${LICENSE_ID}`,
  licenseContentType: 'application/pdf',
  taxId: TAX_ID,
  logoId: null,
  logoUrl: null,
  capacity: 120,
  contactName: 'Zhang Wei',
  contactPhone: '+8613600136000',
  provinceCode: '11',
  cityCode: '1101',
  address: '1 Example Road',
  complete: true,
  missing: [],
};

export const EXAM_ID = '0192f0c0-0000-7000-8000-000000000101';

/** An exam of the center ten days ahead: 40 seats, 12 taken (10 paid, 2 awaiting payment). */
export function centerExamFixture(overrides: Partial<CenterExam> = {}): CenterExam {
  return {
    ...(examFixture() as Omit<CenterExam, 'seatsTaken' | 'counts' | 'resultsEntered' | 'resultsPublishedAt'>),
    seatsTaken: 12,
    counts: { pending: 2, register: 10, checkin: 0, completed: 0, canceled: 1 },
    resultsEntered: 0,
    resultsPublishedAt: null,
    examiners: 0,
    accessCode: null,
    ...overrides,
  };
}

export function rosterEntryFixture(n: number, overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    registrationId: `0192f0c0-0000-7000-8000-0000000060${String(n).padStart(2, '0')}`,
    name: `Candidate ${n}`,
    phone: `+86139001390${String(n).padStart(2, '0')}`,
    maskedIdNumber: `110101********${String(100 + n).slice(-3)}X`,
    status: 'register',
    checkedInAt: null,
    outcome: null,
    certificateNumber: null,
    room: null,
    seat: null,
    photo: { url: `/api/front/avatars/candidate-${n}`, rejection: null },
    ...overrides,
  };
}

export const PROVINCES = [{ code: '11', name: '北京市', nameEn: 'Beijing' }];
export const CITIES = [{ code: '1101', name: '北京市', provinceCode: '11' }];

/** A logged-in test center reading the app in `locale`. */
export function loginAsCenter(locale: string): void {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', 'testCenter');
}

/**
 * The fake server with a test center logged in; `files` answers paths with a file (a Blob) instead of an envelope,
 * as the roster export and the business license do.
 */
export function serveCenter(routes: Record<string, Route>, files: Record<string, Blob> = {}): Call[] {
  return serve(
    {
      'GET /api/front/currentUser': () => ok(CENTER_USER),
      'GET /api/province': () => ok(PROVINCES),
      'GET /api/city': () => ok(CITIES),
      ...routes,
    },
    files,
  );
}
