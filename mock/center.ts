/**
 * The test center's side for `npm run dev`: one profile per logged-in center, its exams, rosters, examiners and
 * results in memory, each checked as the server checks it (contract schemas, the center's capacity, registration
 * ending before the start, no changes once started, published results final). A center whose profile is saved
 * finds a demo exam held yesterday with candidates checked in (for results and publication), and every exam it
 * creates comes with a few paid candidates and one awaiting payment (for the roster and cancelling). The mock reads
 * no uploaded bytes: a document upload stores the app's logo, and any results sheet reads as one pass for the first
 * checked-in candidate without a result and two refused rows.
 */
import ExcelJS from 'exceljs';
import type {
  AssignedExaminer,
  CenterExam,
  CenterProfile,
  CurrentUser,
  DataOf,
  ErrorCode,
  ErrorEnvelope,
  ExamSummary,
  RosterEntry,
} from '../contract';
import {
  CERTIFICATE_ALPHABET,
  centerProfileUpdate,
  certificateCheckCharacter,
  examDraft,
  REQUIRED_CENTER_FIELDS,
  ROSTER_EXPORT_PATH,
  resultEntry,
} from '../contract';
import { ERROR_CATALOGUE } from '../contract/errors';
import { chinaMobileToE164 } from '../contract/phone';
import {
  exams as catalogExams,
  categories,
  cities,
  fail,
  type Handler,
  type MockRequest,
  type MockResponse,
  mockId,
  provinces,
  send,
  userOf,
} from './lib/shared';
import { organizations } from './profile';

interface MockCenterExam {
  userId: string;
  summary: ExamSummary;
  accessCode: string | null;
  roster: RosterEntry[];
  /** Full ID numbers, which the roster search matches (the roster shows them masked). */
  idNumbers: Map<string, string>;
  examiners: AssignedExaminer[];
  resultsPublishedAt: string | null;
}

const profiles = new Map<string, CenterProfile>();
const documents = new Map<string, { userId: string; url: string; contentType: string }>();
const centerExams = new Map<string, MockCenterExam>();
let nextId = 20_000;
const newId = () => mockId(nextId++);

function emptyProfile(): CenterProfile {
  return {
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
}

/** A refusal naming the field at fault, as the server's VALIDATION_FAILED and field-specific answers do. */
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

/** The signed-in test center, or an answer that says why not. */
function centerOf(req: MockRequest, res: MockResponse): CurrentUser | undefined {
  const user = userOf(req);
  if (!user) {
    fail(res, 'UNAUTHORIZED', 'Log in first.');
    return undefined;
  }
  if (user.kind !== 'testCenter') {
    fail(res, 'TEST_CENTERS_ONLY', 'Only a test center can do this.');
    return undefined;
  }
  return user;
}

/** The center's own exam named by the path, or a 404 (another center's exam is not found either). */
function ownExam(req: MockRequest, res: MockResponse): MockCenterExam | undefined {
  const user = centerOf(req, res);
  if (!user) return undefined;
  const exam = centerExams.get(req.params.id ?? '');
  if (exam?.userId === user.id) return exam;
  fail(res, 'NOT_FOUND', 'No exam of yours has this id.');
  return undefined;
}

function viewOf(exam: MockCenterExam): CenterExam {
  const count = (status: RosterEntry['status']) => exam.roster.filter((entry) => entry.status === status).length;
  const seatsTaken = exam.roster.filter((entry) => entry.status !== 'canceled').length;
  return {
    ...exam.summary,
    seatsLeft: Math.max(exam.summary.capacity - seatsTaken, 0),
    requiresAccessCode: exam.accessCode !== null,
    seatsTaken,
    counts: {
      pending: count('pending'),
      register: count('register'),
      checkin: count('checkin'),
      completed: count('completed'),
      canceled: count('canceled'),
    },
    resultsEntered: exam.roster.filter((entry) => entry.outcome !== null).length,
    resultsPublishedAt: exam.resultsPublishedAt,
    examiners: exam.examiners.length,
    accessCode: exam.accessCode,
  };
}

const DEMO_NAMES = ['王芳', '赵磊', '陈静', '刘洋', '孙丽'];
/** Candidates of an exam to come, and of one held (three came, one did not, one canceled before). */
const UPCOMING: RosterEntry['status'][] = ['register', 'register', 'register', 'pending'];
const HELD: RosterEntry['status'][] = ['checkin', 'checkin', 'checkin', 'register', 'canceled'];

function demoRoster(startsAt: string, statuses: RosterEntry['status'][]) {
  const idNumbers = new Map<string, string>();
  const roster = statuses.map((status, index): RosterEntry => {
    const name = DEMO_NAMES[index] ?? '';
    const registrationId = newId();
    const idNumber = `11010520000101${String(1000 + index).slice(-3)}X`;
    idNumbers.set(registrationId, idNumber);
    return {
      registrationId,
      name,
      phone: `+861390013${String(9000 + index)}`,
      maskedIdNumber: `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`,
      status,
      checkedInAt: status === 'checkin' ? new Date(Date.parse(startsAt) - 20 * 60_000).toISOString() : null,
      outcome: null,
      certificateNumber: null,
    };
  });
  return { roster, idNumbers };
}

/** The draft checked as the server checks it; answers the refusal itself and returns undefined when refused. */
function validDraft(req: MockRequest, res: MockResponse, user: CurrentUser, editing?: MockCenterExam) {
  const profile = profiles.get(user.id);
  if (!profile?.complete) return void fail(res, 'CENTER_PROFILE_INCOMPLETE', 'Complete the center profile first.');
  const parsed = examDraft.safeParse(req.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    if (issue?.message === 'REGISTRATION_ENDS_AFTER_START') {
      return void refuse(res, 'REGISTRATION_ENDS_AFTER_START', path, 'Registration must end before the start.');
    }
    return void refuse(res, 'VALIDATION_FAILED', path, issue?.message ?? 'Invalid input.');
  }
  const draft = parsed.data;
  if (draft.capacity > profile.capacity) {
    return void refuse(res, 'EXAM_CAPACITY_EXCEEDS_CENTER', 'capacity', 'More seats than the center has.');
  }
  if (editing && draft.capacity < viewOf(editing).seatsTaken) {
    return void refuse(res, 'EXAM_CAPACITY_BELOW_TAKEN', 'capacity', 'Fewer seats than are taken.');
  }
  const codes = [...catalogExams, ...[...centerExams.values()].map((exam) => exam.summary)]
    .filter((exam) => exam.id !== editing?.summary.id)
    .map((exam) => exam.code);
  if (codes.includes(draft.code)) return void refuse(res, 'EXAM_CODE_TAKEN', 'code', 'The code is taken.');
  const category = categories.find((candidate) => candidate.id === draft.categoryId);
  if (!category) return void refuse(res, 'VALIDATION_FAILED', 'categoryId', 'Unknown category.');
  const organization = organizations.find((candidate) => candidate.id === draft.organizationId);
  if (draft.organizationId && !organization) {
    return void refuse(res, 'ORGANIZATION_INVALID', 'organizationId', 'Unknown organization.');
  }
  const province = provinces.find((candidate) => candidate.code === profile.provinceCode) ?? provinces[0];
  const city = cities.find((candidate) => candidate.code === profile.cityCode) ?? cities[0];
  const summary: ExamSummary = {
    id: editing?.summary.id ?? newId(),
    code: draft.code,
    name: draft.name,
    category,
    organization: organization ?? null,
    center: { id: user.id, name: { zh: profile.businessName, en: profile.businessName } },
    location: draft.location,
    province,
    city,
    startsAt: new Date(draft.startsAt).toISOString(),
    registrationEndsAt: new Date(draft.registrationEndsAt).toISOString(),
    timeZone: 'Asia/Shanghai',
    feeFen: draft.feeFen,
    capacity: draft.capacity,
    seatsLeft: draft.capacity,
    status: editing?.summary.status ?? 'active',
    arrivalLeadMinutes: draft.arrivalLeadMinutes,
    requiresAccessCode: Boolean(draft.accessCode),
  };
  return { summary, accessCode: draft.accessCode ?? null };
}

/** The demo exam of a center: held yesterday at 09:00 in Beijing, three candidates checked in. */
function addHeldExam(user: CurrentUser, profile: CenterProfile) {
  const startsAt = new Date(Date.now() - 86_400_000);
  startsAt.setUTCHours(1, 0, 0, 0);
  const n = centerExams.size + 1;
  const capacity = Math.min(profile.capacity, 40);
  const summary: ExamSummary = {
    id: newId(),
    code: `DEMO-${n}`,
    name: { zh: `演示考试 ${n}`, en: `Demo exam ${n}` },
    category: categories[0],
    organization: null,
    center: { id: user.id, name: { zh: profile.businessName, en: profile.businessName } },
    location: { zh: profile.address, en: profile.address },
    province: provinces.find((candidate) => candidate.code === profile.provinceCode) ?? provinces[0],
    city: cities.find((candidate) => candidate.code === profile.cityCode) ?? cities[0],
    startsAt: startsAt.toISOString(),
    registrationEndsAt: new Date(startsAt.getTime() - 3 * 86_400_000).toISOString(),
    timeZone: 'Asia/Shanghai',
    feeFen: 15_000,
    capacity,
    seatsLeft: capacity,
    status: 'active',
    arrivalLeadMinutes: 30,
    requiresAccessCode: false,
  };
  centerExams.set(summary.id, {
    userId: user.id,
    summary,
    accessCode: null,
    ...demoRoster(summary.startsAt, HELD),
    examiners: [],
    resultsPublishedAt: null,
  });
}

const editable = (exam: MockCenterExam) =>
  (exam.summary.status === 'active' || exam.summary.status === 'inactive') &&
  Date.parse(exam.summary.startsAt) > Date.now();

function newCertificateNumber(startsAt: string): string {
  const year = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(
    new Date(startsAt),
  );
  let random = '';
  for (let i = 0; i < 8; i += 1)
    random += CERTIFICATE_ALPHABET[Math.floor(Math.random() * CERTIFICATE_ALPHABET.length)];
  return `EA-${year}-${random}-${certificateCheckCharacter(`EA${year}${random}`)}`;
}

function matches(exam: MockCenterExam, entry: RosterEntry, q: string): boolean {
  const idNumber = exam.idNumbers.get(entry.registrationId) ?? '';
  return [entry.name, entry.phone, idNumber].some((value) => value.toUpperCase().includes(q.toUpperCase()));
}

function rosterOf(exam: MockCenterExam, query: MockRequest['query']): RosterEntry[] {
  const q = (query.q ?? '').trim();
  return exam.roster.filter(
    (entry) => (!q || matches(exam, entry, q)) && (!query.status || entry.status === query.status),
  );
}

const STATUS_WORDS: Record<RosterEntry['status'], string> = {
  pending: '待付款 / Awaiting payment',
  register: '已报名 / Registered',
  checkin: '已签到 / Checked in',
  completed: '已完成 / Completed',
  canceled: '已取消 / Canceled',
};

async function sendRoster(exam: MockCenterExam, entries: RosterEntry[], res: MockResponse) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('考生 Candidates');
  sheet.addRow(['姓名 / Name', '手机号 / Phone', '身份证号 / ID number', '状态 / Status', '成绩 / Result']);
  for (const entry of entries) {
    sheet.addRow([entry.name, entry.phone, entry.maskedIdNumber, STATUS_WORDS[entry.status], entry.outcome ?? '']);
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  res.status(200);
  res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  res.setHeader('Content-Disposition', `attachment; filename="roster-${exam.summary.code}.xlsx"`);
  res.end(bytes);
}

function storeDocument(req: MockRequest, res: MockResponse, contentType: string) {
  const user = centerOf(req, res);
  if (!user) return;
  const id = newId();
  // The mock reads no bytes: every upload is the app's logo.
  documents.set(id, { userId: user.id, url: '/logo.svg', contentType });
  send<DataOf<'uploadLicense'>>(res, { id, url: '/logo.svg', contentType });
}

const handlers: Record<string, Handler> = {
  'GET /api/center/profile': (req, res) => {
    const user = centerOf(req, res);
    if (!user) return;
    send<DataOf<'centerProfile'>>(res, profiles.get(user.id) ?? emptyProfile());
  },
  'PUT /api/center/profile': (req, res) => {
    const user = centerOf(req, res);
    if (!user) return;
    const parsed = centerProfileUpdate.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      if (issue?.message === 'TAX_ID_INVALID') return refuse(res, 'TAX_ID_INVALID', path, 'Invalid tax ID.');
      return refuse(res, 'VALIDATION_FAILED', path, issue?.message ?? 'Invalid input.');
    }
    const input = parsed.data;
    const contactPhone = chinaMobileToE164(input.contactPhone);
    if (!contactPhone) return refuse(res, 'PHONE_INVALID', 'contactPhone', 'Not a mainland China mobile number.');
    const city = cities.find((candidate) => candidate.code === input.cityCode);
    if (city?.provinceCode !== input.provinceCode) return fail(res, 'CITY_INVALID', 'Unknown city.');
    const license = documents.get(input.licenseId);
    const logo = input.logoId ? documents.get(input.logoId) : undefined;
    if (license?.userId !== user.id || (input.logoId && logo?.userId !== user.id)) {
      return fail(res, 'NOT_FOUND', 'No such document.');
    }
    const saved: CenterProfile = {
      ...input,
      licenseUrl: license.url,
      licenseContentType: 'image/png',
      logoId: input.logoId ?? null,
      logoUrl: logo?.url ?? null,
      contactPhone,
      complete: true,
      missing: [],
    };
    profiles.set(user.id, saved);
    if (![...centerExams.values()].some((exam) => exam.userId === user.id)) addHeldExam(user, saved);
    send<DataOf<'saveCenterProfile'>>(res, saved);
  },
  'POST /api/center/profile/license': (req, res) => storeDocument(req, res, 'image/png'),
  'POST /api/center/profile/logo': (req, res) => storeDocument(req, res, 'image/png'),
  'GET /api/center/exams': (req, res) => {
    const user = centerOf(req, res);
    if (!user) return;
    const current = Number(req.query.current ?? 1) || 1;
    const pageSize = Number(req.query.pageSize ?? 10) || 10;
    const mine = [...centerExams.values()]
      .filter((exam) => exam.userId === user.id && (!req.query.status || exam.summary.status === req.query.status))
      .sort((a, b) => a.summary.startsAt.localeCompare(b.summary.startsAt));
    send<DataOf<'centerExams'>>(res, {
      list: mine.slice((current - 1) * pageSize, current * pageSize).map(viewOf),
      total: mine.length,
      current,
      pageSize,
    });
  },
  'POST /api/center/exams': (req, res) => {
    const user = centerOf(req, res);
    if (!user) return;
    const valid = validDraft(req, res, user);
    if (!valid) return;
    const exam: MockCenterExam = {
      userId: user.id,
      ...valid,
      ...demoRoster(valid.summary.startsAt, UPCOMING),
      examiners: [],
      resultsPublishedAt: null,
    };
    centerExams.set(exam.summary.id, exam);
    send<DataOf<'createExam'>>(res, viewOf(exam));
  },
  'GET /api/center/exams/:id': (req, res) => {
    const exam = ownExam(req, res);
    if (exam) send<DataOf<'centerExam'>>(res, viewOf(exam));
  },
  'PUT /api/center/exams/:id': (req, res) => {
    const exam = ownExam(req, res);
    const user = userOf(req);
    if (!exam || !user) return;
    if (!editable(exam)) return fail(res, 'EXAM_NOT_EDITABLE', 'A canceled, completed or started exam stays as it is.');
    const valid = validDraft(req, res, user, exam);
    if (!valid) return;
    Object.assign(exam, valid);
    send<DataOf<'updateExam'>>(res, viewOf(exam));
  },
  'POST /api/center/exams/:id/cancel': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    if (!editable(exam) || exam.roster.some((entry) => entry.status === 'checkin')) {
      return fail(res, 'EXAM_NOT_EDITABLE', 'A canceled, completed, started or attended exam cannot be canceled.');
    }
    const refunded = exam.roster.filter((entry) => entry.status === 'register').length;
    const released = exam.roster.filter((entry) => entry.status === 'pending').length;
    for (const entry of exam.roster)
      if (entry.status === 'register' || entry.status === 'pending') entry.status = 'canceled';
    exam.summary.status = 'canceled';
    send<DataOf<'cancelExam'>>(res, { exam: viewOf(exam), refunded, released, notified: refunded });
  },
  'GET /api/center/exams/:id/roster': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    const current = Number(req.query.current ?? 1) || 1;
    const pageSize = Number(req.query.pageSize ?? 10) || 10;
    const found = rosterOf(exam, req.query);
    send<DataOf<'roster'>>(res, {
      list: found.slice((current - 1) * pageSize, current * pageSize),
      total: found.length,
      current,
      pageSize,
    });
  },
  [`GET ${ROSTER_EXPORT_PATH}`]: (req, res) => {
    const exam = ownExam(req, res);
    if (exam) sendRoster(exam, rosterOf(exam, req.query), res);
  },
  'GET /api/center/exams/:id/examiners': (req, res) => {
    const exam = ownExam(req, res);
    if (exam) send<DataOf<'examExaminers'>>(res, exam.examiners);
  },
  'POST /api/center/exams/:id/examiners': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    const given = (req.body as { phone?: unknown } | undefined)?.phone;
    const phone = chinaMobileToE164(typeof given === 'string' ? given : '');
    if (!phone) return refuse(res, 'PHONE_INVALID', 'phone', 'Not a mainland China mobile number.');
    if (!exam.examiners.some((examiner) => examiner.phone === phone)) {
      exam.examiners.push({ userId: newId(), phone, name: '', assignedAt: new Date().toISOString() });
    }
    send<DataOf<'assignExaminer'>>(res, exam.examiners);
  },
  'DELETE /api/center/exams/:id/examiners/:userId': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    exam.examiners = exam.examiners.filter((examiner) => examiner.userId !== req.params.userId);
    send<DataOf<'unassignExaminer'>>(res, exam.examiners);
  },
  'PUT /api/center/exams/:id/results/:registrationId': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    if (exam.resultsPublishedAt) return fail(res, 'RESULTS_PUBLISHED', 'The results are published.');
    const entry = exam.roster.find((candidate) => candidate.registrationId === req.params.registrationId);
    if (!entry) return fail(res, 'NOT_FOUND', 'No registration of this exam has this id.');
    const parsed = resultEntry.safeParse(req.body);
    if (!parsed.success) return refuse(res, 'VALIDATION_FAILED', 'outcome', 'pass or fail');
    if (entry.status !== 'checkin') return fail(res, 'RESULT_NEEDS_CHECKIN', 'Only checked-in candidates.');
    entry.outcome = parsed.data.outcome;
    send<DataOf<'enterResult'>>(res, entry);
  },
  'POST /api/center/exams/:id/results/upload': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    if (exam.resultsPublishedAt) return fail(res, 'RESULTS_PUBLISHED', 'The results are published.');
    const next = exam.roster.find((entry) => entry.status === 'checkin' && entry.outcome === null);
    if (next) next.outcome = 'pass';
    send<DataOf<'uploadResults'>>(res, {
      updated: next ? 1 : 0,
      rejected: [
        { row: 3, reason: 'NOT_CHECKED_IN' },
        { row: 4, reason: 'CANDIDATE_NOT_FOUND' },
      ],
    });
  },
  'POST /api/center/exams/:id/results/publish': (req, res) => {
    const exam = ownExam(req, res);
    if (!exam) return;
    if (exam.resultsPublishedAt) return fail(res, 'RESULTS_PUBLISHED', 'The results are published.');
    if (exam.summary.status === 'canceled') return fail(res, 'EXAM_NOT_EDITABLE', 'The exam is canceled.');
    // As the server does: entered results are published, their candidates completed; the rest stay checked in.
    const entered = exam.roster.filter((entry) => entry.status === 'checkin' && entry.outcome !== null);
    for (const entry of entered) {
      entry.status = 'completed';
      if (entry.outcome === 'pass') entry.certificateNumber = newCertificateNumber(exam.summary.startsAt);
    }
    exam.resultsPublishedAt = new Date().toISOString();
    exam.summary.status = 'completed';
    send<DataOf<'publishResults'>>(res, {
      completed: entered.length,
      certificates: entered.filter((entry) => entry.outcome === 'pass').length,
      publishedAt: exam.resultsPublishedAt,
    });
  },
};

export default handlers;
