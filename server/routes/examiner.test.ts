import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { dataOf, envelope, loginAs, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, readyCandidate } from '../../tests/helpers/booking';
import { type Auth, checkInOver, examinerFor, paidCandidate } from '../../tests/helpers/door';
import { type CatalogBasics, idCardNumber } from '../../tests/helpers/fixtures';
import { registrations, users } from '../db/schema';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const get = (url: string, headers: Auth) => t.app.inject({ url, headers });
const put = (url: string, headers: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers, payload });

function refusedWith(response: Awaited<ReturnType<typeof get>>, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(envelope(response).errorCode, code);
}

/** An exam in ten days, an examiner assigned to it and a candidate holding a paid registration for it. */
async function examAtTheDoor(candidate: Parameters<typeof paidCandidate>[2] = {}) {
  const exam = await examInTenDays(t, basics);
  const examiner = await examinerFor(t, exam.id);
  return { exam, examiner, candidate: await paidCandidate(t, exam.id, candidate) };
}

async function registrationRow(id: string) {
  const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

describe('examiner profile', () => {
  test('starts empty with the login phone; a save sets the name, address and identity ID at once', async () => {
    const examiner = await examinerFor(t);
    const empty = dataOf('examinerProfile', await get('/api/examiner/profile', examiner.headers));
    assert.deepEqual(empty, {
      name: '',
      phone: `+86${examiner.phone}`,
      address: '',
      identityId: '',
      complete: false,
    });
    const identityId = idCardNumber('457').replace('X', 'x');
    const saved = dataOf(
      'saveExaminerProfile',
      await put('/api/examiner/profile', examiner.headers, { name: ' 王考官 ', address: '北京市海淀区', identityId }),
    );
    assert.deepEqual(saved, {
      name: '王考官',
      phone: `+86${examiner.phone}`,
      address: '北京市海淀区',
      identityId: identityId.toUpperCase(),
      complete: true,
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, examiner.userId));
    assert.equal(account?.name, '王考官');
    assert.deepEqual(dataOf('examinerProfile', await get('/api/examiner/profile', examiner.headers)), saved);
  });

  test('a wrong ID number is ID_CARD_INVALID; missing fields are VALIDATION_FAILED; nothing is saved', async () => {
    const examiner = await examinerFor(t);
    const wrongCheck = `${idCardNumber().slice(0, 17)}${idCardNumber().endsWith('1') ? '2' : '1'}`;
    const bad = await put('/api/examiner/profile', examiner.headers, {
      name: 'A',
      address: 'B',
      identityId: wrongCheck,
    });
    refusedWith(bad, 400, 'ID_CARD_INVALID');
    assert.equal(envelope(bad).details?.[0]?.path, 'identityId');
    refusedWith(
      await put('/api/examiner/profile', examiner.headers, { name: 'A', identityId: idCardNumber() }),
      400,
      'VALIDATION_FAILED',
    );
    refusedWith(
      await put('/api/examiner/profile', examiner.headers, { name: '', address: 'B', identityId: idCardNumber() }),
      400,
      'VALIDATION_FAILED',
    );
    assert.equal(dataOf('examinerProfile', await get('/api/examiner/profile', examiner.headers)).complete, false);
  });

  test('candidates and centers are not examiners', async () => {
    const candidate = await loginAs(t, nextPhone());
    const center = await loginAs(t, nextPhone(), 'testCenter');
    for (const headers of [candidate, center]) {
      refusedWith(await get('/api/examiner/profile', headers), 403, 'EXAMINERS_ONLY');
      refusedWith(
        await put('/api/examiner/profile', headers, { name: 'A', address: 'B', identityId: idCardNumber() }),
        403,
        'EXAMINERS_ONLY',
      );
      refusedWith(await get('/api/examiner/exams', headers), 403, 'EXAMINERS_ONLY');
    }
  });
});

describe('assigned exams', () => {
  test('only the exams assigned to me, soonest first, with paid candidates expected and checked in', async () => {
    const later = await examInTenDays(t, basics);
    const sooner = await examInTenDays(t, basics, { startsAt: new Date(t.clock.now.getTime() + 5 * DAY) });
    const notMine = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, later.id, sooner.id);
    await examinerFor(t, notMine.id);

    const first = await paidCandidate(t, sooner.id);
    await paidCandidate(t, sooner.id);
    const unpaid = await readyCandidate(t);
    await book(t, unpaid.headers, sooner.id);
    const canceled = await paidCandidate(t, sooner.id);
    dataOf(
      'cancelRegistration',
      await postAs(t, `/api/front/registrations/${canceled.registrationId}/cancel`, canceled.headers),
    );
    dataOf('checkin', await checkInOver(t, examiner.headers, sooner.id, { token: first.token }));

    const exams = dataOf('examinerExams', await get('/api/examiner/exams', examiner.headers));
    assert.deepEqual(
      exams.map((exam) => [exam.id, exam.expected, exam.checkedIn]),
      [
        [sooner.id, 2, 1],
        [later.id, 0, 0],
      ],
    );
    assert.equal(exams[0]?.code, sooner.code);
    assert.equal(exams[0]?.center.id, basics.beijing.id);
    assert.deepEqual(dataOf('examinerExams', await get('/api/examiner/exams', (await examinerFor(t)).headers)), []);
  });
});

describe('who a ticket names', () => {
  test('name, masked ID number, phone, avatar and status of a registration of my exam', async () => {
    const exam = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const idNumber = idCardNumber('246');
    const candidate = await paidCandidate(t, exam.id, { name: '李小龙', idNumber });
    const shown = dataOf(
      'examinerCandidate',
      await get(`/api/examiner/exams/${exam.id}/registrations/${candidate.registrationId}`, examiner.headers),
    );
    assert.deepEqual(shown, {
      registrationId: candidate.registrationId,
      name: '李小龙',
      maskedIdNumber: `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`,
      phone: `+86${candidate.phone}`,
      avatar_small: shown.avatar_small,
      photoUrl: shown.photoUrl,
      seat: null,
      otherRoom: false,
      status: 'register',
      checkedInAt: null,
    });
    assert.match(shown.avatar_small ?? '', /^\/api\/front\/avatars\/.+\/small$/);
    assert.match(shown.photoUrl ?? '', /^\/api\/front\/avatars\/[^/]+$/);
  });

  test("another exam's registration, an unknown one, or an exam not assigned to me is not found", async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const elsewhere = await paidCandidate(t, other.id);
    const url = (examId: string, registrationId: string) =>
      `/api/examiner/exams/${examId}/registrations/${registrationId}`;
    refusedWith(await get(url(exam.id, elsewhere.registrationId), examiner.headers), 404, 'NOT_FOUND');
    refusedWith(await get(url(exam.id, '0190a000-0000-7000-8000-000000000000'), examiner.headers), 404, 'NOT_FOUND');
    refusedWith(await get(url(other.id, elsewhere.registrationId), examiner.headers), 404, 'NOT_FOUND');
    refusedWith(await get(url(exam.id, 'not-a-uuid'), examiner.headers), 400, 'VALIDATION_FAILED');
  });
});

describe('lookup by phone or ID number', () => {
  test('by the phone however typed, or by the whole ID number (a lower-case x too), in this exam only', async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const idNumber = idCardNumber('135');
    const candidate = await paidCandidate(t, exam.id, { name: '赵六', idNumber });
    const elsewhere = await paidCandidate(t, other.id, { idNumber: idCardNumber('137') });
    const lookup = (q: string) =>
      get(`/api/examiner/exams/${exam.id}/candidates?q=${encodeURIComponent(q)}`, examiner.headers);

    const p = candidate.phone;
    for (const q of [p, `+86 ${p.slice(0, 3)} ${p.slice(3, 7)} ${p.slice(7)}`, `86-${p}`]) {
      const found = dataOf('lookupCandidates', await lookup(q));
      assert.deepEqual(
        found.map((c) => [c.registrationId, c.name]),
        [[candidate.registrationId, '赵六']],
        q,
      );
    }
    const byId = dataOf('lookupCandidates', await lookup(idNumber.toLowerCase()));
    assert.deepEqual(
      byId.map((c) => c.registrationId),
      [candidate.registrationId],
    );
    assert.deepEqual(dataOf('lookupCandidates', await lookup(elsewhere.phone)), []);
    assert.deepEqual(dataOf('lookupCandidates', await lookup(idCardNumber('137'))), []);
  });

  test('a canceled registration is not found; an unpaid one is, with its status', async () => {
    const { exam, examiner, candidate: canceled } = await examAtTheDoor();
    dataOf(
      'cancelRegistration',
      await postAs(t, `/api/front/registrations/${canceled.registrationId}/cancel`, canceled.headers),
    );
    const unpaid = await readyCandidate(t);
    await book(t, unpaid.headers, exam.id);
    const lookup = (q: string) => get(`/api/examiner/exams/${exam.id}/candidates?q=${q}`, examiner.headers);
    assert.deepEqual(dataOf('lookupCandidates', await lookup(canceled.phone)), []);
    assert.deepEqual(
      dataOf('lookupCandidates', await lookup(unpaid.phone)).map((c) => c.status),
      ['pending'],
    );
  });

  test('anything but a whole phone or ID number is VALIDATION_FAILED', async () => {
    const exam = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    for (const q of ['1390000', '张三', '110101199003071', `${idCardNumber().slice(0, 17)}Y`, '12345678901']) {
      const response = await get(
        `/api/examiner/exams/${exam.id}/candidates?q=${encodeURIComponent(q)}`,
        examiner.headers,
      );
      refusedWith(response, 400, 'VALIDATION_FAILED');
    }
    refusedWith(await get(`/api/examiner/exams/${exam.id}/candidates`, examiner.headers), 400, 'VALIDATION_FAILED');
  });
});

describe('check-in', () => {
  test('a scanned ticket checks the candidate in now, by this examiner', async () => {
    const { exam, examiner, candidate } = await examAtTheDoor({ name: '钱七' });
    const answer = dataOf('checkin', await checkInOver(t, examiner.headers, exam.id, { token: candidate.token }));
    assert.equal(answer.alreadyCheckedIn, false);
    assert.equal(answer.candidate.name, '钱七');
    assert.equal(answer.candidate.status, 'checkin');
    assert.equal(answer.candidate.checkedInAt, t.clock.now.toISOString());
    const row = await registrationRow(candidate.registrationId);
    assert.equal(row?.status, 'checkin');
    assert.equal(row?.checkedInBy, examiner.userId);
    assert.equal(row?.checkedInAt?.toISOString(), t.clock.now.toISOString());
  });

  test('a second scan says when the candidate was checked in, and changes nothing', async () => {
    const exam = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const colleague = await examinerFor(t, exam.id);
    const candidate = await paidCandidate(t, exam.id);
    const first = dataOf('checkin', await checkInOver(t, examiner.headers, exam.id, { token: candidate.token }));
    t.clock.advance(5 * MINUTE);
    const again = dataOf('checkin', await checkInOver(t, colleague.headers, exam.id, { token: candidate.token }));
    assert.equal(again.alreadyCheckedIn, true);
    assert.equal(again.candidate.checkedInAt, first.candidate.checkedInAt);
    const byId = dataOf(
      'checkin',
      await checkInOver(t, colleague.headers, exam.id, { registrationId: candidate.registrationId }),
    );
    assert.equal(byId.alreadyCheckedIn, true);
    assert.equal((await registrationRow(candidate.registrationId))?.checkedInBy, examiner.userId);
  });

  test('scans at the same moment check in once: one answer is the check-in, the rest say it happened', async () => {
    const exam = await examInTenDays(t, basics);
    const examiners = await Promise.all([1, 2, 3].map(() => examinerFor(t, exam.id)));
    const candidate = await paidCandidate(t, exam.id);
    const answers = await Promise.all(
      [...examiners, ...examiners].map((examiner) =>
        checkInOver(t, examiner.headers, exam.id, { token: candidate.token }),
      ),
    );
    const data = answers.map((answer) => dataOf('checkin', answer));
    assert.equal(data.filter((d) => !d.alreadyCheckedIn).length, 1);
    assert.equal(new Set(data.map((d) => d.candidate.checkedInAt)).size, 1);
  });

  test('by the registration a lookup found', async () => {
    const { exam, examiner, candidate } = await examAtTheDoor();
    const answer = dataOf(
      'checkin',
      await checkInOver(t, examiner.headers, exam.id, { registrationId: candidate.registrationId }),
    );
    assert.equal(answer.alreadyCheckedIn, false);
    assert.equal(answer.candidate.registrationId, candidate.registrationId);
  });

  test('a forged, tampered or expired ticket is TICKET_INVALID', async () => {
    const exam = await examInTenDays(t, basics, { startsAt: new Date(t.clock.now.getTime() + 4 * DAY) });
    const examiner = await examinerFor(t, exam.id);
    const candidate = await paidCandidate(t, exam.id);
    const [header, payload, signature] = candidate.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const otherPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '0190a000-0000-7000-8000-000000000000' }),
    ).toString('base64url');
    const flipped = `${signature?.[0] === 'A' ? 'B' : 'A'}${signature?.slice(1)}`;
    for (const token of [`${header}.${otherPayload}.${signature}`, `${header}.${payload}.${flipped}`, 'x'.repeat(40)]) {
      refusedWith(await checkInOver(t, examiner.headers, exam.id, { token }), 400, 'TICKET_INVALID');
    }
    t.clock.advance(5 * DAY + MINUTE);
    refusedWith(await checkInOver(t, examiner.headers, exam.id, { token: candidate.token }), 400, 'TICKET_INVALID');
    assert.equal((await registrationRow(candidate.registrationId))?.status, 'register');
  });

  test('a ticket for another exam is TICKET_OTHER_EXAM, also once the registration moved to another exam', async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id, other.id);
    const elsewhere = await paidCandidate(t, other.id);
    refusedWith(await checkInOver(t, examiner.headers, exam.id, { token: elsewhere.token }), 409, 'TICKET_OTHER_EXAM');

    const moved = await paidCandidate(t, exam.id);
    dataOf(
      'changeRegistration',
      await postAs(t, `/api/front/registrations/${moved.registrationId}/change`, moved.headers, { examId: other.id }),
    );
    refusedWith(await checkInOver(t, examiner.headers, exam.id, { token: moved.token }), 409, 'TICKET_OTHER_EXAM');
    assert.equal((await registrationRow(moved.registrationId))?.status, 'register');
  });

  test('a canceled registration is TICKET_CANCELED; an unpaid one is not admitted either', async () => {
    const { exam, examiner, candidate: canceled } = await examAtTheDoor();
    dataOf(
      'cancelRegistration',
      await postAs(t, `/api/front/registrations/${canceled.registrationId}/cancel`, canceled.headers),
    );
    refusedWith(await checkInOver(t, examiner.headers, exam.id, { token: canceled.token }), 409, 'TICKET_CANCELED');
    refusedWith(
      await checkInOver(t, examiner.headers, exam.id, { registrationId: canceled.registrationId }),
      409,
      'TICKET_CANCELED',
    );

    const unpaid = await readyCandidate(t);
    const hold = await book(t, unpaid.headers, exam.id);
    refusedWith(
      await checkInOver(t, examiner.headers, exam.id, { registrationId: hold.registration.id }),
      409,
      'STATUS_TRANSITION_INVALID',
    );
    assert.equal((await registrationRow(hold.registration.id))?.status, 'pending');
  });

  test('a registration of another exam by id is not found; an exam not assigned to me is not found', async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const elsewhere = await paidCandidate(t, other.id);
    refusedWith(
      await checkInOver(t, examiner.headers, exam.id, { registrationId: elsewhere.registrationId }),
      404,
      'NOT_FOUND',
    );
    refusedWith(await checkInOver(t, examiner.headers, other.id, { token: elsewhere.token }), 404, 'NOT_FOUND');
    assert.equal((await registrationRow(elsewhere.registrationId))?.status, 'register');
  });

  test('a body with both, neither or something else is VALIDATION_FAILED', async () => {
    const { exam, examiner, candidate } = await examAtTheDoor();
    for (const body of [
      { token: candidate.token, registrationId: candidate.registrationId },
      {},
      { token: 'short' },
      { registrationId: 'nope' },
    ]) {
      refusedWith(await checkInOver(t, examiner.headers, exam.id, body as { token: string }), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('status flow', () => {
  test('a checked-in registration can no longer be canceled or changed by the candidate', async () => {
    const exam = await examInTenDays(t, basics);
    const other = await examInTenDays(t, basics);
    const examiner = await examinerFor(t, exam.id);
    const candidate = await paidCandidate(t, exam.id);
    dataOf('checkin', await checkInOver(t, examiner.headers, exam.id, { token: candidate.token }));
    const url = `/api/front/registrations/${candidate.registrationId}`;
    refusedWith(await postAs(t, `${url}/cancel`, candidate.headers), 409, 'STATUS_TRANSITION_INVALID');
    refusedWith(
      await postAs(t, `${url}/change`, candidate.headers, { examId: other.id }),
      409,
      'STATUS_TRANSITION_INVALID',
    );
    assert.equal((await registrationRow(candidate.registrationId))?.status, 'checkin');
  });
});
