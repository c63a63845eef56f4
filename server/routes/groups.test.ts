import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, count, eq, inArray } from 'drizzle-orm';
import { GROUP_FILE_MAX_BYTES, type GroupView } from '../../contract';
import { idCardCheckCharacter, maskIdCard } from '../../contract/idcard';
import {
  dataOf,
  envelope,
  loginAs,
  multipart,
  openFileApp,
  postAs,
  sendJsonText,
  type TestApp,
} from '../../tests/helpers/app';
import {
  book,
  type ExamFields,
  examInTenDays,
  nextPhone,
  payInWallet,
  readyCandidate,
  seatsTaken,
  sweepNow,
} from '../../tests/helpers/booking';
import {
  type CatalogBasics,
  idCardNumber,
  insertCompleteProfile,
  insertPhoto,
  userIdOf,
} from '../../tests/helpers/fixtures';
import { compact, readPdf } from '../../tests/helpers/pdf';
import { csvOf, GROUP_HEADER, xlsxOf, zipBomb } from '../../tests/helpers/spreadsheets';
import {
  exams,
  groupRegistrations,
  notifications,
  orders,
  profiles,
  refunds,
  registrations,
  sandboxPayments,
  users,
} from '../db/schema';

const MINUTE = 60_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Auth = { authorization: string };
type Row = (string | number)[];

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file), { discountCodes: true });

const newExam = (fields: ExamFields = {}) => examInTenDays(t, basics, fields);

const HEADER: Row = GROUP_HEADER;

let serial = 100;
/** A valid member row (born 1990-03-07; an odd serial is male) with a fresh phone. */
function member(name = `Member ${serial}`): Row {
  serial += 1;
  return [name, nextPhone(), idCardNumber(String(serial)), serial % 2 === 1 ? '男' : '女', '1990-03-07'];
}

function members(n: number): Row[] {
  return Array.from({ length: n }, () => member());
}

const post = (url: string, auth: Record<string, string>, payload?: unknown, headers?: Record<string, string>) =>
  postAs(t, url, auth, payload, headers);

const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth ?? {} });

const coordinatorInfo = { name: '李老师', phone: '139 0000 1234', organization: '海淀实验中学' };

async function coordinator(): Promise<Auth> {
  return loginAs(t, nextPhone());
}

async function createGroup(auth: Auth, examId: string, extra: Record<string, unknown> = {}): Promise<GroupView> {
  return dataOf(
    'createGroup',
    await post('/api/front/groups', auth, { examId, coordinator: coordinatorInfo, ...extra }),
  );
}

function upload(auth: Auth, groupId: string, file: Buffer, fileName = 'class.xlsx', contentType = XLSX) {
  const body = multipart(file, fileName, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/front/groups/${groupId}/upload`,
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

async function uploaded(auth: Auth, groupId: string, rows: Row[]) {
  return dataOf('uploadGroupFile', await upload(auth, groupId, await xlsxOf([HEADER, ...rows])));
}

async function groupQuote(auth: Auth, groupId: string, promoCode?: string) {
  return dataOf('groupQuote', await post(`/api/front/groups/${groupId}/quote`, auth, promoCode ? { promoCode } : {}));
}

/** Pay now as the payment step sends it: the promo code of the lines shown and their total (quoted now unless given). */
async function checkout(
  auth: Auth,
  groupId: string,
  body: { promoCode?: string; expectedTotalFen?: number } = {},
  key?: string,
) {
  const expectedTotalFen = body.expectedTotalFen ?? (await groupQuote(auth, groupId, body.promoCode)).totalFen;
  return post(
    `/api/front/groups/${groupId}/checkout`,
    auth,
    { ...body, expectedTotalFen },
    key ? { 'idempotency-key': key } : {},
  );
}

/** A coordinator with a group for a fresh exam and `rows` uploaded. */
async function groupWith(rows: Row[], fields: ExamFields = {}) {
  const auth = await coordinator();
  const exam = await newExam(fields);
  const group = await createGroup(auth, exam.id);
  const view = await uploaded(auth, group.id, rows);
  return { auth, exam, group: view };
}

async function registrationCount(examId: string, status: 'pending' | 'register' | 'canceled') {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(registrations)
    .where(and(eq(registrations.examId, examId), eq(registrations.status, status)));
  return row?.n ?? 0;
}

/** How many accounts exist for the phones of `rows`: checkout makes one per member, a refusal none. */
async function accountsOf(rows: Row[]) {
  const phones = rows.map((r) => `+86${r[1]}`);
  const [row] = await t.database.db.select({ n: count() }).from(users).where(inArray(users.phone, phones));
  return row?.n ?? 0;
}

function assertError(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(envelope(res as never).errorCode, code);
}

describe('step 1: a group for an exam', () => {
  test('a student starts a draft naming the coordinator; the phone is stored as E.164', async () => {
    const auth = await coordinator();
    const exam = await newExam();
    const group = await createGroup(auth, exam.id);
    assert.equal(group.exam.id, exam.id);
    assert.deepEqual(group.coordinator, { name: '李老师', phone: '+8613900001234', organization: '海淀实验中学' });
    assert.equal(group.upload, null);
    assert.equal(group.order, null);
    assert.equal(group.canUpload, true);
    assert.deepEqual(dataOf('group', await get(`/api/front/groups/${group.id}`, auth)), group);
  });

  test('bad input is refused and nothing is created', async () => {
    const auth = await coordinator();
    const exam = await newExam();
    const [before] = await t.database.db.select({ n: count() }).from(groupRegistrations);
    const badPhone = await post('/api/front/groups', auth, {
      examId: exam.id,
      coordinator: { ...coordinatorInfo, phone: '12345' },
    });
    assertError(badPhone, 400, 'PHONE_INVALID');
    assertError(await post('/api/front/groups', auth, { examId: exam.id }), 400, 'VALIDATION_FAILED');
    assertError(
      await post('/api/front/groups', auth, { examId: 'nope', coordinator: coordinatorInfo }),
      400,
      'VALIDATION_FAILED',
    );
    assertError(
      await post('/api/front/groups', auth, { examId: exam.id, coordinator: { ...coordinatorInfo, name: 7 } }),
      400,
      'VALIDATION_FAILED',
    );
    const malformed = await sendJsonText(t, 'POST', '/api/front/groups', auth, '{"examId": ');
    assertError(malformed, 400, 'MALFORMED_JSON');
    const [afterwards] = await t.database.db.select({ n: count() }).from(groupRegistrations);
    assert.equal(afterwards?.n, before?.n);
  });

  test('only students, only open exams, and the access code when the exam has one', async () => {
    const exam = await newExam();
    assertError(
      await post('/api/front/groups', {} as Auth, { examId: exam.id, coordinator: coordinatorInfo }),
      401,
      'UNAUTHORIZED',
    );
    const center = await loginAs(t, nextPhone(), 'testCenter');
    assertError(
      await post('/api/front/groups', center, { examId: exam.id, coordinator: coordinatorInfo }),
      403,
      'STUDENTS_ONLY',
    );
    const auth = await coordinator();
    const closed = await newExam({ registrationEndsAt: new Date(t.clock.now.getTime() - MINUTE) });
    assertError(
      await post('/api/front/groups', auth, { examId: closed.id, coordinator: coordinatorInfo }),
      409,
      'REGISTRATION_CLOSED',
    );
    const invited = await newExam({ accessCode: 'CLUB' });
    assertError(
      await post('/api/front/groups', auth, { examId: invited.id, coordinator: coordinatorInfo }),
      400,
      'ACCESS_CODE_INVALID',
    );
    assert.equal((await createGroup(auth, invited.id, { accessCode: 'CLUB' })).exam.id, invited.id);
  });
});

describe('step 2: the member file', () => {
  test('a good file: every row accepted with masked ID numbers, nothing held yet', async () => {
    const rows = members(5);
    const { group, exam } = await groupWith(rows);
    const upload = group.upload;
    assert.ok(upload);
    assert.equal(upload.fileName, 'class.xlsx');
    assert.equal(upload.totalParticipants, 5);
    assert.equal(upload.rejected.length, 0);
    assert.deepEqual(
      upload.accepted.map((m) => m.row),
      [2, 3, 4, 5, 6],
    );
    const first = upload.accepted[0];
    assert.equal(first?.name, rows[0]?.[0]);
    assert.equal(first?.phone, `+86${rows[0]?.[1]}`);
    assert.match(first?.maskedIdNumber ?? '', /^110101\*{8}\d{3}[\dX]$/);
    assert.equal(first?.dateOfBirth, '1990-03-07');
    assert.equal(first?.status, null);
    assert.equal(await seatsTaken(t, exam.id), 0);
  });

  test('a mixed file: each rejected row carries its row number and every reason', async () => {
    const exam = await newExam({ capacity: 3 }); // one seat goes to `booked`: two are left for the file
    const booked = await readyCandidate(t);
    await book(t, booked.headers, exam.id);
    const other = await readyCandidate(t); // saved ID idCardNumber('123'), differs from the row's
    const auth = await coordinator();
    const group = await createGroup(auth, exam.id);
    const good = members(3);
    const rows: Row[] = [
      good[0] as Row,
      ['', '12345', '110101199003071234', '男', ''], // row 3: no name, bad phone, bad ID
      [good[1]?.[0] ?? '', nextPhone(), good[0]?.[2] ?? '', '', ''], // row 4: same ID as row 2
      ['Wrong Gender', nextPhone(), idCardNumber('201'), '女', '1990-03-08'], // row 5: male ID, other birthday
      ['Already In', booked.phone, idCardNumber('123'), '', ''], // row 6: holds a seat already
      ['Someone Else', other.phone, idCardNumber('301'), '', ''], // row 7: account has another ID
      good[1] as Row, // row 8
      good[2] as Row, // row 9: valid, but beyond the two seats left
    ];
    const view = dataOf('uploadGroupFile', await upload(auth, group.id, await xlsxOf([HEADER, ...rows])));
    assert.deepEqual(
      view.upload?.accepted.map((m) => m.row),
      [2, 8],
    );
    const reasons = Object.fromEntries(view.upload?.rejected.map((r) => [r.row, r.reasons]) ?? []);
    assert.deepEqual(reasons, {
      3: ['NAME_REQUIRED', 'PHONE_INVALID', 'ID_NUMBER_INVALID'],
      4: ['DUPLICATE_ID_NUMBER'],
      5: ['GENDER_MISMATCH', 'BIRTH_DATE_MISMATCH'],
      6: ['ALREADY_REGISTERED'],
      7: ['IDENTITY_MISMATCH'],
      9: ['NO_SEATS_LEFT'],
    });
    assert.equal(view.upload?.rejected.find((r) => r.row === 4)?.duplicateOfRow, 2);
    assert.equal(view.upload?.totalParticipants, 8);
  });

  test('uploading again replaces the earlier result', async () => {
    const { auth, group } = await groupWith(members(4));
    const again = await uploaded(auth, group.id, members(2));
    assert.equal(again.upload?.accepted.length, 2);
    assert.equal(again.upload?.totalParticipants, 2);
    assert.equal(dataOf('group', await get(`/api/front/groups/${group.id}`, auth)).upload?.accepted.length, 2);
  });

  test('CSV in UTF-8 with and without BOM, and in GBK as Excel in China saves it, reads the Chinese names', async () => {
    const { auth, group } = await groupWith(members(1));
    for (const encoding of ['utf8', 'utf8-bom', 'gbk'] as const) {
      const rows = [member('张伟'), member('王芳')];
      const res = await upload(auth, group.id, csvOf([HEADER, ...rows], { encoding }), 'class.csv', 'text/csv');
      const view = dataOf('uploadGroupFile', res);
      assert.deepEqual(
        view.upload?.accepted.map((m) => m.name),
        ['张伟', '王芳'],
        encoding,
      );
    }
  });

  test('1,000 rows are read; 1,001 are refused', async () => {
    const { auth, group } = await groupWith(members(1), { capacity: 1000 });
    const many = members(1000);
    const view = await uploaded(auth, group.id, many);
    assert.equal(view.upload?.accepted.length, 1000);
    const tooMany = await upload(auth, group.id, await xlsxOf([HEADER, ...many, member()]));
    assertError(tooMany, 400, 'GROUP_FILE_TOO_MANY_ROWS');
  });

  test('files that cannot be read answer their reason and leave the last result as it was', async () => {
    const rows = members(3);
    const { auth, group } = await groupWith(rows);
    const good = await xlsxOf([HEADER, ...rows]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('just some words, not a member list\n'), 'notes.xlsx', 400, 'GROUP_FILE_HEADERS_MISSING'],
      [png, 'photo.xlsx', 400, 'GROUP_FILE_INVALID'],
      [good.subarray(0, Math.floor(good.length / 2)), 'cut.xlsx', 400, 'GROUP_FILE_INVALID'],
      [Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'old.xls', 400, 'GROUP_FILE_INVALID'],
      [zipBomb(), 'bomb.xlsx', 400, 'GROUP_FILE_INVALID'],
      [Buffer.alloc(0), 'empty.csv', 400, 'GROUP_FILE_EMPTY'],
      [csvOf([HEADER], { encoding: 'utf8' }), 'header-only.csv', 400, 'GROUP_FILE_EMPTY'],
      [Buffer.alloc(GROUP_FILE_MAX_BYTES + 1, 0x41), 'huge.csv', 413, 'GROUP_FILE_TOO_LARGE'],
    ];
    for (const [bytes, name, status, code] of cases) {
      const started = Date.now();
      assertError(await upload(auth, group.id, bytes, name), status, code);
      assert.ok(Date.now() - started < 5000, `${name} took ${Date.now() - started} ms`);
    }
    const renamed = await upload(
      auth,
      group.id,
      await xlsxOf([['Student', 'Phone', 'ID card number'], ...rows.map((r) => r.slice(0, 3))]),
    );
    assertError(renamed, 400, 'GROUP_FILE_HEADERS_MISSING');
    assert.deepEqual(
      envelope(renamed).details?.map((d) => d.path),
      ['name'],
    );
    const after = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.deepEqual(after.upload, group.upload);
  });

  test('a formula cell gives its computed value and is never evaluated by us', async () => {
    const { auth, group } = await groupWith(members(1));
    const [name, phone, id] = member();
    const file = await xlsxOf([
      HEADER,
      [{ formula: 'CONCAT("Zhao"," Lei")', result: 'Zhao Lei' }, phone, id],
      [{ formula: '"x"&"y"' }, nextPhone(), idCardNumber('777')],
    ] as never);
    const view = dataOf('uploadGroupFile', await upload(auth, group.id, file));
    assert.notEqual(name, 'Zhao Lei');
    assert.deepEqual(
      view.upload?.accepted.map((m) => m.name),
      ['Zhao Lei'],
    );
    assert.deepEqual(view.upload?.rejected[0]?.reasons, ['NAME_REQUIRED']);
  });

  test('a request without a file, or not multipart, is refused cleanly', async () => {
    const { auth, group } = await groupWith(members(1));
    const noFile = multipart(Buffer.from('x'), 'a.csv', 'text/csv', 'other');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/front/groups/${group.id}/upload`,
      payload: noFile.payload,
      headers: { ...auth, ...noFile.headers },
    });
    assertError(res, 400, 'VALIDATION_FAILED');
    assertError(await post(`/api/front/groups/${group.id}/upload`, auth, { file: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe("someone else's group", () => {
  test('answers 404 on every group endpoint, and 401 without a token', async () => {
    const { group } = await groupWith(members(2));
    const stranger = await coordinator();
    const id = group.id;
    const urls: [string, string, object?][] = [
      ['GET', `/api/front/groups/${id}`],
      ['POST', `/api/front/groups/${id}/quote`, {}],
      ['POST', `/api/front/groups/${id}/checkout`, { expectedTotalFen: 20_120 }],
      ['GET', `/api/front/groups/${id}/tickets`],
      ['GET', `/api/front/groups/${id}/tickets.pdf`],
    ];
    for (const [method, url, payload] of urls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: stranger,
        ...(payload ? { payload } : {}),
      });
      assertError(res, 404, 'NOT_FOUND');
      assertError(await t.app.inject({ method: method as 'GET', url }), 401, 'UNAUTHORIZED');
    }
    assertError(await upload(stranger, id, await xlsxOf([HEADER, member()])), 404, 'NOT_FOUND');
    assertError(await get('/api/front/groups/not-a-uuid', stranger), 400, 'VALIDATION_FAILED');
  });
});

describe('step 3: one order for the group', () => {
  test('the quote prices every accepted member with the group tier', async () => {
    const { auth, group } = await groupWith(members(10), { feeFen: 10000 });
    const quote = await groupQuote(auth, group.id);
    assert.equal(quote.quantity, 10);
    assert.equal(quote.subtotalFen, 100000);
    assert.equal(quote.groupDiscountFen, 5000);
    assert.equal(quote.handlingFen, 570); // 95000 x 0.6 %
    assert.equal(quote.totalFen, 95570);
    assertError(
      await post(`/api/front/groups/${group.id}/quote`, auth, { promoCode: 'NOPE' }),
      400,
      'PROMO_CODE_INVALID',
    );
  });

  test('checkout holds every seat at once, creates member accounts, and a repeat answers the same order', async () => {
    const rows = members(3);
    const { auth, group, exam } = await groupWith(rows);
    const view = dataOf('groupCheckout', await checkout(auth, group.id, {}, 'group-key-1'));
    assert.equal(view.order?.status, 'pending');
    assert.equal(view.order?.breakdown.quantity, 3);
    assert.ok(view.order?.qrContent);
    assert.equal(view.canUpload, false);
    assert.deepEqual(
      view.upload?.accepted.map((m) => m.status),
      ['pending', 'pending', 'pending'],
    );
    assert.equal(await seatsTaken(t, exam.id), 3);
    const again = dataOf('groupCheckout', await checkout(auth, group.id, {}, 'group-key-2'));
    assert.equal(again.order?.id, view.order?.id);
    const replay = dataOf('groupCheckout', await checkout(auth, group.id, {}, 'group-key-1'));
    assert.equal(replay.order?.id, view.order?.id);
    assert.equal(await seatsTaken(t, exam.id), 3);
    const phones = rows.map((r) => `+86${r[1]}`);
    const accounts = await t.database.db
      .select({ name: users.name, idNumber: profiles.idNumber })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(inArray(users.phone, phones), eq(users.kind, 'individual')));
    assert.deepEqual(accounts.map((a) => a.name).sort(), rows.map((r) => String(r[0])).sort());
    assert.deepEqual(accounts.map((a) => a.idNumber).sort(), rows.map((r) => String(r[2])).sort());
    assertError(await upload(auth, group.id, await xlsxOf([HEADER, member()])), 409, 'GROUP_LOCKED');
    assertError(await get(`/api/front/groups/${group.id}/tickets`, auth), 409, 'TICKET_NOT_ISSUED');
  });

  test('paying confirms every member; each sees their own ticket; the coordinator sees the order and every ticket', async () => {
    const existing = await readyCandidate(t, { name: '已有账号' });
    const existingRow: Row = ['Declared Name', existing.phone, idCardNumber('123'), '', ''];
    const rows = [...members(2), existingRow];
    const { auth, group } = await groupWith(rows);
    const view = dataOf('groupCheckout', await checkout(auth, group.id));
    const orderId = view.order?.id ?? '';
    await payInWallet(t, orderId);
    const paid = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.equal(paid.order?.status, 'paid');
    // The payer is told, once, for every seat; the members hear of their tickets, not of a payment that was not theirs.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const told = (
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.event, 'booking.paid'), eq(notifications.channel, 'inapp')))
    ).filter((n) => n.params.orderId === orderId);
    assert.deepEqual(
      told.map((n) => [n.userId, n.params.seats]),
      [[order?.userId, 3]],
    );
    assert.deepEqual(
      paid.upload?.accepted.map((m) => m.status),
      ['register', 'register', 'register'],
    );

    const tickets = dataOf('groupTickets', await get(`/api/front/groups/${group.id}/tickets`, auth));
    assert.deepEqual(
      tickets.map((x) => x.candidate.name),
      [String(rows[0]?.[0]), String(rows[1]?.[0]), '已有账号'],
    );
    assert.ok(tickets.every((x) => x.token && x.status === 'register'));
    // New members have no photo yet (issue 15): the file waits for theirs, naming them; the existing account has one.
    const waiting = await get(`/api/front/groups/${group.id}/tickets.pdf?lang=zh-CN`, auth);
    assertError(waiting, 409, 'TICKET_PHOTO_REQUIRED');
    assert.deepEqual(
      envelope(waiting)
        .details?.map((detail) => detail.message)
        .sort(),
      [String(rows[0]?.[0]), String(rows[1]?.[0])].sort(),
    );
    for (const row of rows.slice(0, 2)) await insertPhoto(t.database.db, await userIdOf(t.database.db, String(row[1])));
    const pdf = await get(`/api/front/groups/${group.id}/tickets.pdf?lang=zh-CN`, auth);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const pages = await readPdf(pdf.rawPayload);
    assert.deepEqual(
      pages.map((page) => tickets.findIndex((x) => compact(page.text).includes(compact(x.candidate.name)))),
      [0, 1, 2],
    );
    // Allocation keeps the members of one group apart: it knows them as one group.
    const seating = await t.app.repos.seating.candidates(group.exam.id);
    assert.deepEqual(new Set(seating.map((c) => c.groupId)), new Set([group.id]));

    const transactions = dataOf('transactions', await get('/api/front/transactions', auth));
    assert.equal(transactions.list[0]?.orderId, orderId);
    assert.equal(transactions.list[0]?.quantity, 3);

    const memberAuth = await loginAs(t, String(rows[0]?.[1]));
    const mine = dataOf('registrations', await get('/api/front/registrations', memberAuth));
    assert.equal(mine.list.length, 1);
    const ticket = dataOf('ticket', await get(`/api/front/registrations/${mine.list[0]?.id}/ticket`, memberAuth));
    assert.equal(ticket.candidate.name, rows[0]?.[0]);
    assert.equal(ticket.token, tickets[0]?.token);
    const existingMine = dataOf('registrations', await get('/api/front/registrations', existing.headers));
    assert.equal(existingMine.list[0]?.exam.id, group.exam.id);
    // The member's own saved name stays; the coordinator's spelling fills only blanks.
    const [saved] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, existing.userId));
    assert.equal(saved?.name, '已有账号');
  });

  test('a member may not cancel or change a seat the coordinator paid for: 403, nothing changes, and they are told who may', async () => {
    const rows = members(4);
    const { auth, group, exam } = await groupWith(rows, { feeFen: 10000 });
    const view = dataOf('groupCheckout', await checkout(auth, group.id));
    const other = await newExam({ feeFen: 10000 });
    const memberAuth = await loginAs(t, String(rows[2]?.[1]));
    const noticesBefore = t.sms.notices.length;
    const tryEverything = async () => {
      const [mine] = dataOf('registrations', await get('/api/front/registrations', memberAuth)).list;
      assert.deepEqual(mine?.groupSeat, { coordinatorName: '李老师' });
      assert.equal(mine?.canCancel, false);
      assert.equal(mine?.canChange, false);
      const base = `/api/front/registrations/${mine?.id}`;
      assertError(await post(`${base}/cancel`, memberAuth), 403, 'GROUP_SEAT_PAYER_ONLY');
      assertError(await post(`${base}/change`, memberAuth, { examId: other.id }), 403, 'GROUP_SEAT_PAYER_ONLY');
      assertError(await get(`${base}/change-options`, memberAuth as Auth), 403, 'GROUP_SEAT_PAYER_ONLY');
    };

    // Unpaid: letting the member's hold go would have let go of the whole group's.
    await tryEverything();
    assert.equal(await seatsTaken(t, exam.id), 4);
    assert.equal(await registrationCount(exam.id, 'pending'), 4);

    await payInWallet(t, view.order?.id ?? '');
    await tryEverything();
    assert.equal(await seatsTaken(t, exam.id), 4);
    assert.equal(await seatsTaken(t, other.id), 0);
    const [order] = dataOf('transactions', await get('/api/front/transactions', auth)).list;
    assert.equal(order?.refundedFen, 0);
    const after = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.deepEqual(
      after.upload?.accepted.map((m) => m.status),
      ['register', 'register', 'register', 'register'],
    );
    assert.equal(t.sms.notices.length, noticesBefore);
  });

  test("the coordinator cancels one member's seat: seat freed, the share refunded to the coordinator's order, the member told by SMS", async () => {
    const rows = members(4);
    const { auth, group, exam } = await groupWith(rows, { feeFen: 10000 });
    const view = dataOf('groupCheckout', await checkout(auth, group.id));
    const orderId = view.order?.id ?? '';
    const totalFen = view.order?.breakdown.totalFen ?? 0;
    const target = view.upload?.accepted[2]?.registrationId ?? '';
    const url = `/api/front/groups/${group.id}/members/${target}/cancel`;
    // Unpaid, the group's seats stand or fall together: the hold's own expiry or payment decides.
    assertError(await post(url, auth), 409, 'STATUS_TRANSITION_INVALID');
    assert.equal(await seatsTaken(t, exam.id), 4);
    await payInWallet(t, orderId);
    const paid = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.deepEqual(
      paid.upload?.accepted.map((m) => m.canCancel),
      [true, true, true, true],
    );
    assert.equal(paid.lockedFrom, new Date(exam.startsAt.getTime() - 72 * 3_600_000).toISOString());
    const noticesBefore = t.sms.notices.length;

    const answer = dataOf('cancelGroupMember', await post(url, auth));
    const share = Math.floor(totalFen / 4);
    assert.equal(answer.refundFen, share);
    assert.deepEqual(
      answer.group.upload?.accepted.map((m) => [m.status, m.canCancel]),
      [
        ['register', true],
        ['register', true],
        ['canceled', false],
        ['register', true],
      ],
    );
    assert.equal(answer.group.order?.refundedFen, share);
    assert.equal(await seatsTaken(t, exam.id), 3);
    const [order] = dataOf('transactions', await get('/api/front/transactions', auth)).list;
    assert.deepEqual([order?.orderId, order?.refundedFen, order?.status], [orderId, share, 'paid']);
    const [ledger] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
    assert.equal(ledger?.refundedFen, share, 'the provider paid it back to the coordinator');
    const owed = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    assert.deepEqual(
      owed.map((r) => [r.amountFen, r.reason]),
      [[share, 'canceled']],
    );
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, target));
    assert.deepEqual([row?.status, row?.cancelReason], ['canceled', 'coordinator']);

    const notices = t.sms.notices.slice(noticesBefore);
    assert.deepEqual(
      notices.map((n) => n.phone),
      [`+86${rows[2]?.[1]}`],
    );
    assert.match(notices[0]?.text ?? '', new RegExp(exam.code));
    assert.match(notices[0]?.text ?? '', /李老师取消/);
    assert.match(notices[0]?.text ?? '', /canceled by your group coordinator, 李老师/);

    // The member sees it canceled, with no ticket to show at the door.
    const memberAuth = await loginAs(t, String(rows[2]?.[1]));
    const [mine] = dataOf('registrations', await get('/api/front/registrations', memberAuth)).list;
    assert.equal(mine?.status, 'canceled');
    const ticket = dataOf('ticket', await get(`/api/front/registrations/${target}/ticket`, memberAuth));
    assert.equal(ticket.token, null);

    // A second cancel changes nothing: no refund, no SMS.
    assertError(await post(url, auth), 409, 'STATUS_TRANSITION_INVALID');
    assert.equal((await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).length, 1);
    assert.equal(t.sms.notices.length, noticesBefore + 1);
    assert.equal(await seatsTaken(t, exam.id), 3);
  });

  test("the coordinator's cancel keeps the 72-hour lock; someone else's group or a registration not in it is not found", async () => {
    const rows = members(2);
    const { auth, group, exam } = await groupWith(rows);
    const view = dataOf('groupCheckout', await checkout(auth, group.id));
    await payInWallet(t, view.order?.id ?? '');
    const [first, second] = view.upload?.accepted.map((m) => m.registrationId ?? '') ?? [];
    const cancel = (groupId: string, registrationId: string | undefined, who: Auth) =>
      post(`/api/front/groups/${groupId}/members/${registrationId}/cancel`, who);

    const stranger = await groupWith(members(1));
    assertError(await cancel(group.id, first, stranger.auth), 404, 'NOT_FOUND');
    assertError(await cancel(stranger.group.id, first, stranger.auth), 404, 'NOT_FOUND');
    const single = await readyCandidate(t);
    const booked = await book(t, single.headers, exam.id);
    assertError(await cancel(group.id, booked.registration.id, auth), 404, 'NOT_FOUND');
    assertError(await cancel(group.id, 'nope', auth), 400, 'VALIDATION_FAILED');
    assertError(
      await t.app.inject({ method: 'POST', url: `/api/front/groups/${group.id}/members/${first}/cancel` }),
      401,
      'UNAUTHORIZED',
    );
    const center = await loginAs(t, nextPhone(), 'testCenter');
    assertError(await cancel(group.id, first, center), 403, 'STUDENTS_ONLY');

    await t.database.db
      .update(exams)
      .set({
        registrationEndsAt: new Date(t.clock.now.getTime() + 3_600_000),
        startsAt: new Date(t.clock.now.getTime() + 71 * 3_600_000),
      })
      .where(eq(exams.id, exam.id));
    const locked = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.deepEqual(
      locked.upload?.accepted.map((m) => m.canCancel),
      [false, false],
    );
    assertError(await cancel(group.id, second, auth), 409, 'RESERVATION_LOCKED');
    assert.equal(await seatsTaken(t, exam.id), 3);
    assert.equal(await registrationCount(exam.id, 'register'), 2);
    const [order] = dataOf('transactions', await get('/api/front/transactions', auth)).list;
    assert.equal(order?.refundedFen, 0);
  });

  test('an unpaid hold expires as a whole: every seat released, and the group may upload and check out again', async () => {
    const { auth, group, exam } = await groupWith(members(4));
    const first = dataOf('groupCheckout', await checkout(auth, group.id));
    assert.equal(await seatsTaken(t, exam.id), 4);
    t.clock.advance(16 * MINUTE);
    await sweepNow(t);
    assert.equal(await seatsTaken(t, exam.id), 0);
    assert.equal(await registrationCount(exam.id, 'canceled'), 4);
    const expired = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.equal(expired.order?.status, 'expired');
    assert.equal(expired.canUpload, true);
    const second = dataOf('groupCheckout', await checkout(auth, group.id));
    assert.notEqual(second.order?.id, first.order?.id);
    assert.equal(await seatsTaken(t, exam.id), 4);
    assert.equal(await registrationCount(exam.id, 'pending'), 4);
  });

  test("with the exam's waiting room on, checkout needs the coordinator's admission", async () => {
    const rows = members(2);
    const { auth, group, exam } = await groupWith(rows, { waitingRoom: true });
    assertError(await checkout(auth, group.id), 403, 'ADMISSION_REQUIRED');
    assert.equal(await accountsOf(rows), 0);
    const queue = `/api/front/exams/${exam.id}/queue`;
    assert.equal(dataOf('queueJoin', await post(queue, auth)).state, 'waiting');
    t.clock.advance(1_000);
    const admission = dataOf('queueStatus', await get(queue, auth)).admission;
    assert.ok(admission);
    const { totalFen } = await groupQuote(auth, group.id);
    const paid = await post(`/api/front/groups/${group.id}/checkout`, auth, {
      expectedTotalFen: totalFen,
      admissionToken: admission.token,
    });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(await seatsTaken(t, exam.id), 2);
  });

  test('seats gone since the upload: SOLD_OUT and nothing written', async () => {
    const rows = members(3);
    const { auth, group, exam } = await groupWith(rows, { capacity: 3 });
    await book(t, (await readyCandidate(t)).headers, exam.id);
    assertError(await checkout(auth, group.id), 409, 'SOLD_OUT');
    assert.equal(await seatsTaken(t, exam.id), 1);
    assert.equal(await accountsOf(rows), 0);
  });

  test('a member registered since the upload: GROUP_CHANGED and nothing written', async () => {
    const rows = members(3);
    const { auth, group, exam } = await groupWith(rows);
    const lateComer = await loginAs(t, String(rows[1]?.[1]));
    await insertCompleteProfile(t.database.db, await userIdOf(t.database.db, String(rows[1]?.[1])), {
      idNumber: String(rows[1]?.[2]),
    });
    await book(t, lateComer, exam.id);
    assertError(await checkout(auth, group.id), 409, 'GROUP_CHANGED');
    assert.equal(await seatsTaken(t, exam.id), 1);
    // Only the late comer's own order exists.
    const [examOrders] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.examId, exam.id));
    assert.equal(examOrders?.n, 1);
  });

  test("the order is what the coordinator confirmed: promo code, the coordinator's invitation and the group tier", async () => {
    const auth = await coordinator();
    const ready = await readyCandidate(t, { invitationCode: 'FRIEND2026' });
    const exam = await newExam({ feeFen: 12_000 });
    for (const who of [auth, ready.headers]) {
      const group = await createGroup(who, exam.id);
      await uploaded(who, group.id, members(10));
      const quote = await groupQuote(who, group.id, 'WELCOME20');
      const view = dataOf('groupCheckout', await checkout(who, group.id, { promoCode: 'WELCOME20' }));
      const { examId: _examId, testDate: _testDate, promoCode: _code, referralCode: _referral, ...lines } = quote;
      assert.deepEqual(view.order?.breakdown, lines);
      await payInWallet(t, view.order?.id ?? '');
      const [paid] = dataOf('transactions', await get('/api/front/transactions', who)).list;
      assert.equal(paid?.totalFen, quote.totalFen);
    }
    // The coordinator with the invitation in their profile got the referral on top: a different, lower total.
    const [plain, referred] = await Promise.all(
      [auth, ready.headers].map(async (who) => dataOf('transactions', await get('/api/front/transactions', who))),
    );
    assert.ok((referred.list[0]?.totalFen ?? 0) < (plain.list[0]?.totalFen ?? 0));
  });

  test('a price changed since the quote: PRICE_CHANGED and nothing written; a repeated key still answers its order', async () => {
    const rows = members(3);
    const { auth, group, exam } = await groupWith(rows, { feeFen: 10_000 });
    const shown = await groupQuote(auth, group.id, 'SPRING10');
    await t.database.db.update(exams).set({ feeFen: 11_000 }).where(eq(exams.id, exam.id));
    const refused = await checkout(auth, group.id, { promoCode: 'SPRING10', expectedTotalFen: shown.totalFen }, 'g-1');
    assertError(refused, 409, 'PRICE_CHANGED');
    assert.equal(await seatsTaken(t, exam.id), 0);
    const [made] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.examId, exam.id));
    assert.equal(made?.n, 0);
    assert.equal(await accountsOf(rows), 0);
    const unchanged = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.equal(unchanged.order, null);

    const view = dataOf('groupCheckout', await checkout(auth, group.id, { promoCode: 'SPRING10' }, 'g-1'));
    assert.equal(view.order?.breakdown.totalFen, (await groupQuote(auth, group.id, 'SPRING10')).totalFen);
    await t.database.db.update(exams).set({ feeFen: 12_000 }).where(eq(exams.id, exam.id));
    const replay = await checkout(
      auth,
      group.id,
      { promoCode: 'SPRING10', expectedTotalFen: view.order?.breakdown.totalFen },
      'g-1',
    );
    assert.equal(dataOf('groupCheckout', replay).order?.id, view.order?.id);
    assert.equal(await seatsTaken(t, exam.id), 3);
  });

  test('a group with no accepted member cannot check out', async () => {
    const { auth, group } = await groupWith([['', 'x', 'y', '', '']]);
    assertError(await checkout(auth, group.id, { expectedTotalFen: 0 }), 409, 'GROUP_NO_MEMBERS');
  });
});

describe('the template', () => {
  test('both formats download; uploaded unchanged they hold no member, and nothing is charged for the example', async () => {
    const { auth, group } = await groupWith(members(1));
    for (const format of ['xlsx', 'csv'] as const) {
      const res = await get(`/api/front/group-template?format=${format}`);
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-disposition']), new RegExp(`\\.${format}"$`));
      assertError(await upload(auth, group.id, res.rawPayload, `template.${format}`), 400, 'GROUP_FILE_EMPTY');
    }
    assertError(await get('/api/front/group-template?format=pdf'), 400, 'VALIDATION_FAILED');
    // The last good upload stands; no account was made for the example's phone.
    const kept = dataOf('group', await get(`/api/front/groups/${group.id}`, auth));
    assert.equal(kept.upload?.accepted.length, 1);
    const [example] = await t.database.db.select({ n: count() }).from(users).where(eq(users.phone, '+8613800138000'));
    assert.equal(example?.n, 0);
  });

  test("an older template's sample row (张三 13800138000) left above the members is not one of them", async () => {
    const first17 = '11010520080305123';
    const sample: Row = ['张三', '13800138000', `${first17}${idCardCheckCharacter(first17)}`, '男', '2008-03-05'];
    const rows = members(2);
    const { group } = await groupWith([sample, ...rows]);
    assert.deepEqual(
      group.upload?.accepted.map((m) => m.phone),
      rows.map((r) => `+86${r[1]}`),
    );
    assert.deepEqual(group.upload?.rejected, []);
    assert.equal(group.upload?.totalParticipants, 2);
  });
});

describe('a refused row', () => {
  test('shows what each column held: a valid ID card number masked, an invalid one as typed', async () => {
    const [good = []] = members(1);
    const { group } = await groupWith([
      good,
      ['Same Phone', String(good[1]), idCardNumber('777'), 'M', '1990-03-07'],
      ['', '1380013', '1101052008', '未知', '2008-13-01'],
    ]);
    assert.deepEqual(group.upload?.rejected, [
      {
        row: 3,
        name: 'Same Phone',
        phone: String(good[1]),
        idNumber: maskIdCard(idCardNumber('777')),
        gender: 'M',
        dateOfBirth: '1990-03-07',
        reasons: ['DUPLICATE_PHONE'],
        duplicateOfRow: 2,
      },
      {
        row: 4,
        name: '',
        phone: '1380013',
        idNumber: '1101052008',
        gender: '未知',
        dateOfBirth: '2008-13-01',
        reasons: ['NAME_REQUIRED', 'PHONE_INVALID', 'ID_NUMBER_INVALID', 'GENDER_INVALID', 'BIRTH_DATE_INVALID'],
        duplicateOfRow: null,
      },
    ]);
  });
});
