import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import { dataOf, envelope, type TestApp } from '../../tests/helpers/app';
import { book, readyCandidate } from '../../tests/helpers/booking';
import { createCenterExam, profileBody, readyCenter } from '../../tests/helpers/center';
import { type insertCatalogBasics, userIdOf } from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { auditLog, registrations, testCenters } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 3: a new center waits for an operator; only an approved center's exams are listed and bookable. */

let t: TestApp;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let operator: { authorization: string };
let operatorId: string;

before(async () => {
  ({ t, basics, operatorId, operator } = await openConsoleApp(['centers', 'audit'], { name: 'Wang Fang' }));
});
after(() => t.close());

const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: { authorization: string }, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** A center that completed its profile (pending) with one active exam. */
async function pendingCenter() {
  const center = await readyCenter(t, {}, { pending: true });
  const exam = await createCenterExam(t, center.auth, basics.category.id);
  const ownerId = await userIdOf(t.database.db, center.phone, 'testCenter');
  const [row] = await t.database.db.select().from(testCenters).where(eq(testCenters.ownerId, ownerId));
  assert.ok(row);
  return { ...center, exam, centerId: row.id };
}

async function listed(examId: string): Promise<boolean> {
  const page = dataOf('exams', await get('/api/front/exams?pageSize=100'));
  return page.list.some((e) => e.id === examId);
}

const auditFor = async (centerId: string, action: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, centerId), eq(auditLog.action, action as 'center.approve')))
  )[0]?.n ?? 0;

describe('a new center', () => {
  test('is pending: it may prepare exams, which are neither listed, shown nor bookable', async () => {
    const center = await pendingCenter();
    const profile = dataOf('centerProfile', await get('/api/center/profile', center.auth));
    assert.deepEqual(profile.verification, { status: 'pending', reason: null, decidedAt: null });
    assert.equal(await listed(center.exam.id), false);
    assert.equal((await get(`/api/front/exams/${center.exam.id}`)).statusCode, 404);
    const candidate = await readyCandidate(t);
    const quote = await post('/api/front/checkout/quote', candidate.headers, { examId: center.exam.id });
    assert.equal(quote.statusCode, 404);
    const booking = await post('/api/front/student-registration', candidate.headers, {
      examId: center.exam.id,
      expectedTotalFen: 10000,
    });
    assert.equal(booking.statusCode, 404);
    const [{ n } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.examId, center.exam.id));
    assert.equal(n, 0);
  });

  test('is in the queue with its license, tax ID check and contact, which the operator can read', async () => {
    const center = await pendingCenter();
    const queue = dataOf('opsCenters', await get('/api/ops/centers?status=pending&pageSize=100', operator));
    const entry = queue.list.find((c) => c.id === center.centerId);
    assert.ok(entry);
    assert.equal(entry.taxIdCheck, 'valid');
    assert.equal(entry.taxId, '91110108MA01C3X2L4');
    assert.equal(entry.contactName, '王老师');
    assert.equal(entry.contactPhone, '+8613800138000');
    assert.equal(entry.licenseContentType, 'image/png');
    // The province, then the street as the center typed it (Beijing's city, named as the province, said once).
    assert.equal(entry.address, '北京市北京市海淀区中关村大街 1 号');
    const license = await get(entry.licenseUrl ?? '', operator);
    assert.equal(license.statusCode, 200);
    assert.equal(license.headers['content-type'], 'image/png');
    assert.equal(license.rawPayload.subarray(1, 4).toString(), 'PNG');
    assert.equal((await get(`/api/ops/centers/${uuidv7()}/license`, operator)).statusCode, 404);
    const searched = dataOf('opsCenters', await get('/api/ops/centers?q=MA01C3X2L4&pageSize=100', operator));
    assert.ok(searched.list.some((c) => c.id === center.centerId));
    const approvedOnly = dataOf('opsCenters', await get('/api/ops/centers?status=approved&pageSize=100', operator));
    assert.ok(approvedOnly.list.every((c) => c.verification.status === 'approved'));
  });
});

describe('decisions', () => {
  test('reject: the center sees the reason and gets it by SMS; saving its profile again puts it back in the queue', async () => {
    const center = await pendingCenter();
    const empty = await post(`/api/ops/centers/${center.centerId}/reject`, operator, { reason: '  ' });
    assert.equal(empty.statusCode, 400);
    const noticesBefore = t.sms.notices.length;
    const res = await post(`/api/ops/centers/${center.centerId}/reject`, operator, { reason: '营业执照不清晰' });
    assert.equal(res.statusCode, 200, res.body);
    const decided = dataOf('opsRejectCenter', res);
    assert.equal(decided.verification.status, 'rejected');
    assert.deepEqual(decided.decidedBy, { id: operatorId, name: 'Wang Fang' });
    const notice = t.sms.notices.slice(noticesBefore);
    assert.equal(notice.length, 1);
    assert.equal(notice[0]?.phone, '+8613800138000');
    assert.match(notice[0]?.text ?? '', /营业执照不清晰/);
    assert.match(notice[0]?.text ?? '', /was not approved/);
    const profile = dataOf('centerProfile', await get('/api/center/profile', center.auth));
    assert.equal(profile.verification?.status, 'rejected');
    assert.equal(profile.verification?.reason, '营业执照不清晰');
    assert.equal(await auditFor(center.centerId, 'center.reject'), 1);

    const again = await post(`/api/ops/centers/${center.centerId}/reject`, operator, { reason: 'twice' });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).errorCode, 'CENTER_VERIFICATION_CONFLICT');
    assert.equal(await auditFor(center.centerId, 'center.reject'), 1, 'a refused decision writes nothing');

    const resave = await t.app.inject({
      method: 'PUT',
      url: '/api/center/profile',
      headers: center.auth,
      payload: profileBody(profile.licenseId ?? ''),
    });
    assert.equal(dataOf('saveCenterProfile', resave).verification?.status, 'pending');
  });

  test('approve: the exams are listed and bookable, the center is told; suspend: no new bookings, existing stand', async () => {
    const center = await pendingCenter();
    const noticesBefore = t.sms.notices.length;
    const approved = await post(`/api/ops/centers/${center.centerId}/approve`, operator);
    assert.equal(dataOf('opsApproveCenter', approved).verification.status, 'approved');
    assert.match(t.sms.notices.at(-1)?.text ?? '', /has been approved/);
    assert.equal(t.sms.notices.length, noticesBefore + 1);
    assert.equal(await listed(center.exam.id), true);
    const first = await readyCandidate(t);
    const booked = await book(t, first.headers, center.exam.id);
    assert.equal(booked.registration.status, 'pending');

    const suspended = await post(`/api/ops/centers/${center.centerId}/suspend`, operator);
    assert.equal(dataOf('opsSuspendCenter', suspended).verification.status, 'suspended');
    assert.match(t.sms.notices.at(-1)?.text ?? '', /suspended/);
    assert.equal(await listed(center.exam.id), false);
    assert.equal((await get(`/api/front/exams/${center.exam.id}`)).statusCode, 200, 'booked candidates still see it');
    const second = await readyCandidate(t);
    const refused = await post('/api/front/student-registration', second.headers, {
      examId: center.exam.id,
      expectedTotalFen: 10000,
    });
    assert.equal(refused.statusCode, 409);
    assert.equal(envelope(refused).errorCode, 'CENTER_NOT_APPROVED');
    const [kept] = await t.database.db.select().from(registrations).where(eq(registrations.id, booked.registration.id));
    assert.equal(kept?.status, 'pending', 'the existing booking stands');
    assert.equal(await auditFor(center.centerId, 'center.approve'), 1);
    assert.equal(await auditFor(center.centerId, 'center.suspend'), 1);

    const suspendTwice = await post(`/api/ops/centers/${center.centerId}/suspend`, operator);
    assert.equal(envelope(suspendTwice).errorCode, 'CENTER_VERIFICATION_CONFLICT');
    const reapproved = await post(`/api/ops/centers/${center.centerId}/approve`, operator);
    assert.equal(dataOf('opsApproveCenter', reapproved).verification.status, 'approved');
    assert.equal(await listed(center.exam.id), true);
  });

  test('an unknown center is not found and nothing is written', async () => {
    const rows = (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n;
    for (const action of ['approve', 'suspend']) {
      const res = await post(`/api/ops/centers/${uuidv7()}/${action}`, operator);
      assert.equal(res.statusCode, 404);
    }
    assert.equal((await t.database.db.select({ n: count() }).from(auditLog))[0]?.n, rows);
  });
});
