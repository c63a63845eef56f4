import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { ACCOUNT_KINDS, api, type Endpoint as ContractEndpoint, refusalOf } from '../../contract';
import { createTestApp, envelope, loginAs, multipart, type TestApp } from '../../tests/helpers/app';
import { nextPhone } from '../../tests/helpers/booking';
import { type Auth, centerAccount, centerExam, examinerFor, paidCandidate } from '../../tests/helpers/door';
import { insertCatalogBasics } from '../../tests/helpers/fixtures';
import { operatorWithEveryPermission } from '../../tests/helpers/ops';
import { avatars, documents, examExaminers, exams, registrations, results, rooms } from '../db/schema';
import { uuidv7 } from '../ids';

/**
 * Issue 5, item 6: every test center and examiner endpoint, called as anonymous, as a candidate, as another test
 * center and as an examiner the exam is not assigned to, is refused (401, 403 or 404) and changes nothing. Endpoints
 * that act only on the caller's own things (a center's profile and exam list, an examiner's profile and exams)
 * answer another account its own, which must hold none of the first center's data.
 */

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** Every center and examiner endpoint that needs a login (files such as the roster export and the license too). */
const ENDPOINTS: Endpoint[] = Object.entries(api)
  .filter(([, e]) => e.auth === 'user' && (e.path.startsWith('/api/center') || e.path.startsWith('/api/examiner')))
  .map(([name, e]) => ({ name, method: e.method, path: e.path }));

/** Endpoints without an exam, registration or document in their path: they act on the caller's own things. */
const isScoped = (endpoint: Endpoint) => endpoint.path.includes(':');
const isCenterSide = (endpoint: Endpoint) => endpoint.path.startsWith('/api/center');

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let first: {
  center: Awaited<ReturnType<typeof centerAccount>>;
  examId: string;
  registrationId: string;
  candidatePhone: string;
  examinerId: string;
  licenseId: string;
  roomId: string;
};
let roles: { anonymous: Auth | undefined; candidate: Auth; otherCenter: Auth; otherExaminer: Auth };

before(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000' } });
  const basics = await insertCatalogBasics(t.database.db);
  const center = await centerAccount(t);
  const exam = await centerExam(t, basics, center.center);
  const examiner = await examinerFor(t, exam.id);
  const candidate = await paidCandidate(t, exam.id);
  const licenseId = uuidv7();
  await t.database.db
    .insert(documents)
    .values({ id: licenseId, ownerId: center.ownerId, purpose: 'license', contentType: 'image/png', bytes: PNG });
  const roomId = uuidv7();
  await t.database.db.insert(rooms).values({ id: roomId, centerId: center.center.id, name: '101', seats: 30 });
  first = {
    center,
    roomId,
    examId: exam.id,
    registrationId: candidate.registrationId,
    candidatePhone: candidate.phone,
    examinerId: examiner.userId,
    licenseId,
  };
  const other = await centerAccount(t);
  await centerExam(t, basics, other.center);
  roles = {
    anonymous: undefined,
    candidate: candidate.headers,
    otherCenter: other.headers,
    otherExaminer: (await examinerFor(t)).headers,
  };
});

after(() => t.close());

/** The first center's thing an endpoint's `:id` names: its license, its room, or its exam. */
function idOf(endpoint: Endpoint): string {
  if (endpoint.name === 'centerDocument') return first.licenseId;
  return endpoint.path.startsWith('/api/center/rooms/') ? first.roomId : first.examId;
}

function urlOf(endpoint: Endpoint): string {
  const url = endpoint.path
    .replace(':id', idOf(endpoint))
    .replace(':registrationId', first.registrationId)
    .replace(':userId', first.examinerId);
  return endpoint.name === 'lookupCandidates' ? `${url}?q=${first.candidatePhone}` : url;
}

const EXAM_DRAFT = {
  code: 'ACCESS-1',
  name: { zh: '考试', en: 'Exam' },
  categoryId: uuidv7(),
  location: { zh: '考场', en: 'Hall' },
  startsAt: '2030-01-02T09:00:00+08:00',
  registrationEndsAt: '2030-01-01T09:00:00+08:00',
  feeFen: 100,
  capacity: 10,
};

/**
 * A body the endpoint's schema accepts where the refusal comes after the body is checked (another center, an
 * unassigned examiner: the handler refuses), so the refusal is about who asks, never about what was sent. Anonymous
 * callers and the wrong kind of account are refused before any body is read.
 */
function bodyOf(endpoint: Endpoint): { payload?: Buffer | Record<string, unknown>; headers?: Record<string, string> } {
  switch (endpoint.name) {
    case 'uploadResults':
      return multipart(Buffer.from(`Phone,Result\r\n${first.candidatePhone},pass\r\n`), 'results.csv', 'text/csv');
    case 'updateExam':
      return { payload: EXAM_DRAFT };
    case 'assignExaminer':
      return { payload: { phone: nextPhone() } };
    case 'enterResult':
      return { payload: { outcome: 'pass' } };
    case 'checkin':
      return { payload: { registrationId: first.registrationId } };
    case 'updateRoom':
      return { payload: { name: '102', seats: 1 } };
    case 'saveExamSeating':
      return { payload: { roomIds: [first.roomId], ticketsReleaseAt: null } };
    case 'moveSeat':
      return { payload: { roomId: first.roomId, seat: 1 } };
    case 'centerWaitingRoom':
      return { payload: { enabled: true } };
    case 'setExaminerRoom':
      return { payload: { roomId: first.roomId } };
    case 'rejectRosterPhoto':
      return { payload: { reason: 'Not a face' } };
    default:
      return {};
  }
}

function call(endpoint: Endpoint, auth: Auth | undefined) {
  const body = bodyOf(endpoint);
  return t.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers: { ...auth, ...body.headers },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
}

function assertRefused(response: Awaited<ReturnType<typeof call>>, status: number, code: string, who: string) {
  assert.equal(response.statusCode, status, `${who}: ${response.body.slice(0, 200)}`);
  assert.equal(envelope(response).errorCode, code, who);
}

describe('access to test center and examiner endpoints', () => {
  test('every endpoint the matrix calls exists on the server (a 404 below is a refusal, not a missing route)', () => {
    for (const endpoint of ENDPOINTS) {
      assert.ok(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path}`);
    }
    const names = new Set(ENDPOINTS.map((e) => e.name));
    for (const name of [
      'centerProfile',
      'cancelExam',
      'roster',
      'rosterExport',
      'centerDocument',
      'publishResults',
      'examinerExams',
      'checkin',
    ]) {
      assert.ok(names.has(name), name);
    }
  });

  for (const endpoint of ENDPOINTS) {
    const label = `${endpoint.method} ${endpoint.path}`;

    test(`${label}: anonymous 401, a candidate 403`, async () => {
      assertRefused(await call(endpoint, roles.anonymous), 401, 'UNAUTHORIZED', 'anonymous');
      const kind = isCenterSide(endpoint) ? 'TEST_CENTERS_ONLY' : 'EXAMINERS_ONLY';
      assertRefused(await call(endpoint, roles.candidate), 403, kind, 'candidate');
    });

    if (isCenterSide(endpoint)) {
      test(`${label}: an examiner 403; another center ${isScoped(endpoint) ? '404' : 'sees only its own'}`, async () => {
        assertRefused(await call(endpoint, roles.otherExaminer), 403, 'TEST_CENTERS_ONLY', 'examiner');
        if (isScoped(endpoint)) {
          assertRefused(await call(endpoint, roles.otherCenter), 404, 'NOT_FOUND', 'another center');
        } else if (endpoint.method === 'GET') {
          const response = await call(endpoint, roles.otherCenter);
          assert.equal(response.statusCode, 200, response.body);
          assert.ok(!response.body.includes(first.examId), 'no exam of the first center');
          assert.ok(!response.body.includes(first.center.center.nameZh), 'nothing of the first center');
        }
      });
    } else {
      test(`${label}: a center 403; an unassigned examiner ${isScoped(endpoint) ? '404' : 'sees only its own'}`, async () => {
        assertRefused(await call(endpoint, roles.otherCenter), 403, 'EXAMINERS_ONLY', 'center');
        if (isScoped(endpoint)) {
          assertRefused(await call(endpoint, roles.otherExaminer), 404, 'NOT_FOUND', 'unassigned examiner');
        } else if (endpoint.method === 'GET') {
          const response = await call(endpoint, roles.otherExaminer);
          assert.equal(response.statusCode, 200, response.body);
          assert.ok(!response.body.includes(first.examId), 'no exam of the first center');
        }
      });
    }
  }

  test('after all of it, the first center, its exam, examiner and candidate are as they were', async () => {
    const { db } = t.database;
    const [exam] = await db.select().from(exams).where(eq(exams.id, first.examId));
    assert.equal(exam?.status, 'active');
    assert.equal(exam?.resultsPublishedAt, null);
    const [registration] = await db.select().from(registrations).where(eq(registrations.id, first.registrationId));
    assert.equal(registration?.status, 'register');
    assert.deepEqual(await db.select().from(results).where(eq(results.registrationId, first.registrationId)), []);
    const assigned = await db
      .select()
      .from(examExaminers)
      .where(and(eq(examExaminers.examId, first.examId), eq(examExaminers.examinerId, first.examinerId)));
    assert.equal(assigned.length, 1);
    const [room] = await db.select().from(rooms).where(eq(rooms.id, first.roomId));
    assert.deepEqual([room?.name, room?.seats], ['101', 30]);
    const photos = await db.select().from(avatars).where(isNotNull(avatars.rejectedAt));
    assert.deepEqual(photos, [], 'no photo was rejected');
  });
});

describe('who may call is declared on the contract entry and enforced by the registrar', () => {
  const userEndpoints = Object.entries(api as Record<string, ContractEndpoint>).flatMap(([name, endpoint]) =>
    endpoint.auth === 'user' ? [{ name, ...endpoint }] : [],
  );

  test('every endpoint that needs a login names the kinds of account it admits', () => {
    assert.ok(userEndpoints.length > 40);
    for (const endpoint of userEndpoints) {
      assert.ok(Array.isArray(endpoint.access) && endpoint.access.length > 0, `${endpoint.name} declares its access`);
      for (const kind of endpoint.access) assert.ok(ACCOUNT_KINDS.includes(kind), `${endpoint.name}: ${kind}`);
    }
  });

  test('each kind an entry leaves out is refused 403 before the request is read, and the rest get past it', async () => {
    const as = {
      individual: await loginAs(t, nextPhone()),
      testCenter: await loginAs(t, nextPhone(), 'testCenter'),
      examiner: await loginAs(t, nextPhone(), 'examiner'),
      operator: await operatorWithEveryPermission(t),
    };
    // Logging out revokes the caller's token: it goes last.
    const last = (endpoint: { name: string }) => (endpoint.name === 'logout' ? 1 : 0);
    for (const endpoint of userEndpoints.toSorted((a, b) => last(a) - last(b))) {
      // Ids nobody has and no body: a refusal here is about who asks, since nothing else was checked yet.
      const url = endpoint.path.replace(/:\w+/g, () => uuidv7());
      for (const kind of ACCOUNT_KINDS) {
        const response = await t.app.inject({ method: endpoint.method, url, headers: as[kind] });
        const who = `${endpoint.method} ${endpoint.path} as ${kind}`;
        if (endpoint.access.includes(kind)) {
          assert.ok(
            response.statusCode !== 401 && response.statusCode !== 403,
            `${who}: ${response.body.slice(0, 200)}`,
          );
        } else {
          assertRefused(response, 403, refusalOf(endpoint), who);
        }
      }
    }
  });
});
