import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import { dataOf, envelope, loginAs, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, payInWallet } from '../../tests/helpers/booking';
import {
  type CatalogBasics,
  idCardNumber,
  insertCompleteProfile,
  insertResult,
  userIdOf,
} from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { auditLog } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 7 (in part): support finds a candidate, reads their records and ends their sessions. */

let t: TestApp;
let basics: CatalogBasics;
let support: { authorization: string };
let supportId: string;

before(async () => {
  ({ t, basics, operatorId: supportId, operator: support } = await openConsoleApp(['support'], { name: 'Sun Li' }));
});
after(() => t.close());

const get = (url: string, headers = support) => t.app.inject({ url, headers });
const lookup = async (query: string) => dataOf('opsCandidates', await get(`/api/ops/candidates?${query}`));
const auditOf = (action: 'candidate.view' | 'candidate.logout', candidateId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, candidateId)));
const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

/** A candidate with a complete profile (this ID number), logged in on `devices` devices. */
async function candidate(idNumber: string, name: string, devices = 1) {
  const phone = nextPhone();
  const sessions = [];
  for (let n = 0; n < devices; n += 1) {
    // A phone is sent a code a minute at most.
    if (n > 0) t.clock.advance(61_000);
    sessions.push(await loginAs(t, phone));
  }
  const id = await userIdOf(t.database.db, phone);
  await insertCompleteProfile(t.database.db, id, { idNumber, name });
  return { phone, id, sessions, headers: sessions[0] as { authorization: string } };
}

describe('support', () => {
  test('finds a candidate by login phone in any spelling, or every account of an ID number', async () => {
    const idNumber = idCardNumber('701');
    const liLei = await candidate(idNumber, 'Li Lei', 2);
    const again = await candidate(idNumber, 'Li Lei');
    t.clock.advance(61_000);
    await loginAs(t, liLei.phone, 'testCenter');

    const spelled = `+86 ${liLei.phone.slice(0, 3)} ${liLei.phone.slice(3, 7)} ${liLei.phone.slice(7)}`;
    const byPhone = await lookup(`phone=${encodeURIComponent(spelled)}`);
    assert.equal(byPhone.length, 1, 'only the candidate: the center account of the same phone is not one');
    assert.deepEqual(
      {
        id: byPhone[0]?.id,
        phone: byPhone[0]?.phone,
        name: byPhone[0]?.name,
        maskedIdNumber: byPhone[0]?.maskedIdNumber,
        activeSessions: byPhone[0]?.activeSessions,
      },
      {
        id: liLei.id,
        phone: `+86${liLei.phone}`,
        name: 'Li Lei',
        maskedIdNumber: `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`,
        activeSessions: 2,
      },
    );

    const byIdNumber = await lookup(`idNumber=${idNumber.toLowerCase()}`);
    assert.deepEqual(byIdNumber.map((found) => found.id).sort(), [liLei.id, again.id].sort());
    assert.deepEqual(await lookup(`phone=${nextPhone()}`), [], 'nobody has that phone');
    assert.deepEqual(await lookup(`idNumber=${idCardNumber('702')}`), []);

    for (const [query, code] of [
      ['phone=12345', 'PHONE_INVALID'],
      [`phone=${liLei.phone}&idNumber=${idNumber}`, 'VALIDATION_FAILED'],
      ['', 'VALIDATION_FAILED'],
    ] as const) {
      const res = await get(`/api/ops/candidates?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.equal(envelope(res).errorCode, code, query);
    }
  });

  test("shows a candidate's registrations and orders, newest first, and audits the reading", async () => {
    const who = await candidate(idCardNumber('711'), 'Han Meimei');
    const paidExam = await examInTenDays(t, basics, { feeFen: 20_000 });
    const paid = await book(t, who.headers, paidExam.id);
    await payInWallet(t, paid.order.id);
    t.clock.advance(1_000);
    const heldExam = await examInTenDays(t, basics, { feeFen: 8_000 });
    const held = await book(t, who.headers, heldExam.id);

    const res = await get(`/api/ops/candidates/${who.id}`);
    const detail = dataOf('opsCandidate', res);
    assert.equal(detail.name, 'Han Meimei');
    assert.deepEqual(
      detail.registrations.map((r) => ({ id: r.id, status: r.status, exam: r.exam.code, outcome: r.outcome })),
      [
        { id: held.registration.id, status: 'pending', exam: heldExam.code, outcome: null },
        { id: paid.registration.id, status: 'register', exam: paidExam.code, outcome: null },
      ],
    );
    assert.equal(detail.registrations[1]?.exam.startsAt, paidExam.startsAt.toISOString());
    const total = paid.order.breakdown.totalFen;
    assert.deepEqual(
      detail.orders.map((o) => ({
        id: o.id,
        status: o.status,
        quantity: o.quantity,
        totalFen: o.totalFen,
        refundableFen: o.refundableFen,
        payer: o.payer.phone,
        exam: o.exam.code,
        paid: o.paidAt !== null,
      })),
      [
        {
          id: held.order.id,
          status: 'pending',
          quantity: 1,
          totalFen: held.order.breakdown.totalFen,
          refundableFen: 0,
          payer: `+86${who.phone}`,
          exam: heldExam.code,
          paid: false,
        },
        {
          id: paid.order.id,
          status: 'paid',
          quantity: 1,
          totalFen: total,
          refundableFen: total,
          payer: `+86${who.phone}`,
          exam: paidExam.code,
          paid: true,
        },
      ],
    );

    const [row] = await auditOf('candidate.view', who.id);
    assert.equal(row?.actorId, supportId);
    assert.equal(row?.actorName, 'Sun Li');
    assert.equal(row?.targetType, 'candidate');
    assert.match(row?.targetLabel ?? '', /Han Meimei/);

    const rowsBefore = await auditRows();
    const unknown = await get(`/api/ops/candidates/${uuidv7()}`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).errorCode, 'NOT_FOUND');
    assert.equal(await auditRows(), rowsBefore, 'nothing read, nothing recorded');
  });

  test("ends every session of a candidate: their tokens answer 401, others' keep working", async () => {
    const who = await candidate(idCardNumber('721'), 'Wei Qiang', 2);
    const bystander = await candidate(idCardNumber('722'), 'Zhou Yu');
    for (const headers of who.sessions) {
      assert.equal((await get('/api/front/currentUser', headers)).statusCode, 200);
    }

    const res = await postAs(t, `/api/ops/candidates/${who.id}/logout`, support);
    assert.deepEqual(dataOf('opsEndCandidateSessions', res), { ended: 2 });
    for (const headers of who.sessions) {
      const after = await get('/api/front/currentUser', headers);
      assert.equal(after.statusCode, 401);
      assert.equal(envelope(after).errorCode, 'UNAUTHORIZED');
    }
    assert.equal((await get('/api/front/currentUser', bystander.headers)).statusCode, 200);
    assert.equal((await lookup(`phone=${who.phone}`))[0]?.activeSessions, 0);

    const [row] = await auditOf('candidate.logout', who.id);
    assert.equal(row?.actorId, supportId);
    assert.deepEqual(row?.before, { activeSessions: 2 });
    assert.deepEqual(row?.after, { activeSessions: 0 });

    const again = await postAs(t, `/api/ops/candidates/${who.id}/logout`, support);
    assert.deepEqual(dataOf('opsEndCandidateSessions', again), { ended: 0 }, 'nothing left to end');

    const rowsBefore = await auditRows();
    const unknown = await postAs(t, `/api/ops/candidates/${uuidv7()}/logout`, support);
    assert.equal(unknown.statusCode, 404);
    assert.equal(await auditRows(), rowsBefore);
  });

  test("exports a candidate's personal data as a JSON file, whole ID number included, and audits it", async () => {
    const idNumber = idCardNumber('731');
    const who = await candidate(idNumber, 'Qian Hui');
    const passedExam = await examInTenDays(t, basics, { feeFen: 10_000 });
    const passed = await book(t, who.headers, passedExam.id);
    await payInWallet(t, passed.order.id);
    await insertResult(t.database.db, passed.registration.id, {
      outcome: 'pass',
      certificateNumber: 'CERT-731',
      publishedAt: t.clock.now,
    });
    const droppedExam = await examInTenDays(t, basics, { feeFen: 9_000 });
    const dropped = await book(t, who.headers, droppedExam.id);
    await payInWallet(t, dropped.order.id);
    await postAs(t, `/api/front/registrations/${dropped.registration.id}/cancel`, who.headers);

    const res = await get(`/api/ops/candidates/${who.id}/export.json`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.match(
      String(res.headers['content-disposition']),
      new RegExp(`attachment; filename="personal-data-${who.id}.json"`),
    );
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const file = JSON.parse(res.body);
    assert.deepEqual(file.account, {
      id: who.id,
      phone: `+86${who.phone}`,
      name: 'Qian Hui',
      createdAt: file.account.createdAt,
      anonymizedAt: null,
    });
    assert.equal(file.profile.idNumber, idNumber, 'the whole ID number: it is their own data');
    assert.equal(file.profile.email, 'candidate@example.com');
    assert.deepEqual(
      file.registrations.map((r: { id: string; status: string }) => [r.id, r.status]).sort(),
      [
        [passed.registration.id, 'register'],
        [dropped.registration.id, 'canceled'],
      ].sort(),
    );
    assert.deepEqual(file.orders.map((o: { id: string }) => o.id).sort(), [passed.order.id, dropped.order.id].sort());
    assert.deepEqual(
      file.refunds.map((r: { orderId: string; amountFen: number }) => [r.orderId, r.amountFen]),
      [[dropped.order.id, dropped.order.breakdown.totalFen]],
    );
    assert.deepEqual(
      file.results.map((r: { registrationId: string; outcome: string; certificateNumber: string }) => [
        r.registrationId,
        r.outcome,
        r.certificateNumber,
      ]),
      [[passed.registration.id, 'pass', 'CERT-731']],
    );

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.export'), eq(auditLog.targetId, who.id)));
    assert.equal(row?.actorId, supportId);

    const rowsBefore = await auditRows();
    const unknown = await get(`/api/ops/candidates/${uuidv7()}/export.json`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).errorCode, 'NOT_FOUND');
    assert.equal(await auditRows(), rowsBefore);
  });
});
