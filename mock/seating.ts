/**
 * Rooms and seats for `npm run dev`: a center's rooms, the rooms an exam uses and its release date, allocation (in
 * random order; the mock does not spread groups), moving one candidate, the seat chart and the door lists' PDF.
 * Tickets in the mock are released at once.
 */
import { api, type CurrentUser, type ExamSeating, type Room, type SeatChart } from '../contract';
import { maskIdCard } from '../contract/idcard';
import { doorListPdf } from '../server/documents/doorListPdf';
import { exams, type MockExam, newId } from './lib/fixtures';
import { on, refuse } from './lib/http';
import { type MockRoom, rooms, rosterEntryOf, rosterOf, seatings, seats } from './lib/store';

const DAY_MS = 86_400_000;
const LIVE = new Set(['pending', 'register', 'checkin']);

function ownExam(user: CurrentUser, id: string): MockExam {
  const exam = exams.get(id);
  return exam?.ownerId === user.id ? exam : refuse('NOT_FOUND');
}

function ownRoom(user: CurrentUser, id: string): MockRoom {
  const room = rooms.get(id);
  return room?.ownerId === user.id ? room : refuse('NOT_FOUND');
}

const roomView = ({ ownerId, ...room }: MockRoom): Room => room;
const myRooms = (user: CurrentUser) =>
  [...rooms.values()].filter((room) => room.ownerId === user.id).sort((a, b) => a.name.localeCompare(b.name));

function seatingOf(exam: MockExam) {
  return seatings.get(exam.id) ?? { roomIds: [], ticketsReleaseAt: null, allocatedAt: null };
}

function view(exam: MockExam): ExamSeating {
  const seating = seatingOf(exam);
  const chosen = seating.roomIds.map((id) => rooms.get(id)).filter((room) => room !== undefined);
  const live = rosterOf(exam.id).filter((entry) => LIVE.has(entry.status));
  const seated = live.filter((entry) => seats.has(entry.id)).length;
  const releaseAt = seating.ticketsReleaseAt ?? new Date(Date.parse(exam.startsAt) - 7 * DAY_MS).toISOString();
  return {
    rooms: chosen.map(roomView),
    totalSeats: chosen.reduce((sum, room) => sum + room.seats, 0),
    capacity: exam.capacity,
    ticketsReleaseAt: releaseAt,
    ticketsReleaseSet: seating.ticketsReleaseAt !== null,
    ticketsReleased: Date.parse(releaseAt) <= Date.now(),
    allocatedAt: seating.allocatedAt,
    seated,
    unseated: live.length - seated,
  };
}

/** Each of the exam's rooms with its seated candidates by seat. */
function roomsOf(exam: MockExam, roomId?: string) {
  const live = rosterOf(exam.id).filter((entry) => LIVE.has(entry.status));
  const chosen = seatingOf(exam)
    .roomIds.filter((id) => roomId === undefined || id === roomId)
    .map((id) => rooms.get(id))
    .filter((room) => room !== undefined);
  if (roomId !== undefined && chosen.length === 0) refuse('NOT_FOUND');
  return chosen.map((room) => ({
    room,
    candidates: live
      .map((entry) => ({ entry, place: seats.get(entry.id) }))
      .filter(({ place }) => place?.roomId === room.id)
      .map(({ entry, place }) => ({ entry, seat: place?.seat ?? 0 }))
      .sort((a, b) => a.seat - b.seat),
  }));
}

function chartOf(exam: MockExam): SeatChart {
  return roomsOf(exam).map(({ room, candidates }) => ({
    room: roomView(room),
    seats: Array.from({ length: room.seats }, (_, i) => {
      const sitting = candidates.find((candidate) => candidate.seat === i + 1)?.entry;
      return { seat: i + 1, registrationId: sitting?.id ?? null, name: sitting?.person.name ?? null };
    }),
  }));
}

/** The door lists, printed by the server's own document code (the mock has no photos). */
async function doorListOf(exam: MockExam, roomId: string | undefined, locale: 'zh-CN' | 'en-US') {
  const chosen = roomsOf(exam, roomId);
  if (chosen.length === 0) refuse('EXAM_NO_ROOMS');
  const bytes = await doorListPdf(
    {
      exam: {
        code: exam.code,
        name: exam.name,
        startsAt: exam.startsAt,
        timeZone: exam.timeZone,
        arrivalLeadMinutes: exam.arrivalLeadMinutes,
      },
      rooms: chosen.map(({ room, candidates }) => ({
        room: { name: room.name, building: room.building || null, floor: room.floor || null, seats: room.seats },
        candidates: candidates.map(({ entry, seat }) => ({
          seat,
          name: entry.person.name,
          maskedIdNumber: maskIdCard(entry.person.idNumber),
          photo: null,
        })),
      })),
    },
    locale,
  );
  return { fileName: `door-list-${exam.code}.pdf`, contentType: 'application/pdf', bytes };
}

function saveRoom(user: CurrentUser, room: MockRoom): Room {
  if (myRooms(user).some((other) => other.id !== room.id && other.name === room.name)) refuse('ROOM_NAME_TAKEN');
  rooms.set(room.id, room);
  return roomView(room);
}

export default Object.fromEntries([
  on(api.rooms, ({ user }) => myRooms(user).map(roomView)),
  on(api.createRoom, ({ user, body }) => saveRoom(user, { id: newId(), ownerId: user.id, ...body })),
  on(api.updateRoom, ({ user, params, body }) => saveRoom(user, { ...ownRoom(user, params.id), ...body })),
  on(api.deleteRoom, ({ user, params }) => {
    ownRoom(user, params.id);
    if ([...seatings.values()].some((seating) => seating.roomIds.includes(params.id))) refuse('ROOM_IN_USE');
    rooms.delete(params.id);
    return myRooms(user).map(roomView);
  }),
  on(api.examSeating, ({ user, params }) => view(ownExam(user, params.id))),
  on(api.saveExamSeating, ({ user, params, body }) => {
    const exam = ownExam(user, params.id);
    const chosen = body.roomIds.map((id) => ownRoom(user, id));
    if (chosen.reduce((sum, room) => sum + room.seats, 0) < exam.capacity) refuse('EXAM_ROOMS_TOO_SMALL');
    seatings.set(exam.id, { ...seatingOf(exam), roomIds: body.roomIds, ticketsReleaseAt: body.ticketsReleaseAt });
    for (const examiner of exam.examiners) {
      if (examiner.roomId !== null && !body.roomIds.includes(examiner.roomId)) examiner.roomId = null;
    }
    return view(exam);
  }),
  on(api.allocateSeats, ({ user, params }) => {
    const exam = ownExam(user, params.id);
    const seating = seatingOf(exam);
    if (seating.roomIds.length === 0) refuse('EXAM_NO_ROOMS');
    const free = seating.roomIds.flatMap((roomId) =>
      Array.from({ length: rooms.get(roomId)?.seats ?? 0 }, (_, i) => ({ roomId, seat: i + 1 })),
    );
    const live = rosterOf(exam.id).filter((entry) => LIVE.has(entry.status));
    live.sort(() => Math.random() - 0.5);
    live.forEach((entry, i) => {
      const seat = free[i];
      if (seat) seats.set(entry.id, seat);
    });
    seatings.set(exam.id, { ...seating, allocatedAt: new Date().toISOString() });
    return view(exam);
  }),
  on(api.seatChart, ({ user, params }) => chartOf(ownExam(user, params.id))),
  on(api.doorListPdf, ({ user, params, query }) => doorListOf(ownExam(user, params.id), query.roomId, query.lang)),
  on(api.moveSeat, ({ user, params, body }) => {
    const exam = ownExam(user, params.id);
    const registration = rosterOf(exam.id).find((entry) => entry.id === params.registrationId) ?? refuse('NOT_FOUND');
    const room = rooms.get(body.roomId);
    if (!room || !seatingOf(exam).roomIds.includes(room.id) || body.seat > room.seats) refuse('SEAT_NOT_IN_ROOM');
    const taken = [...seats.entries()].some(
      ([id, seat]) => id !== registration.id && seat.roomId === body.roomId && seat.seat === body.seat,
    );
    if (taken) refuse('SEAT_TAKEN');
    seats.set(registration.id, { roomId: body.roomId, seat: body.seat });
    return rosterEntryOf(registration);
  }),
]);
