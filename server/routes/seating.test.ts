import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { dataOf, envelope, openFileApp, type TestApp } from '../../tests/helpers/app';
import { book, nextPhone, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import {
  type Auth,
  centerAccount,
  centerExam,
  checkInOver,
  examinerFor,
  paidCandidate,
} from '../../tests/helpers/door';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { compact, readPdf } from '../../tests/helpers/pdf';
import { exams, registrations, rooms, users } from '../db/schema';
import { seatClosedExams } from '../domain/seating';
import { uuidv7 } from '../ids';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const get = (url: string, headers: Auth) => t.app.inject({ url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Auth, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

function refusedWith(response: Response, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(envelope(response).errorCode, code);
}

async function addRoom(headers: Auth, name: string, seats: number) {
  return dataOf(
    'createRoom',
    await send('POST', '/api/center/rooms', headers, { name, building: 'A', floor: '3', seats }),
  );
}

/** A center, an exam of `capacity` starting in ten days, and rooms of `seats` each chosen for it. */
async function examWithRooms(capacity: number, seats: number[]) {
  const center = await centerAccount(t);
  const exam = await centerExam(t, basics, center.center, { capacity });
  const chosen = [];
  for (const [i, n] of seats.entries()) chosen.push(await addRoom(center.headers, `R${i + 1}`, n));
  const saved = await send('PUT', `/api/center/exams/${exam.id}/seating`, center.headers, {
    roomIds: chosen.map((room) => room.id),
    ticketsReleaseAt: null,
  });
  assert.equal(saved.statusCode, 200, saved.body);
  return { center, exam, rooms: chosen };
}

/** `n` registered candidates inserted directly (a roster of that size through HTTP would take minutes). */
async function insertCandidates(examId: string, n: number): Promise<string[]> {
  const { db } = t.database;
  const userRows = Array.from({ length: n }, () => ({
    id: uuidv7(),
    phone: `+86${nextPhone()}`,
    kind: 'individual' as const,
  }));
  await db.insert(users).values(userRows);
  const ids = userRows.map(() => uuidv7());
  await db
    .insert(registrations)
    .values(
      userRows.map((user, i) => ({ id: ids[i] as string, userId: user.id, examId, status: 'register' as const })),
    );
  const [exam] = await db.select({ taken: exams.seatsTaken }).from(exams).where(eq(exams.id, examId));
  await db
    .update(exams)
    .set({ seatsTaken: (exam?.taken ?? 0) + n })
    .where(eq(exams.id, examId));
  return ids;
}

/** Every live registration of the exam with its room, seat and the room's seats. */
async function seatingRows(examId: string) {
  return t.database.db
    .select({ id: registrations.id, roomId: registrations.roomId, seat: registrations.seat, roomSeats: rooms.seats })
    .from(registrations)
    .leftJoin(rooms, eq(rooms.id, registrations.roomId))
    .where(and(eq(registrations.examId, examId), inArray(registrations.status, ['pending', 'register', 'checkin'])));
}

/** No seat holds two candidates, and no seat number lies beyond its room's seats. */
function assertSound(rows: Awaited<ReturnType<typeof seatingRows>>) {
  const seated = rows.filter((row) => row.roomId !== null);
  const places = seated.map((row) => `${row.roomId}/${row.seat}`);
  assert.equal(new Set(places).size, places.length, 'two candidates on one seat');
  for (const row of seated) assert.ok((row.seat ?? 0) >= 1 && (row.seat ?? 0) <= (row.roomSeats ?? 0), 'beyond room');
}

function seatingJob() {
  return seatClosedExams({
    repos: t.app.repos,
    uow: t.app.uow,
    now: () => t.clock.now,
    log: { info() {}, warn() {}, error() {} },
  });
}

describe('rooms', () => {
  test('a center adds, renames and removes its rooms; names are unique per center; another center gets 404', async () => {
    const { headers } = await centerAccount(t);
    const room = await addRoom(headers, '301', 30);
    assert.deepEqual({ ...room, id: undefined }, { id: undefined, name: '301', building: 'A', floor: '3', seats: 30 });
    refusedWith(await send('POST', '/api/center/rooms', headers, { name: '301', seats: 10 }), 409, 'ROOM_NAME_TAKEN');
    const other = await centerAccount(t);
    await addRoom(other.headers, '301', 10);
    const url = `/api/center/rooms/${room.id}`;
    refusedWith(await send('PUT', url, other.headers, { name: 'X', seats: 5 }), 404, 'NOT_FOUND');
    refusedWith(await send('DELETE', url, other.headers), 404, 'NOT_FOUND');
    const renamed = dataOf('updateRoom', await send('PUT', url, headers, { name: '302', seats: 40 }));
    assert.equal(renamed.name, '302');
    assert.deepEqual(dataOf('deleteRoom', await send('DELETE', url, headers)), []);
    assert.deepEqual(
      dataOf('rooms', await get('/api/center/rooms', other.headers)).map((r) => r.name),
      ['301'],
    );
  });

  test("an exam's rooms must seat its capacity; a room an exam uses cannot be removed", async () => {
    const center = await centerAccount(t);
    const exam = await centerExam(t, basics, center.center, { capacity: 50 });
    const small = await addRoom(center.headers, 'S', 20);
    const big = await addRoom(center.headers, 'B', 30);
    const seatingUrl = `/api/center/exams/${exam.id}/seating`;
    refusedWith(
      await send('PUT', seatingUrl, center.headers, { roomIds: [small.id], ticketsReleaseAt: null }),
      400,
      'EXAM_ROOMS_TOO_SMALL',
    );
    const other = await centerAccount(t);
    const foreign = await addRoom(other.headers, 'F', 100);
    refusedWith(
      await send('PUT', seatingUrl, center.headers, { roomIds: [foreign.id], ticketsReleaseAt: null }),
      404,
      'NOT_FOUND',
    );
    const seating = dataOf(
      'saveExamSeating',
      await send('PUT', seatingUrl, center.headers, { roomIds: [small.id, big.id], ticketsReleaseAt: null }),
    );
    assert.equal(seating.totalSeats, 50);
    assert.equal(seating.ticketsReleaseAt, new Date(exam.startsAt.getTime() - 7 * DAY).toISOString());
    assert.equal(seating.ticketsReleased, false);
    refusedWith(await send('DELETE', `/api/center/rooms/${small.id}`, center.headers), 409, 'ROOM_IN_USE');
  });
});

describe('allocation', () => {
  test('seats everyone once, never two on a seat nor more in a room than it holds, and again on demand', async () => {
    const { center, exam } = await examWithRooms(40, [7, 13, 20]);
    await insertCandidates(exam.id, 37);
    const allocateUrl = `/api/center/exams/${exam.id}/seating/allocate`;
    const first = dataOf('allocateSeats', await send('POST', allocateUrl, center.headers));
    assert.deepEqual([first.seated, first.unseated], [37, 0]);
    const before = await seatingRows(exam.id);
    assertSound(before);
    const again = dataOf('allocateSeats', await send('POST', allocateUrl, center.headers));
    assert.deepEqual([again.seated, again.unseated], [37, 0]);
    const after = await seatingRows(exam.id);
    assertSound(after);
    const moved = after.filter((row) => before.find((b) => b.id === row.id)?.seat !== row.seat);
    assert.ok(moved.length > 0, 'a new random order');
    const roster = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster?pageSize=100`, center.headers));
    assert.ok(roster.list.every((entry) => entry.room?.startsWith('R') && entry.seat !== null));
    const other = await centerAccount(t);
    refusedWith(await send('POST', allocateUrl, other.headers), 404, 'NOT_FOUND');
  });

  test('a booking racing the allocation is seated either by it or at registration close, never on a taken seat', async () => {
    const { center, exam } = await examWithRooms(30, [10, 20]);
    await insertCandidates(exam.id, 20);
    const late = await Promise.all(Array.from({ length: 5 }, () => readyCandidate(t)));
    const allocateUrl = `/api/center/exams/${exam.id}/seating/allocate`;
    const answers = await Promise.all([
      send('POST', allocateUrl, center.headers),
      ...late.map((candidate) => book(t, candidate.headers, exam.id)),
      send('POST', allocateUrl, center.headers),
    ]);
    assert.equal(answers[0]?.statusCode, 200);
    const rows = await seatingRows(exam.id);
    assert.equal(rows.length, 25);
    assertSound(rows);
    t.clock.advance(exam.startsAt.getTime() - DAY + MINUTE - t.clock.now.getTime());
    await seatingJob();
    const closed = await seatingRows(exam.id);
    assert.ok(
      closed.every((row) => row.roomId !== null),
      'everyone seated at registration close',
    );
    assertSound(closed);
  });

  test('the database refuses a seat beyond its room, and a room shrunk under a seat in use', async () => {
    const { center, exam, rooms: chosen } = await examWithRooms(4, [4]);
    const [one] = await insertCandidates(exam.id, 1);
    const roomId = chosen[0]?.id ?? '';
    await assert.rejects(
      t.database.db
        .update(registrations)
        .set({ roomId, seat: 5 })
        .where(eq(registrations.id, one ?? '')),
    );
    const [user] = await t.database.db
      .insert(users)
      .values({ id: uuidv7(), phone: `+86${nextPhone()}`, kind: 'individual' })
      .returning();
    await assert.rejects(
      t.database.db
        .insert(registrations)
        .values({ id: uuidv7(), userId: user?.id ?? '', examId: exam.id, status: 'register', roomId, seat: 9 }),
    );
    await send('PUT', `/api/center/exams/${exam.id}/seats/${one}`, center.headers, { roomId, seat: 4 });
    refusedWith(
      await send('PUT', `/api/center/rooms/${roomId}`, center.headers, { name: 'R1', seats: 3 }),
      409,
      'ROOM_SEATS_IN_USE',
    );
  });

  test("moving a candidate onto another's seat is refused; onto a free one, it takes it", async () => {
    const { center, exam, rooms: chosen } = await examWithRooms(3, [3]);
    const [one, two] = await insertCandidates(exam.id, 2);
    await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers);
    const rows = await seatingRows(exam.id);
    const seatOfTwo = rows.find((row) => row.id === two)?.seat;
    const free = [1, 2, 3].find((n) => !rows.some((row) => row.seat === n));
    const moveUrl = `/api/center/exams/${exam.id}/seats/${one}`;
    const roomId = chosen[0]?.id;
    refusedWith(await send('PUT', moveUrl, center.headers, { roomId, seat: seatOfTwo }), 409, 'SEAT_TAKEN');
    refusedWith(await send('PUT', moveUrl, center.headers, { roomId, seat: 4 }), 400, 'SEAT_NOT_IN_ROOM');
    const moved = dataOf('moveSeat', await send('PUT', moveUrl, center.headers, { roomId, seat: free }));
    assert.deepEqual([moved.room, moved.seat], ['R1', free]);
  });
});

describe('tickets released at the exam release time', () => {
  test('before release the ticket says when; after it the ticket and its PDF carry room and seat', async () => {
    const { center, exam } = await examWithRooms(10, [10]);
    const candidate = await paidCandidateBeforeRelease(exam.id);
    const ticketUrl = `/api/front/registrations/${candidate.registrationId}/ticket`;
    const before = dataOf('ticket', await get(ticketUrl, candidate.headers));
    assert.equal(before.token, null);
    assert.equal(before.seat, null);
    assert.equal(before.releasesAt, new Date(exam.startsAt.getTime() - 7 * DAY).toISOString());
    refusedWith(await get(`${ticketUrl}.pdf`, candidate.headers), 409, 'TICKET_NOT_RELEASED');
    await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers);

    t.clock.advance(exam.startsAt.getTime() - 7 * DAY + MINUTE - t.clock.now.getTime());
    const after = dataOf('ticket', await get(ticketUrl, candidate.headers));
    assert.ok(after.token);
    assert.equal(after.releasesAt, null);
    assert.equal(after.seat?.room, 'R1');
    const pdf = await get(`${ticketUrl}.pdf?lang=en-US`, candidate.headers);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const [page] = await readPdf(pdf.rawPayload);
    assert.ok(compact(page?.text ?? '').includes(compact(exam.code)));
    assert.ok(compact(page?.text ?? '').includes('R1'));
    const ics = await get(`${ticketUrl}.ics?lang=zh-CN`, candidate.headers);
    assert.equal(ics.statusCode, 200);
    assert.match(ics.body, /BEGIN:VCALENDAR[\s\S]*BEGIN:VALARM/);
    refusedWith(
      await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers),
      409,
      'SEATING_LOCKED',
    );
  });

  test("someone else's ticket PDF and calendar answer 404", async () => {
    const exam = await centerExam(t, basics, (await centerAccount(t)).center);
    const owner = await paidCandidate(t, exam.id);
    const stranger = await readyCandidate(t);
    const url = `/api/front/registrations/${owner.registrationId}/ticket`;
    refusedWith(await get(`${url}.pdf`, stranger.headers), 404, 'NOT_FOUND');
    refusedWith(await get(`${url}.ics`, stranger.headers), 404, 'NOT_FOUND');
    assert.equal((await get(`${url}.pdf`, owner.headers)).statusCode, 200);
  });

  test('a seat change after release makes a new ticket; the old token is refused at the door', async () => {
    const { center, exam, rooms: chosen } = await examWithRooms(5, [5]);
    const candidate = await paidCandidateBeforeRelease(exam.id);
    await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers);
    t.clock.advance(exam.startsAt.getTime() - 7 * DAY + MINUTE - t.clock.now.getTime());
    const ticketUrl = `/api/front/registrations/${candidate.registrationId}/ticket`;
    const old = dataOf('ticket', await get(ticketUrl, candidate.headers));
    const seat = old.seat?.seat === 1 ? 2 : 1;
    const moveUrl = `/api/center/exams/${exam.id}/seats/${candidate.registrationId}`;
    dataOf('moveSeat', await send('PUT', moveUrl, center.headers, { roomId: chosen[0]?.id, seat }));
    const current = dataOf('ticket', await get(ticketUrl, candidate.headers));
    assert.equal(current.seat?.seat, seat);
    assert.notEqual(current.token, old.token);

    const examiner = await examinerFor(t, exam.id);
    t.clock.advance(exam.startsAt.getTime() - 30 * MINUTE - t.clock.now.getTime());
    refusedWith(await checkInOver(t, examiner.headers, exam.id, { token: old.token ?? '' }), 409, 'TICKET_SUPERSEDED');
    const admitted = await checkInOver(t, examiner.headers, exam.id, { token: current.token ?? '' });
    assert.equal(admitted.statusCode, 200, admitted.body);
  });
});

/** A candidate paid for `examId` whose ticket is not released yet (paidCandidate expects a token). */
async function paidCandidateBeforeRelease(examId: string, name?: string) {
  const candidate = await readyCandidate(t, { name });
  const booked = await book(t, candidate.headers, examId);
  await payInWallet(t, booked.order.id);
  return { ...candidate, registrationId: booked.registration.id };
}

describe('door lists and seat charts', () => {
  /** Two rooms of 3 seats, three paid candidates with names, seats allocated. */
  async function seatedExam() {
    const { center, exam, rooms: chosen } = await examWithRooms(6, [3, 3]);
    const names = ['王小明', 'Li Lei', 'Han Meimei'];
    for (const name of names) await paidCandidateBeforeRelease(exam.id, name);
    dataOf('allocateSeats', await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers));
    return { center, exam, rooms: chosen, names };
  }

  test('the seat chart lists every seat of every room, who sits there, and the empty ones', async () => {
    const { center, exam, names } = await seatedExam();
    const chart = dataOf('seatChart', await get(`/api/center/exams/${exam.id}/seat-chart`, center.headers));
    assert.deepEqual(
      chart.map((room) => [room.room.name, room.seats.map((seat) => seat.seat)]),
      [
        ['R1', [1, 2, 3]],
        ['R2', [1, 2, 3]],
      ],
    );
    const taken = chart.flatMap((room) => room.seats.filter((seat) => seat.registrationId !== null));
    assert.deepEqual(taken.map((seat) => seat.name).toSorted(), names.toSorted());
    const empty = chart.flatMap((room) => room.seats.filter((seat) => seat.registrationId === null));
    assert.equal(empty.length, 3);
    assert.ok(empty.every((seat) => seat.name === null));
    const roster = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, center.headers));
    for (const entry of roster.list) {
      const room = chart.find((r) => r.room.name === entry.room);
      assert.equal(room?.seats.find((seat) => seat.seat === entry.seat)?.name, entry.name, 'chart agrees with roster');
    }
  });

  test('the door list PDF prints each room: its list with seat, photo, name and masked ID, then its seat chart', async () => {
    const { center, exam, rooms: chosen } = await seatedExam();
    const roster = dataOf('roster', await get(`/api/center/exams/${exam.id}/roster`, center.headers)).list;
    const url = `/api/center/exams/${exam.id}/door-list.pdf`;
    const all = await get(`${url}?lang=en-US`, center.headers);
    assert.equal(all.statusCode, 200, all.body);
    assert.equal(all.headers['content-type'], 'application/pdf');
    const pages = await readPdf(all.rawPayload);
    assert.equal(pages.length, 4, 'per room: the door list, then the seat chart');
    const [list1, chart1, list2, chart2] = pages.map((page) => compact(page.text));
    for (const [list, room] of [
      [list1, 'R1'],
      [list2, 'R2'],
    ] as const) {
      assert.ok(list?.includes('DoorList') && list.includes(room) && list.includes(compact(exam.code)), room);
      for (const entry of roster.filter((e) => e.room === room)) {
        assert.ok(list.includes(compact(entry.name)), `${entry.name} on ${room}'s list`);
        assert.ok(list.includes(compact(entry.maskedIdNumber)), 'masked ID number');
      }
    }
    assert.ok(chart1?.includes('SeatChart') && chart2?.includes('SeatChart'));
    const seatedIn = (room: string) => roster.filter((e) => e.room === room).length;
    assert.equal(pages[0]?.images, seatedIn('R1'), "a photo per candidate on R1's list");
    assert.equal(pages[2]?.images, seatedIn('R2'));
    assert.equal((chart1?.match(/Empty/g) ?? []).length, 3 - seatedIn('R1'), 'empty seats visible');

    const one = await get(`${url}?lang=zh-CN&roomId=${chosen[1]?.id}`, center.headers);
    const [zhList, ...zhRest] = await readPdf(one.rawPayload);
    assert.equal(zhRest.length, 1, 'one room: its list and its chart');
    assert.ok(compact(zhList?.text ?? '').includes('考场签到表'));
  });

  test("another center's exam, or a room the exam does not use, answers 404", async () => {
    const { exam } = await seatedExam();
    const other = await centerAccount(t);
    const foreignRoom = await addRoom(other.headers, 'X', 5);
    refusedWith(await get(`/api/center/exams/${exam.id}/seat-chart`, other.headers), 404, 'NOT_FOUND');
    refusedWith(await get(`/api/center/exams/${exam.id}/door-list.pdf`, other.headers), 404, 'NOT_FOUND');
    const { center } = await examWithRooms(2, [2]);
    const mine = await centerExam(t, basics, center.center, { capacity: 2 });
    refusedWith(
      await get(`/api/center/exams/${mine.id}/door-list.pdf?roomId=${foreignRoom.id}`, center.headers),
      404,
      'NOT_FOUND',
    );
    refusedWith(
      await get(`/api/center/exams/${mine.id}/door-list.pdf?roomId=x`, center.headers),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe("the examiner's room at the door", () => {
  test('an examiner given a room is warned of a candidate seated in another, with the right room and seat', async () => {
    const { center, exam, rooms: chosen } = await examWithRooms(4, [2, 2]);
    const candidates = [];
    for (let i = 0; i < 4; i++) candidates.push(await paidCandidateBeforeRelease(exam.id));
    dataOf('allocateSeats', await send('POST', `/api/center/exams/${exam.id}/seating/allocate`, center.headers));
    t.clock.advance(exam.startsAt.getTime() - 7 * DAY + MINUTE - t.clock.now.getTime());
    const tokens = new Map<string, string>();
    for (const candidate of candidates) {
      const ticketUrl = `/api/front/registrations/${candidate.registrationId}/ticket`;
      tokens.set(candidate.registrationId, dataOf('ticket', await get(ticketUrl, candidate.headers)).token ?? '');
    }
    const examiner = await examinerFor(t, exam.id);
    const [r1, r2] = chosen;
    const roomUrl = `/api/center/exams/${exam.id}/examiners/${examiner.userId}`;
    const assigned = dataOf('setExaminerRoom', await send('PUT', roomUrl, center.headers, { roomId: r1?.id }));
    assert.equal(assigned.find((e) => e.userId === examiner.userId)?.roomId, r1?.id);
    const exams = dataOf('examinerExams', await get('/api/examiner/exams', examiner.headers));
    assert.deepEqual(exams.find((e) => e.id === exam.id)?.room, { id: r1?.id, name: 'R1' });

    const shown = [];
    for (const candidate of candidates) {
      const url = `/api/examiner/exams/${exam.id}/registrations/${candidate.registrationId}`;
      shown.push({ candidate, view: dataOf('examinerCandidate', await get(url, examiner.headers)) });
    }
    const elsewhere = shown.filter(({ view }) => view.seat?.roomId === r2?.id);
    assert.equal(elsewhere.length, 2);
    assert.ok(elsewhere.every(({ view }) => view.otherRoom && view.seat?.room === 'R2' && view.seat.seat >= 1));
    assert.ok(shown.filter(({ view }) => view.seat?.roomId === r1?.id).every(({ view }) => !view.otherRoom));
    assert.ok(
      shown.every(({ view }) => view.photoUrl !== null),
      'the ID photo beside the identity check',
    );

    dataOf('setExaminerRoom', await send('PUT', roomUrl, center.headers, { roomId: null }));
    const anyRoom = dataOf(
      'examinerCandidate',
      await get(
        `/api/examiner/exams/${exam.id}/registrations/${elsewhere[0]?.candidate.registrationId}`,
        examiner.headers,
      ),
    );
    assert.equal(anyRoom.otherRoom, false, 'an examiner of every room is never warned');
    dataOf('setExaminerRoom', await send('PUT', roomUrl, center.headers, { roomId: r1?.id }));

    t.clock.advance(exam.startsAt.getTime() - 30 * MINUTE - t.clock.now.getTime());
    const wrong = elsewhere[0];
    const token = tokens.get(wrong?.candidate.registrationId ?? '') ?? '';
    const admitted = await checkInOver(t, examiner.headers, exam.id, { token });
    assert.equal(admitted.statusCode, 200, 'warned, not refused');
    const answer = dataOf('checkin', admitted);
    assert.equal(answer.candidate.otherRoom, true);
    assert.equal(answer.candidate.status, 'checkin');
  });

  test("a room the exam does not use, someone else's exam or examiner answers 404; dropping the room frees the examiner", async () => {
    const { center, exam, rooms: chosen } = await examWithRooms(2, [2, 2]);
    const examiner = await examinerFor(t, exam.id);
    const spare = await addRoom(center.headers, 'Spare', 9);
    const roomUrl = `/api/center/exams/${exam.id}/examiners/${examiner.userId}`;
    refusedWith(await send('PUT', roomUrl, center.headers, { roomId: spare.id }), 404, 'NOT_FOUND');
    const stranger = await examinerFor(t);
    refusedWith(
      await send('PUT', `/api/center/exams/${exam.id}/examiners/${stranger.userId}`, center.headers, { roomId: null }),
      404,
      'NOT_FOUND',
    );
    const other = await centerAccount(t);
    refusedWith(await send('PUT', roomUrl, other.headers, { roomId: chosen[0]?.id }), 404, 'NOT_FOUND');
    refusedWith(await send('PUT', roomUrl, examiner.headers, { roomId: null }), 403, 'TEST_CENTERS_ONLY');

    dataOf('setExaminerRoom', await send('PUT', roomUrl, center.headers, { roomId: chosen[1]?.id }));
    await send('PUT', `/api/center/exams/${exam.id}/seating`, center.headers, {
      roomIds: [chosen[0]?.id],
      ticketsReleaseAt: null,
    });
    const examiners = dataOf('examExaminers', await get(`/api/center/exams/${exam.id}/examiners`, center.headers));
    assert.equal(examiners[0]?.roomId, null, 'a room the exam no longer uses is no door to keep');
  });
});
