import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { dataOf, envelope, multipart, openFileApp, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, payInWallet } from '../../tests/helpers/booking';
import {
  type Auth,
  centerAccount,
  centerExam,
  checkInOver,
  examinerFor,
  paidCandidate,
} from '../../tests/helpers/door';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { addTestOperator, loginOperator } from '../../tests/helpers/ops';
import { auditLog, avatars, profiles, registrations } from '../db/schema';
import { uuidv7 } from '../ids';

/**
 * Issue 15, item 1: a center (for a candidate of its exam) or an operator with `support` rejects a candidate's photo
 * with a reason; the candidate reads it on the profile; the ticket (page, PDF, calendar) waits for a new photo, while
 * booking and check-in go on. Refusals of other callers are in the access matrices (access.test.ts, ops.test.ts).
 */

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const get = (url: string, headers: Auth) => t.app.inject({ url, headers });
const post = (url: string, headers: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });

function refusedWith(response: Response, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(envelope(response).errorCode, code);
}

const rejectAtCenter = (center: Auth, examId: string, registrationId: string, reason: string) =>
  post(`/api/center/exams/${examId}/registrations/${registrationId}/photo/reject`, center, { reason });

const ticketUrls = (registrationId: string) => [
  `/api/front/registrations/${registrationId}/ticket`,
  `/api/front/registrations/${registrationId}/ticket.pdf?lang=en-US`,
  `/api/front/registrations/${registrationId}/ticket.ics?lang=en-US`,
];

/** A center, an exam of it, and a candidate with a paid registration (and a photo). */
async function bookedAtCenter() {
  const center = await centerAccount(t);
  const exam = await centerExam(t, basics, center.center);
  const candidate = await paidCandidate(t, exam.id);
  return { center, exam, candidate };
}

/** What the candidate does on the profile page: uploads a photo (cropped to 295 x 413) and saves the profile. */
async function uploadNewPhoto(headers: Auth): Promise<string> {
  const image = await sharp({ create: { width: 295, height: 413, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const body = multipart(image, 'me.jpg', 'image/jpeg');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/front/profile/avatar',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  const { avatarId } = dataOf('uploadAvatar', uploaded);
  const profile = dataOf('profile', await get('/api/front/profile', headers));
  const save = {
    name: profile.name,
    gender: profile.gender,
    email: profile.email,
    contactPhone: profile.contactPhone,
    address: profile.address,
    idNumber: profile.idNumber,
    dateOfBirth: profile.dateOfBirth,
    provinceCode: profile.provinceCode,
    cityCode: profile.cityCode,
    avatarId,
  };
  dataOf('saveProfile', await t.app.inject({ method: 'PUT', url: '/api/front/profile', headers, payload: save }));
  return avatarId;
}

describe('a center rejects a photo', () => {
  test('the roster shows it rejected; the candidate reads why; the ticket waits; a new photo issues it', async () => {
    const { center, exam, candidate } = await bookedAtCenter();
    const roster = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, center.headers));
    const before = roster.list.find((entry) => entry.registrationId === candidate.registrationId);
    assert.match(before?.photo?.url ?? '', /^\/api\/front\/avatars\/[0-9a-f-]{36}$/);
    assert.equal(before?.photo?.rejection, null);

    t.clock.advance(60_000);
    const reason = 'Not a face: a landscape';
    const entry = dataOf(
      'rejectRosterPhoto',
      await rejectAtCenter(center.headers, exam.id, candidate.registrationId, ` ${reason} `),
    );
    assert.deepEqual(entry.photo, {
      url: before?.photo?.url,
      rejection: { reason, rejectedAt: t.clock.now.toISOString() },
    });
    const again = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, center.headers));
    assert.deepEqual(again.list.find((e) => e.registrationId === candidate.registrationId)?.photo, entry.photo);

    const profile = dataOf('profile', await get('/api/front/profile', candidate.headers));
    assert.deepEqual(profile.photoRejection, { reason, rejectedAt: t.clock.now.toISOString() });
    for (const url of ticketUrls(candidate.registrationId)) {
      const refused = await get(url, candidate.headers);
      refusedWith(refused, 409, 'TICKET_PHOTO_REJECTED');
      assert.deepEqual(envelope(refused).details, [{ path: 'reason', message: reason }]);
    }

    // Booking is not blocked: the same candidate books and pays another exam.
    const other = await examInTenDays(t, basics);
    const booked = await book(t, candidate.headers, other.id);
    assert.equal((await payInWallet(t, booked.order.id)).state, 'paid');

    const avatarId = await uploadNewPhoto(candidate.headers);
    assert.equal(dataOf('profile', await get('/api/front/profile', candidate.headers)).photoRejection, null);
    const ticket = dataOf('ticket', await get(ticketUrls(candidate.registrationId)[0] ?? '', candidate.headers));
    assert.ok(ticket.token);
    const pdf = await get(ticketUrls(candidate.registrationId)[1] ?? '', candidate.headers);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const calendar = await get(ticketUrls(candidate.registrationId)[2] ?? '', candidate.headers);
    assert.equal(calendar.statusCode, 200);
    const fresh = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, center.headers));
    assert.deepEqual(fresh.list.find((e) => e.registrationId === candidate.registrationId)?.photo, {
      url: `/api/front/avatars/${avatarId}`,
      rejection: null,
    });
  });

  test('check-in is not blocked: the examiner decides at the door', async () => {
    const { center, exam, candidate } = await bookedAtCenter();
    dataOf('rejectRosterPhoto', await rejectAtCenter(center.headers, exam.id, candidate.registrationId, 'Blurred'));
    const examiner = await examinerFor(t, exam.id);
    const checked = await checkInOver(t, examiner.headers, exam.id, { token: candidate.token });
    assert.equal(checked.statusCode, 200, checked.body);
    const [row] = await t.database.db
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, candidate.registrationId));
    assert.equal(row?.status, 'checkin');
  });

  test('a reason is required; a candidate of another exam is 404; a canceled one or one without a photo is refused', async () => {
    const { center, exam, candidate } = await bookedAtCenter();
    refusedWith(
      await rejectAtCenter(center.headers, exam.id, candidate.registrationId, '   '),
      400,
      'VALIDATION_FAILED',
    );
    const long = 'x'.repeat(201);
    refusedWith(
      await rejectAtCenter(center.headers, exam.id, candidate.registrationId, long),
      400,
      'VALIDATION_FAILED',
    );

    // The center's own other exam does not hold this registration.
    const second = await centerExam(t, basics, center.center);
    refusedWith(await rejectAtCenter(center.headers, second.id, candidate.registrationId, 'Blurred'), 404, 'NOT_FOUND');
    refusedWith(await rejectAtCenter(center.headers, exam.id, uuidv7(), 'Blurred'), 404, 'NOT_FOUND');

    const canceled = await paidCandidate(t, exam.id);
    await t.database.db
      .update(registrations)
      .set({ status: 'canceled' })
      .where(eq(registrations.id, canceled.registrationId));
    const refused = await rejectAtCenter(center.headers, exam.id, canceled.registrationId, 'Blurred');
    refusedWith(refused, 409, 'STATUS_TRANSITION_INVALID');

    await t.database.db.update(profiles).set({ avatarId: null }).where(eq(profiles.userId, candidate.userId));
    refusedWith(await rejectAtCenter(center.headers, exam.id, candidate.registrationId, 'Blurred'), 409, 'PHOTO_NONE');
    const rejected = await t.database.db.select().from(avatars).where(eq(avatars.userId, candidate.userId));
    assert.deepEqual(
      rejected.map((row) => row.rejectedAt),
      [null],
      'nothing was rejected',
    );
  });

  test('a candidate whose profile names no photo gets TICKET_PHOTO_REQUIRED for the page, PDF and calendar', async () => {
    const { candidate } = await bookedAtCenter();
    await t.database.db.update(profiles).set({ avatarId: null }).where(eq(profiles.userId, candidate.userId));
    for (const url of ticketUrls(candidate.registrationId)) {
      refusedWith(await get(url, candidate.headers), 409, 'TICKET_PHOTO_REQUIRED');
    }
    await uploadNewPhoto(candidate.headers);
    assert.ok(dataOf('ticket', await get(ticketUrls(candidate.registrationId)[0] ?? '', candidate.headers)).token);
  });
});

describe('support rejects a photo', () => {
  test("an operator with support rejects a candidate's photo, audited with the reason; the ticket waits", async () => {
    const phone = nextPhone();
    const operatorId = await addTestOperator(t, phone, ['support'], 'Sun Li');
    const support = await loginOperator(t, phone);
    const { candidate } = await bookedAtCenter();

    const detail = dataOf('opsCandidate', await get(`/api/ops/candidates/${candidate.userId}`, support));
    assert.equal(detail.photo?.rejection, null);
    const url = `/api/ops/candidates/${candidate.userId}/photo/reject`;
    const photo = dataOf('opsRejectCandidatePhoto', await post(url, support, { reason: 'Someone else' }));
    assert.deepEqual(photo, {
      url: detail.photo?.url,
      rejection: { reason: 'Someone else', rejectedAt: t.clock.now.toISOString() },
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.photo.reject'), eq(auditLog.targetId, candidate.userId)));
    assert.equal(row?.actorId, operatorId);
    assert.deepEqual(
      [row?.before, row?.after],
      [{ photoRejectionReason: null }, { photoRejectionReason: 'Someone else' }],
    );
    refusedWith(
      await get(ticketUrls(candidate.registrationId)[0] ?? '', candidate.headers),
      409,
      'TICKET_PHOTO_REJECTED',
    );
    assert.deepEqual(
      dataOf('opsCandidate', await get(`/api/ops/candidates/${candidate.userId}`, support)).photo,
      photo,
    );

    refusedWith(await post(`/api/ops/candidates/${uuidv7()}/photo/reject`, support, { reason: 'x' }), 404, 'NOT_FOUND');
    refusedWith(await post(url, support, { reason: '' }), 400, 'VALIDATION_FAILED');
  });
});
