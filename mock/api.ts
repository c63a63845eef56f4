/**
 * Umi mock for `npm run dev` (front-end work with no server). Every answer is typed with contract/, and
 * tests/contract/mock.test.ts parses each one with the contract's response schema, so the mock cannot drift.
 * The mock accepts any phone and the code 123456; it keeps sessions in memory until the dev server restarts.
 */
import type { DataOf } from '../contract';
import { chinaMobileToE164 } from '../contract/phone';
import {
  categories,
  cities,
  exams,
  fail,
  field,
  type Handler,
  isKind,
  MOCK_CODE,
  mockId,
  provinces,
  send,
  sessions,
  userOf,
} from './lib/shared';

export type { MockRequest, MockResponse } from './lib/shared';

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
