/**
 * What every mock file shares: the request and response shapes, the envelope helpers, the in-memory sessions and
 * the catalog data. Excluded from Umi's mock glob (.umirc.ts), so it is a library, not a mock file.
 */
import type { CurrentUser, DataOf, ErrorCode, ErrorEnvelope, ExamSummary, UserKind } from '../../contract';
import { ERROR_CATALOGUE } from '../../contract/errors';

export interface MockRequest {
  body?: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): void;
  /** For the few answers that are files, not envelopes (as Express, which Umi's mock runs on, has them). */
  setHeader(name: string, value: string): void;
  end(body: Buffer): void;
}
export type Handler = (req: MockRequest, res: MockResponse) => void;

export const MOCK_CODE = '123456';
export const sessions = new Map<string, CurrentUser>();

export function send<T>(res: MockResponse, data: T) {
  res.status(200).json({ success: true, data });
}

export function fail(res: MockResponse, errorCode: ErrorCode, errorMessage: string) {
  const { status, showType } = ERROR_CATALOGUE[errorCode];
  const body: ErrorEnvelope = { success: false, errorCode, errorMessage, showType };
  res.status(status).json(body);
}

export function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function isKind(value: string): value is UserKind {
  return value === 'individual' || value === 'testCenter' || value === 'examiner';
}

export function userOf(req: MockRequest): CurrentUser | undefined {
  const header = req.headers.authorization;
  const token = typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
  return sessions.get(token);
}

export function mockId(n: number): string {
  return `0192f0c0-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const provinces: DataOf<'provinces'> = [
  { code: '11', name: '北京市', nameEn: 'Beijing' },
  { code: '31', name: '上海市', nameEn: 'Shanghai' },
  { code: '44', name: '广东省', nameEn: 'Guangdong' },
];

export const cities: DataOf<'cities'> = [
  { code: '1101', name: '北京市', provinceCode: '11' },
  { code: '3101', name: '上海市', provinceCode: '31' },
  { code: '4401', name: '广州市', provinceCode: '44' },
  { code: '4403', name: '深圳市', provinceCode: '44' },
];

export const categories: DataOf<'categories'> = [
  { id: mockId(1), code: 'language', name: { zh: '语言能力', en: 'Language proficiency' } },
  { id: mockId(2), code: 'sports', name: { zh: '体育技能', en: 'Sports skills' } },
  { id: mockId(3), code: 'computing', name: { zh: '计算机', en: 'Computing' } },
];

export const centers = [
  { id: mockId(11), name: { zh: '北京朝阳考点', en: 'Beijing Chaoyang Test Center' } },
  { id: mockId(12), name: { zh: '上海徐汇考点', en: 'Shanghai Xuhui Test Center' } },
];

export function examAt(n: number, daysAhead: number, center: 0 | 1, category: number): ExamSummary {
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

export const exams: ExamSummary[] = [
  examAt(1, 10, 0, 0),
  examAt(2, 14, 1, 1),
  examAt(3, 21, 0, 2),
  examAt(4, 28, 1, 0),
];
