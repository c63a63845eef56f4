/**
 * Umi mock for `npm run dev` (front-end work with no server). Every answer is typed with contract/, and
 * tests/contract/mock.test.ts parses each one with the contract's response schema, so the mock cannot drift.
 * The mock accepts any phone and the code 123456; it keeps sessions in memory until the dev server restarts.
 */
import type { CurrentUser, DataOf, ErrorCode, ErrorEnvelope, ExamSummary, UserKind } from '../contract';
import { ERROR_CATALOGUE } from '../contract/errors';
import { chinaMobileToE164 } from '../contract/phone';

export interface MockRequest {
  body?: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): void;
}
type Handler = (req: MockRequest, res: MockResponse) => void;

const MOCK_CODE = '123456';
const sessions = new Map<string, CurrentUser>();

function send<T>(res: MockResponse, data: T) {
  res.status(200).json({ success: true, data });
}

function fail(res: MockResponse, errorCode: ErrorCode, errorMessage: string) {
  const { status, showType } = ERROR_CATALOGUE[errorCode];
  const body: ErrorEnvelope = { success: false, errorCode, errorMessage, showType };
  res.status(status).json(body);
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

function isKind(value: string): value is UserKind {
  return value === 'individual' || value === 'testCenter' || value === 'examiner';
}

function userOf(req: MockRequest): CurrentUser | undefined {
  const header = req.headers.authorization;
  const token = typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
  return sessions.get(token);
}

function mockId(n: number): string {
  return `0192f0c0-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

const provinces: DataOf<'provinces'> = [
  { code: '11', name: '北京市', nameEn: 'Beijing' },
  { code: '31', name: '上海市', nameEn: 'Shanghai' },
  { code: '44', name: '广东省', nameEn: 'Guangdong' },
];

const cities: DataOf<'cities'> = [
  { code: '1101', name: '北京市', provinceCode: '11' },
  { code: '3101', name: '上海市', provinceCode: '31' },
  { code: '4401', name: '广州市', provinceCode: '44' },
  { code: '4403', name: '深圳市', provinceCode: '44' },
];

const categories: DataOf<'categories'> = [
  { id: mockId(1), code: 'language', name: { zh: '语言能力', en: 'Language proficiency' } },
  { id: mockId(2), code: 'sports', name: { zh: '体育技能', en: 'Sports skills' } },
  { id: mockId(3), code: 'computing', name: { zh: '计算机', en: 'Computing' } },
];

const centers = [
  { id: mockId(11), name: { zh: '北京朝阳考点', en: 'Beijing Chaoyang Test Center' } },
  { id: mockId(12), name: { zh: '上海徐汇考点', en: 'Shanghai Xuhui Test Center' } },
];

function examAt(n: number, daysAhead: number, center: 0 | 1, category: number): ExamSummary {
  const startsAt = new Date(Date.now() + daysAhead * 86_400_000);
  startsAt.setUTCHours(1, 0, 0, 0);
  const registrationEndsAt = new Date(startsAt.getTime() - 3 * 86_400_000);
  const province = provinces[center];
  return {
    id: mockId(100 + n),
    code: `MOCK-${n}`,
    name: { zh: `模拟考试 ${n}`, en: `Mock exam ${n}` },
    category: categories[category],
    organization: null,
    center: centers[center],
    location: { zh: `${province.name}示例路 ${n} 号`, en: `${n} Example Road, ${province.nameEn}` },
    province,
    city: cities[center],
    startsAt: startsAt.toISOString(),
    registrationEndsAt: registrationEndsAt.toISOString(),
    timeZone: 'Asia/Shanghai',
    feeFen: 15_000 + n * 1_000,
    capacity: 40,
    seatsLeft: 40 - n,
    status: 'active',
    arrivalLeadMinutes: 30,
    requiresAccessCode: n === 3,
  };
}

const exams: ExamSummary[] = [examAt(1, 10, 0, 0), examAt(2, 14, 1, 1), examAt(3, 21, 0, 2), examAt(4, 28, 1, 0)];

const handlers: Record<string, Handler> = {
  'GET /api/health': (_req, res) => send<DataOf<'health'>>(res, { status: 'ok' }),
  'GET /api/ready': (_req, res) => send<DataOf<'ready'>>(res, { status: 'ready', database: 'ok' }),
  'GET /api/front/site': (_req, res) =>
    send<DataOf<'site'>>(res, {
      companyName: { zh: '北京示例体育科技有限公司', en: 'Beijing Example Sports Technology Co., Ltd.' },
      filingNumber: '京ICP备00000000号-1',
      filingUrl: '',
      smsToConsole: true,
    }),
  'POST /api/front/otp': (req, res) => {
    const phone = chinaMobileToE164(field(req.body, 'phone'));
    if (!phone) return fail(res, 'PHONE_INVALID', 'The phone number is not a mainland China mobile number.');
    if (!isKind(field(req.body, 'kind'))) return fail(res, 'KIND_INVALID', 'Unknown kind of user.');
    send<DataOf<'sendOtp'>>(res, {
      sentTo: `${phone.slice(0, 6)}****${phone.slice(-4)}`,
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    });
  },
  'POST /api/front/login': (req, res) => {
    const phone = chinaMobileToE164(field(req.body, 'phone'));
    const kind = field(req.body, 'kind');
    if (!phone) return fail(res, 'PHONE_INVALID', 'The phone number is not a mainland China mobile number.');
    if (!isKind(kind)) return fail(res, 'KIND_INVALID', 'Unknown kind of user.');
    if (field(req.body, 'code') !== MOCK_CODE) return fail(res, 'OTP_INVALID', 'The code is wrong.');
    const token = `mock-${phone}-${kind}`;
    sessions.set(token, { id: mockId(1000 + sessions.size), kind, phone, name: '', avatar_small: null });
    send<DataOf<'login'>>(res, { access_token: token, type: kind, created: true });
  },
  'GET /api/front/currentUser': (req, res) => {
    const user = userOf(req);
    if (!user) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    send<DataOf<'currentUser'>>(res, user);
  },
  'POST /api/front/logout': (req, res) => {
    const header = req.headers.authorization;
    if (!userOf(req)) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    sessions.delete(typeof header === 'string' ? header.replace(/^Bearer /, '') : '');
    send<DataOf<'logout'>>(res, { loggedOut: true });
  },
  'GET /api/province': (_req, res) => send(res, provinces),
  'GET /api/city': (req, res) =>
    send<DataOf<'cities'>>(
      res,
      cities.filter((city) => city.provinceCode === req.query.q),
    ),
  'GET /api/front/categories': (_req, res) => send(res, categories),
  'GET /api/front/exams': (req, res) => {
    const current = Number(req.query.current ?? 1) || 1;
    const pageSize = Number(req.query.pageSize ?? 10) || 10;
    const q = (req.query.q ?? '').toLowerCase();
    const matching = exams.filter(
      (exam) =>
        (!req.query.province || exam.province.code === req.query.province) &&
        (!req.query.category || exam.category.code === req.query.category) &&
        (!q || `${exam.code} ${exam.name.zh} ${exam.name.en}`.toLowerCase().includes(q)),
    );
    send<DataOf<'exams'>>(res, {
      list: matching.slice((current - 1) * pageSize, current * pageSize),
      total: matching.length,
      current,
      pageSize,
    });
  },
  'GET /api/front/exams/:id': (req, res) => {
    const exam = exams.find((candidate) => candidate.id === req.params.id);
    if (!exam) return fail(res, 'NOT_FOUND', 'No such exam.');
    send<DataOf<'exam'>>(res, exam);
  },
};

export default handlers;
