import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { api, certificateCheckCharacter, type Endpoint, errorEnvelope } from '../../contract';
import { createTestApp, envelope, multipart, type TestApp } from '../../tests/helpers/app';
import {
  fillPath,
  type GeneratedRequest,
  queryString,
  type Realistic,
  requestArbitrary,
  textFields,
  validSample,
  withField,
} from '../../tests/helpers/arbitraries';
import { nextPhone } from '../../tests/helpers/booking';
import { createCenterExam, png, readyCenter, taxId } from '../../tests/helpers/center';
import { examinerFor, paidCandidate } from '../../tests/helpers/door';
import { idCardNumber, insertCatalogBasics, insertDiscountCodes } from '../../tests/helpers/fixtures';
import { operatorWithEveryPermission } from '../../tests/helpers/ops';
import { csvOf, GROUP_HEADER, memberRows, xlsxOf } from '../../tests/helpers/spreadsheets';

/**
 * Every endpoint of the contract, as every kind of caller, with generated and hostile input: whatever comes in, the
 * answer is never a 5xx, and anything but a success is the error envelope. Seeded and a fixed number of runs per
 * endpoint and caller, so a failure names its request and replays; FUZZ_SEED=<n> explores other requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = 30;

/** Every limit out of the way, so requests reach the code behind them instead of 429. */
const NO_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  VERIFY_RATE_LIMIT_PER_MINUTE: '100000000',
  OTP_IP_HOURLY_CAP: '100000000',
  OTP_PHONE_DAILY_CAP: '100000000',
  OTP_PHONE_HOURLY_FAILURES: '100000000',
};

type Role = 'anonymous' | 'individual' | 'testCenter' | 'examiner' | 'operator';

let t: TestApp;
let roles: Record<Role, Record<string, string>>;
let realistic: Realistic;
let files: Uint8Array[];

before(async () => {
  t = await createTestApp({ env: NO_LIMITS });
  const basics = await insertCatalogBasics(t.database.db);
  await insertDiscountCodes(t.database.db, t.clock.now);
  const center = await readyCenter(t);
  const exam = await createCenterExam(t, center.auth, basics.category.id);
  const lockedExam = await createCenterExam(t, center.auth, basics.category.id, { accessCode: 'FUZZ-ACCESS' });
  const candidate = await paidCandidate(t, exam.id);
  const examiner = await examinerFor(t, exam.id);
  roles = {
    anonymous: {},
    individual: candidate.headers,
    testCenter: center.auth,
    examiner: examiner.headers,
    operator: await operatorWithEveryPermission(t),
  };
  const groupAnswer = await t.app.inject({
    method: 'POST',
    url: '/api/front/groups',
    headers: candidate.headers,
    payload: { examId: exam.id, coordinator: { name: '王老师', phone: candidate.phone, organization: '一中' } },
  });
  const groupId = groupAnswer.json<{ data: { id: string } }>().data.id;
  const profile = await t.app.inject({ url: '/api/front/profile', headers: candidate.headers });
  const startsAt = new Date(t.clock.now.getTime() + 20 * 86_400_000);
  const certificateBody = 'EA20267K3M9QXP';
  realistic = {
    ids: [
      exam.id,
      lockedExam.id,
      basics.category.id,
      basics.organization.id,
      candidate.registrationId,
      candidate.userId,
      examiner.userId,
      groupId,
      center.profile.licenseId ?? exam.id,
    ],
    byField: {
      examId: [exam.id, lockedExam.id],
      'exams.id': [exam.id, lockedExam.id],
      'registrations.id': [candidate.registrationId],
      'registrations.registrationId': [candidate.registrationId],
      'results.registrationId': [candidate.registrationId],
      'groups.id': [groupId],
      'orders.id': [candidate.orderId],
      'orders.orderId': [candidate.orderId],
      'examiners.userId': [examiner.userId],
      invitationCode: ['FRIEND2026'],
      categoryId: [basics.category.id],
      organizationId: [basics.organization.id],
      avatarId: [profile.json<{ data: { avatarId: string } }>().data.avatarId],
      licenseId: [center.profile.licenseId],
      registrationId: [candidate.registrationId],
      startsAt: [startsAt.toISOString()],
      registrationEndsAt: [new Date(startsAt.getTime() - 86_400_000).toISOString()],
      capacity: [30],
      // A man born 1990-03-07, in Beijing: the profile's fields must agree with each other to be saved.
      idNumber: [idCardNumber('321'), idCardNumber('321').toLowerCase()],
      gender: ['male'],
      identityId: [idCardNumber('555')],
      dateOfBirth: ['1990-03-07'],
      email: ['candidate@example.com'],
      taxId: [taxId()],
      phone: [nextPhone(), candidate.phone, examiner.phone, '+86 139-0000-0001'],
      contactPhone: ['13800138000'],
      provinceCode: ['11'],
      cityCode: ['1101'],
      province: ['11'],
      city: ['1101'],
      category: ['sports', basics.category.id],
      promoCode: ['SPRING10', 'WELCOME20', 'FREE100', 'EXPIRED'],
      accessCode: ['FUZZ-ACCESS'],
      token: [candidate.token],
      number: [`EA-2026-7K3M9QXP-${certificateCheckCharacter(certificateBody)}`],
      q: [candidate.phone, idCardNumber(), '张', exam.code],
    },
  };
  const members = memberRows(2, { firstPhone: 13900009990 });
  files = [
    await png(),
    csvOf([GROUP_HEADER, ...members], { encoding: 'utf8' }),
    await xlsxOf([GROUP_HEADER, ...members]),
    // A cell holding NUL, as a spreadsheet written by anything but Excel may.
    await xlsxOf([GROUP_HEADER, ['张\u0000三', '13900009997', idCardNumber('779')]]),
    csvOf(
      [
        ['手机号', '结果'],
        [candidate.phone, '通过'],
      ],
      { encoding: 'utf8' },
    ),
  ].map((bytes) => new Uint8Array(bytes));
});
after(() => t.close());

function send(endpoint: Endpoint, request: GeneratedRequest, auth: Record<string, string>) {
  const headers: Record<string, string> = { ...auth };
  let payload: string | Buffer | undefined;
  const { body } = request;
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE' || body.kind === 'none') {
    payload = undefined;
  } else if (body.kind === 'json' || body.kind === 'raw') {
    payload = body.kind === 'json' ? (JSON.stringify(body.value) ?? 'null') : body.text;
    headers['content-type'] = 'application/json';
  } else {
    const upload = multipart(Buffer.from(body.bytes), body.fileName, body.contentType, body.field);
    payload = upload.payload;
    Object.assign(headers, upload.headers);
  }
  return t.app.inject({ method: endpoint.method, url: request.url, headers, payload });
}

function checkAnswer(what: string, res: LightMyRequestResponse): void {
  if (res.statusCode >= 500) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode < 300) return;
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    throw new Error(`${what}: ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`);
  }
  const envelope = errorEnvelope.safeParse(parsed);
  if (!envelope.success)
    throw new Error(`${what}: ${res.statusCode} is not the error envelope: ${res.body.slice(0, 300)}`);
}

/** Who may call an endpoint at all: its body is read only for them. */
function callerOf(endpoint: Endpoint): Role {
  if (endpoint.auth === 'public') return 'anonymous';
  if (endpoint.path.startsWith('/api/center/')) return 'testCenter';
  if (endpoint.path.startsWith('/api/examiner/')) return 'examiner';
  if (endpoint.path.startsWith('/api/ops/')) return 'operator';
  return 'individual';
}

// Logging out revokes the caller's token: it goes last, so every other endpoint meets each caller logged in.
const endpoints: [string, Endpoint][] = [
  ...Object.entries(api).filter(([name]) => name !== 'logout'),
  ['logout', api.logout],
];

describe('a NUL in any text the API takes is refused with VALIDATION_FAILED naming the field', () => {
  for (const [name, endpoint] of endpoints) {
    const parts = (['params', 'query', 'body'] as const).filter((part) => endpoint[part]);
    if (parts.length === 0) continue;
    test(`${endpoint.method} ${endpoint.path} (${name})`, async () => {
      const sample = (part: (typeof parts)[number]) => {
        const schema = endpoint[part];
        return schema ? validSample(schema, realistic) : undefined;
      };
      const valid = { params: sample('params'), query: sample('query'), body: sample('body') };
      for (const part of parts) {
        const schema = endpoint[part];
        for (const path of schema ? textFields(schema) : []) {
          const request = { ...valid, [part]: withField(valid[part], path, `a\u0000${path.at(-1)}`) };
          const res = await t.app.inject({
            method: endpoint.method,
            url: `${fillPath(endpoint.path, (request.params ?? {}) as Record<string, unknown>)}${queryString(request.query)}`,
            headers: roles[callerOf(endpoint)],
            ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
          });
          const field = path.join('.');
          const answer = envelope(res);
          assert.equal(res.statusCode, 400, `${part} ${field}: ${res.body.slice(0, 300)}`);
          // An unknown account kind has its own code (the login page says which choice is wrong); it too names the field.
          assert.ok(['VALIDATION_FAILED', 'KIND_INVALID'].includes(answer.errorCode ?? ''), `${part} ${field}`);
          assert.ok(
            answer.details?.some((detail) => detail.path === field),
            `${part} ${field} is named: ${JSON.stringify(answer.details)}`,
          );
        }
      }
    });
  }
});

for (const [name, endpoint] of endpoints) {
  describe(`${endpoint.method} ${endpoint.path} (${name})`, () => {
    for (const role of ['anonymous', 'individual', 'testCenter', 'examiner'] as const) {
      test(`as ${role}: never a 5xx, every refusal the envelope`, async () => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(endpoint, realistic, files), async (request) => {
            const what = `${endpoint.method} ${request.url.slice(0, 200)} as ${role} (${request.body.kind} body)`;
            checkAnswer(what, await send(endpoint, request, roles[role]));
          }),
          { seed: SEED, numRuns: RUNS, includeErrorInReport: true },
        );
      });
    }
  });
}
