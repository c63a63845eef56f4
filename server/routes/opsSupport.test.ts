import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import { dataOf, envelope, loginAs, multipart, postAs, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import { centerAccount, centerExam } from '../../tests/helpers/door';
import {
  type CatalogBasics,
  idCardNumber,
  insertCompleteProfile,
  insertResult,
  userIdOf,
} from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { GROUP_HEADER, memberRows, xlsxOf } from '../../tests/helpers/spreadsheets';
import { placesOf, seatLedger } from '../../tests/helpers/waitlist';
import { auditLog, avatars, groupRegistrations, orders, profiles, registrations, sessions, users } from '../db/schema';
import { uuidv7 } from '../ids';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 13, item 7: support finds a candidate, reads their records, ends their sessions, exports and erases them. */

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
const auditOf = (action: 'candidate.view' | 'candidate.logout' | 'candidate.erase', candidateId: string) =>
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

describe('erasure on request', () => {
  const erase = (id: string, confirmPhone: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ops/candidates/${id}/erase`,
      headers: support,
      payload: { confirmPhone },
    });
  const rowsOf = async (id: string) => ({
    users: (await t.database.db.select().from(users).where(eq(users.id, id))).length,
    sessions: (await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).length,
    profiles: (await t.database.db.select().from(profiles).where(eq(profiles.userId, id))).length,
    avatars: (await t.database.db.select().from(avatars).where(eq(avatars.userId, id))).length,
    registrations: (await t.database.db.select().from(registrations).where(eq(registrations.userId, id))).length,
    orders: (await t.database.db.select().from(orders).where(eq(orders.userId, id))).length,
    groups: (await t.database.db.select().from(groupRegistrations).where(eq(groupRegistrations.coordinatorId, id)))
      .length,
  });
  test('refuses a phone that is not theirs, and while a registration is live; nothing is written', async () => {
    const who = await candidate(idCardNumber('741'), 'Kong Ming');
    const exam = await examInTenDays(t, basics);
    const held = await book(t, who.headers, exam.id);
    const rowsBefore = await auditRows();
    const held0 = await rowsOf(who.id);

    for (const typed of [nextPhone(), '12345', '']) {
      const res = await erase(who.id, typed);
      assert.equal(res.statusCode, 400, typed);
      const code = typed === '' ? 'VALIDATION_FAILED' : 'ERASURE_CONFIRMATION_MISMATCH';
      assert.equal(envelope(res).errorCode, code, typed);
    }
    for (const body of [{}, { confirmPhone: who.phone, more: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ops/candidates/${who.id}/erase`,
        headers: support,
        payload: body,
      });
      assert.equal(res.statusCode, 400);
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
    }
    const blocked = await erase(who.id, `+86 ${who.phone}`);
    assert.equal(blocked.statusCode, 409);
    assert.equal(envelope(blocked).errorCode, 'ERASURE_BLOCKED');
    const unknown = await erase(uuidv7(), who.phone);
    assert.equal(unknown.statusCode, 404);

    assert.equal(await auditRows(), rowsBefore);
    assert.deepEqual(await rowsOf(who.id), held0);
    assert.equal((await get('/api/front/currentUser', who.headers)).statusCode, 200, 'still logged in');

    await postAs(t, `/api/front/registrations/${held.registration.id}/cancel`, who.headers);
    assert.equal(dataOf('opsEraseCandidate', await erase(who.id, who.phone)).outcome, 'erased', 'once canceled');
  });

  test('ends their waiting-list places: the seat held for their offer passes to the next in line', async () => {
    const exam = await examInTenDays(t, basics, { capacity: 1 });
    const holder = await readyCandidate(t);
    const booked = await book(t, holder.headers, exam.id);
    await payInWallet(t, booked.order.id);
    const offered = await readyCandidate(t);
    const next = await readyCandidate(t);
    for (const who of [offered, next]) await postAs(t, `/api/front/exams/${exam.id}/waitlist`, who.headers);
    await postAs(t, `/api/front/registrations/${booked.registration.id}/cancel`, holder.headers);
    assert.deepEqual(
      (await placesOf(t, exam.id)).map((p) => p.status),
      ['offered', 'waiting'],
    );

    assert.equal(dataOf('opsEraseCandidate', await erase(offered.userId, offered.phone)).outcome, 'erased');
    assert.deepEqual(
      (await placesOf(t, exam.id)).map((p) => [p.userId, p.status]),
      [[next.userId, 'offered']],
    );
    assert.deepEqual(await seatLedger(t, exam.id), { taken: 1, capacity: 1, live: 0, offered: 1, waiting: 0 });
  });

  test('erases an account with no result and no payment, with everything of it; the phone signs up afresh', async () => {
    const who = await candidate(idCardNumber('751'), 'Yue Fei', 2);
    const exam = await examInTenDays(t, basics);
    const dropped = await book(t, who.headers, exam.id);
    await postAs(t, `/api/front/registrations/${dropped.registration.id}/cancel`, who.headers);
    await t.database.db.insert(groupRegistrations).values({
      id: uuidv7(),
      coordinatorId: who.id,
      examId: exam.id,
      coordinatorName: 'Yue Fei',
      coordinatorPhone: `+86${who.phone}`,
      organization: 'No. 1 Middle School',
    });
    assert.deepEqual(await rowsOf(who.id), {
      users: 1,
      sessions: 2,
      profiles: 1,
      avatars: 1,
      registrations: 1,
      orders: 1,
      groups: 1,
    });

    const res = await erase(who.id, who.phone);
    assert.deepEqual(dataOf('opsEraseCandidate', res), { outcome: 'erased', kept: [], sessionsEnded: 2 });
    assert.deepEqual(await rowsOf(who.id), {
      users: 0,
      sessions: 0,
      profiles: 0,
      avatars: 0,
      registrations: 0,
      orders: 0,
      groups: 0,
    });
    for (const headers of who.sessions) {
      assert.equal((await get('/api/front/currentUser', headers)).statusCode, 401);
    }
    assert.equal((await get(`/api/ops/candidates/${who.id}`)).statusCode, 404);

    const [row] = await auditOf('candidate.erase', who.id);
    assert.equal(row?.actorId, supportId);
    assert.equal(row?.targetLabel, `+86 ${who.phone.slice(0, 3)}****${who.phone.slice(7)}`);
    assert.deepEqual(row?.before, {
      registrations: 1,
      orders: 1,
      refunds: 0,
      results: 0,
      certificates: 0,
      groups: 1,
      profiles: 1,
      avatars: 1,
      documents: 0,
      sessions: 2,
    });
    assert.equal(row?.after, null);
    assert.doesNotMatch(JSON.stringify(row), /Yue Fei/, 'the log does not keep their name');

    t.clock.advance(61_000);
    const again = await loginAs(t, who.phone);
    const fresh = dataOf('currentUser', await get('/api/front/currentUser', again));
    assert.notEqual(fresh.id, who.id);
    assert.equal(fresh.name, '', 'a fresh, empty account');
  });

  test('anonymizes an account whose results and payments must be kept; rosters and the export still work', async () => {
    const idNumber = idCardNumber('761');
    const who = await candidate(idNumber, 'Su Shi', 2);
    const owner = await centerAccount(t);
    const passedExam = await centerExam(t, basics, owner.center);
    const passed = await book(t, who.headers, passedExam.id);
    await payInWallet(t, passed.order.id);
    await t.database.db
      .update(registrations)
      .set({ status: 'completed', checkedInAt: t.clock.now })
      .where(eq(registrations.id, passed.registration.id));
    await insertResult(t.database.db, passed.registration.id, {
      outcome: 'pass',
      certificateNumber: 'CERT-761',
      publishedAt: t.clock.now,
    });
    const droppedExam = await centerExam(t, basics, owner.center);
    const dropped = await book(t, who.headers, droppedExam.id);
    await payInWallet(t, dropped.order.id);
    await postAs(t, `/api/front/registrations/${dropped.registration.id}/cancel`, who.headers);

    const res = await erase(who.id, `${who.phone.slice(0, 3)}-${who.phone.slice(3)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(dataOf('opsEraseCandidate', res), {
      outcome: 'anonymized',
      kept: [
        { record: 'results', count: 1 },
        { record: 'certificates', count: 1 },
        { record: 'orders', count: 2 },
        { record: 'refunds', count: 1 },
        { record: 'registrations', count: 2 },
      ],
      sessionsEnded: 2,
    });
    for (const headers of who.sessions) {
      assert.equal((await get('/api/front/currentUser', headers)).statusCode, 401);
    }
    // A login that raced the anonymization and left a live session behind still gets nowhere.
    await t.database.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.userId, who.id));
    assert.equal((await get('/api/front/currentUser', who.headers)).statusCode, 401);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, who.id));
    assert.deepEqual([account?.phone, account?.name, account?.avatarSmall], ['', '', null]);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, who.id));
    assert.deepEqual(
      [profile?.idNumber, profile?.email, profile?.contactPhone, profile?.address, profile?.dateOfBirth],
      ['', '', '', '', null],
    );
    assert.equal((await rowsOf(who.id)).avatars, 0);

    const detail = dataOf('opsCandidate', await get(`/api/ops/candidates/${who.id}`));
    assert.equal(detail.anonymizedAt, t.clock.now.toISOString());
    assert.deepEqual([detail.name, detail.phone, detail.maskedIdNumber], ['', '', '']);
    assert.deepEqual(detail.registrations.map((r) => r.outcome).sort(), ['pass', null].sort());
    assert.deepEqual(await lookup(`phone=${who.phone}`), [], 'the phone no longer finds them');
    assert.deepEqual(await lookup(`idNumber=${idNumber}`), [], 'nor the ID number');

    const [row] = await auditOf('candidate.erase', who.id);
    assert.deepEqual(row?.after, {
      anonymizedAt: t.clock.now.toISOString(),
      kept: dataOf('opsEraseCandidate', res).kept,
    });
    assert.equal(row?.before?.results, 1);
    assert.doesNotMatch(JSON.stringify(row), new RegExp(`Su Shi|${idNumber}|${who.phone}`));

    for (const exam of [passedExam, droppedExam]) {
      const roster = await get(`/api/center/exams/${exam.id}/roster`, owner.headers);
      const line = dataOf('roster', roster).list.find((entry) => entry.name === '' && entry.phone === '');
      assert.ok(line, `the roster of ${exam.code} still lists the anonymized line: ${roster.body}`);
      const file = await get(`/api/center/exams/${exam.id}/roster.xlsx`, owner.headers);
      assert.equal(file.statusCode, 200, file.body);
    }
    const certificateLine = dataOf('roster', await get(`/api/center/exams/${passedExam.id}/roster`, owner.headers))
      .list[0];
    assert.equal(certificateLine?.certificateNumber, 'CERT-761', 'the certificate is kept');

    const exported = await get(`/api/ops/candidates/${who.id}/export.json`);
    assert.equal(exported.statusCode, 200, exported.body);
    const file = JSON.parse(exported.body);
    assert.deepEqual([file.account.phone, file.account.name], ['', '']);
    assert.equal(file.account.anonymizedAt, t.clock.now.toISOString());
    assert.equal(file.profile.idNumber, '');
    assert.equal(file.results[0].certificateNumber, 'CERT-761');

    t.clock.advance(61_000);
    const again = await loginAs(t, who.phone);
    const fresh = dataOf('currentUser', await get('/api/front/currentUser', again));
    assert.notEqual(fresh.id, who.id, 'the same phone gets a fresh account');
    const found = await lookup(`phone=${who.phone}`);
    assert.deepEqual(
      found.map((c) => [c.id, c.anonymizedAt]),
      [[fresh.id, null]],
    );
    const erasedAgain = await erase(who.id, who.phone);
    assert.equal(
      envelope(erasedAgain).errorCode,
      'ERASURE_CONFIRMATION_MISMATCH',
      'an anonymized account has no phone',
    );
  });

  test("a member whose seat a coordinator's group order paid is anonymized, and the group page still answers", async () => {
    const coordinator = await loginAs(t, nextPhone());
    const owner = await centerAccount(t);
    const exam = await centerExam(t, basics, owner.center, { feeFen: 10_000 });
    const created = await postAs(t, '/api/front/groups', coordinator, {
      examId: exam.id,
      coordinator: { name: '李老师', phone: nextPhone(), organization: '海淀实验中学' },
    });
    const groupId = dataOf('createGroup', created).id;
    const rows = memberRows(2, { firstPhone: Number(nextPhone()) });
    nextPhone(); // the second member's
    const file = multipart(await xlsxOf([GROUP_HEADER, ...rows]), 'class.xlsx', XLSX);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/front/groups/${groupId}/upload`,
      payload: file.payload,
      headers: { ...coordinator, ...file.headers },
    });
    assert.equal(dataOf('uploadGroupFile', uploaded).upload?.accepted.length, 2, uploaded.body);
    const { totalFen } = dataOf('groupQuote', await postAs(t, `/api/front/groups/${groupId}/quote`, coordinator, {}));
    const checkout = dataOf(
      'groupCheckout',
      await postAs(t, `/api/front/groups/${groupId}/checkout`, coordinator, { expectedTotalFen: totalFen }),
    );
    await payInWallet(t, checkout.order?.id ?? '');
    const seat = checkout.upload?.accepted[0]?.registrationId ?? '';
    await postAs(t, `/api/front/groups/${groupId}/members/${seat}/cancel`, coordinator);
    const memberPhone = String(rows[0]?.[1]);
    const memberId = await userIdOf(t.database.db, memberPhone);

    const res = await erase(memberId, memberPhone);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(dataOf('opsEraseCandidate', res), {
      outcome: 'anonymized',
      kept: [{ record: 'registrations', count: 1 }],
      sessionsEnded: 0,
    });
    const group = await get(`/api/front/groups/${groupId}`, coordinator);
    assert.equal(group.statusCode, 200, group.body);
    assert.equal(dataOf('group', group).upload?.accepted.length, 2);
    const roster = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, owner.headers));
    assert.ok(roster.list.some((line) => line.registrationId === seat && line.name === ''));
  });
});
