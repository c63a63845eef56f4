/**
 * Umi mock for `npm run dev` (front-end work with no server): logging in, the catalog and the public look-ups.
 * Any mainland mobile logs in with the code 123456, as the kind chosen; a phone ending in 0000 is a new account,
 * any other a returning one with a history in every state (mock/lib/accounts.ts). Every answer is typed with
 * contract/, and tests/contract/mock.test.ts parses each one with the contract's schemas.
 */
import { api, type CurrentUser } from '../contract';
import { normalizeCertificateNumber } from '../contract/certificate';
import { maskName } from '../server/domain/certificates';
import { maskPhone, normalizeChinaMobile } from '../server/domain/phone';
import { isNewAccount, welcome } from './lib/accounts';
import { categories, cities, exams, type MockExam, newId, organizations, provinces } from './lib/fixtures';
import { bearerToken, on, page, refuse, sessions } from './lib/http';
import { config, examOf, isOpen, registrations, summaryOf, tickets } from './lib/store';

/** The one code every login takes. */
const MOCK_CODE = '123456';
/** kind:phone -> the account, the same object every session of it shares. */
const accounts = new Map<string, CurrentUser>();

export default Object.fromEntries([
  on(api.health, () => ({ status: 'ok' as const })),
  on(api.ready, () => ({ status: 'ready' as const, database: 'ok' as const })),
  on(api.site, () => ({
    companyName: { zh: '北京示例体育科技有限公司', en: 'Beijing Example Sports Technology Co., Ltd.' },
    filingNumber: '京ICP备00000000号-1（演示）',
    filingUrl: '',
    smsToConsole: true,
  })),
  on(api.sendOtp, ({ body }) => {
    const sentTo = maskPhone(normalizeChinaMobile(body.phone));
    return { sentTo, resendAfterSeconds: config.otp.sendIntervalS, expiresInSeconds: config.otp.ttlS };
  }),
  on(api.login, ({ body, req }) => {
    const phone = normalizeChinaMobile(body.phone);
    if (body.code !== MOCK_CODE) refuse('OTP_INVALID');
    const key = `${body.kind}:${phone}`;
    const known = accounts.get(key);
    const user = known ?? { id: newId(), kind: body.kind, phone, name: '', avatar_small: null };
    accounts.set(key, user);
    if (!known && !isNewAccount(phone)) welcome(req, user);
    const token = `mock-${newId()}`;
    sessions.set(token, user);
    return { access_token: token, type: body.kind, created: !known && isNewAccount(phone) };
  }),
  on(api.currentUser, ({ user }) => user),
  on(api.logout, ({ req }) => {
    sessions.delete(bearerToken(req));
    return { loggedOut: true as const };
  }),
  on(api.provinces, () => provinces),
  on(api.cities, ({ query }) => cities.filter((city) => city.provinceCode === query.q)),
  on(api.categories, () => categories),
  on(api.exams, ({ query }) => {
    const q = query.q?.toLowerCase() ?? '';
    const day = (iso: string) => iso.slice(0, 10);
    const where = (exam: MockExam) => [exam.category.code, exam.province.code, exam.city.code];
    const wanted = [query.category, query.province, query.city];
    const matching = [...exams.values()]
      .filter((exam) => isOpen(exam) && wanted.every((value, n) => !value || where(exam)[n] === value))
      .filter(
        (exam) => (!query.from || day(exam.startsAt) >= query.from) && (!query.to || day(exam.startsAt) <= query.to),
      )
      .filter((exam) => !q || `${exam.code} ${exam.name.zh} ${exam.name.en}`.toLowerCase().includes(q))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    return page(matching.map(summaryOf), query);
  }),
  on(api.exam, ({ params }) => summaryOf(examOf(params.id))),
  on(api.organizations, () => organizations),
  on(api.ticketPublicKey, () => tickets.publicKey()),
  // The mock keeps no uploaded bytes (its avatars and logos are the app's /logo.svg): no stored file has an id here.
  on(api.avatar, () => refuse('NOT_FOUND')),
  on(api.avatarSmall, () => refuse('NOT_FOUND')),
  on(api.centerLogo, () => refuse('NOT_FOUND')),
  on(api.verifyCertificate, ({ params }) => {
    const number = normalizeCertificateNumber(params.number);
    const found = [...registrations.values()].find((item) => number && item.certificateNumber === number);
    const { code, name, startsAt, timeZone, resultsPublishedAt } = examOf(found?.examId ?? '');
    if (!found?.outcome || !number || !resultsPublishedAt) return refuse('NOT_FOUND');
    const exam = { code, name, startsAt, timeZone };
    const maskedName = maskName(found.person.name);
    return { certificateNumber: number, maskedName, exam, outcome: found.outcome, publishedAt: resultsPublishedAt };
  }),
]);
