import { randomInt } from 'node:crypto';
import type { ExamSeating, ExamSeatingUpdate, Room, RoomDraft, RosterEntry, SeatMove } from '../../contract';
import { uniqueConstraintOf } from '../db/errors';
import type { ExamRow, RoomRow, SeatingCandidateRow, SeatWrite, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { type CenterDeps, ownExam } from './center';
import type { Repositories } from './ports';
import { toRosterEntry } from './views/roster';

/**
 * Rooms and seats (issue 15): a center's rooms, the rooms an exam uses, and who sits where. Seats are allocated in a
 * random order with a group's members spread apart, again and again until the tickets are released; after that only
 * one candidate at a time moves, and their older ticket stops opening the door. Every allocation runs with the exam
 * row locked, as a booking takes it (seats repository), so a booking landing meanwhile waits and is seated later.
 */
export type SeatingDeps = CenterDeps;

const DAY_MS = 86_400_000;
/** Tickets are released this long before the start unless the center chose a date. */
export const DEFAULT_RELEASE_DAYS = 7;

function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, `No ${what} of yours has this id.`);
}

/** When the exam's tickets are released: the center's date, else 7 days before the start (never after the start). */
export function ticketsReleaseAt(exam: Pick<ExamRow, 'ticketsReleaseAt' | 'startsAt'>): Date {
  const start = exam.startsAt.getTime();
  const chosen = exam.ticketsReleaseAt?.getTime() ?? start - DEFAULT_RELEASE_DAYS * DAY_MS;
  return new Date(Math.min(chosen, start));
}

export function ticketsReleased(exam: Pick<ExamRow, 'ticketsReleaseAt' | 'startsAt'>, now: Date): boolean {
  return now.getTime() >= ticketsReleaseAt(exam).getTime();
}

function toRoom(row: RoomRow): Room {
  return { id: row.id, name: row.name, building: row.building, floor: row.floor, seats: row.seats };
}

// --- rooms ---

export async function listRooms(deps: SeatingDeps, user: UserRow): Promise<Room[]> {
  const center = await deps.repos.centers.centerOf(user.id);
  return center ? (await deps.repos.seating.rooms(center.id)).map(toRoom) : [];
}

function nameTaken(error: unknown): never {
  if (uniqueConstraintOf(error) === 'rooms_center_name_uq') throw new AppError('ROOM_NAME_TAKEN');
  throw error;
}

/** Adds a room; a center saves its profile (and so exists) first. */
export async function createRoom(deps: SeatingDeps, user: UserRow, draft: RoomDraft): Promise<Room> {
  const center = await deps.repos.centers.centerOf(user.id);
  if (!center) throw new AppError('CENTER_PROFILE_INCOMPLETE');
  const row: RoomRow = { id: uuidv7(deps.now().getTime()), centerId: center.id, ...draft, createdAt: deps.now() };
  await deps.repos.seating.insertRoom(row).catch(nameTaken);
  return toRoom(row);
}

/** A room's check constraint (trigger) refusing fewer seats than a seat number in use. */
function seatsInUse(error: unknown): never {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes('has candidates beyond seat')) throw new AppError('ROOM_SEATS_IN_USE');
  }
  return nameTaken(error);
}

/** The caller's center, for acting on one of its rooms: NOT_FOUND without one (no room can be theirs). */
async function ownCenter(deps: SeatingDeps, user: UserRow) {
  const center = await deps.repos.centers.centerOf(user.id);
  if (!center) throw notFound('room');
  return center;
}

export async function updateRoom(deps: SeatingDeps, user: UserRow, id: string, draft: RoomDraft): Promise<Room> {
  const center = await ownCenter(deps, user);
  const row = await deps.repos.seating.updateRoom(id, center.id, draft).catch(seatsInUse);
  if (!row) throw notFound('room');
  return toRoom(row);
}

/** Removes a room no exam uses (ROOM_IN_USE otherwise); answers the rooms left. */
export async function deleteRoom(deps: SeatingDeps, user: UserRow, id: string): Promise<Room[]> {
  const center = await ownCenter(deps, user);
  if (!(await deps.repos.seating.room(id, center.id))) throw notFound('room');
  if (!(await deps.repos.seating.deleteRoom(id, center.id))) throw new AppError('ROOM_IN_USE');
  return (await deps.repos.seating.rooms(center.id)).map(toRoom);
}

// --- an exam's seating ---

async function seatingView(deps: SeatingDeps, repos: Pick<Repositories, 'seating'>, exam: ExamRow) {
  const [rooms, counts] = await Promise.all([repos.seating.examRooms(exam.id), repos.seating.seatingCounts(exam.id)]);
  return {
    rooms: rooms.map(toRoom),
    totalSeats: rooms.reduce((sum, room) => sum + room.seats, 0),
    capacity: exam.capacity,
    ticketsReleaseAt: ticketsReleaseAt(exam).toISOString(),
    ticketsReleaseSet: exam.ticketsReleaseAt !== null,
    ticketsReleased: ticketsReleased(exam, deps.now()),
    allocatedAt: exam.seatsAllocatedAt?.toISOString() ?? null,
    ...counts,
  } satisfies ExamSeating;
}

export async function getSeating(deps: SeatingDeps, user: UserRow, examId: string): Promise<ExamSeating> {
  const { exam } = await ownExam(deps, user, examId);
  return seatingView(deps, deps.repos, exam);
}

/** An exam whose seating may still change: active and not started. */
function assertSeatable(exam: ExamRow, now: Date): void {
  if (exam.status !== 'active' || exam.startsAt.getTime() <= now.getTime()) throw new AppError('EXAM_NOT_EDITABLE');
}

type SeatingTx = Pick<Repositories, 'exams' | 'seating' | 'rosters'>;

/** Locks the exam row for the rest of the transaction (as a booking's seat take does); NOT_FOUND for another's. */
async function lockedExam(tx: SeatingTx, examId: string, centerId: string): Promise<ExamRow> {
  const exam = await tx.exams.lockExam(examId, centerId);
  if (!exam) throw notFound('exam');
  return exam;
}

/**
 * Chooses the exam's rooms (the center's own, their seats covering the exam's capacity) and its release date. Seats
 * in rooms no longer used are cleared; once tickets are released, a room where candidates sit cannot be dropped.
 */
export async function saveSeating(
  deps: SeatingDeps,
  user: UserRow,
  examId: string,
  update: ExamSeatingUpdate,
): Promise<ExamSeating> {
  const { center } = await ownExam(deps, user, examId);
  const roomIds = [...new Set(update.roomIds)];
  const releaseAt = update.ticketsReleaseAt === null ? null : new Date(update.ticketsReleaseAt);
  return deps.uow.run(async (tx) => {
    const exam = await lockedExam(tx, examId, center.id);
    assertSeatable(exam, deps.now());
    if (releaseAt && releaseAt.getTime() > exam.startsAt.getTime()) {
      throw new AppError('VALIDATION_FAILED', undefined, undefined, [
        { path: 'ticketsReleaseAt', message: 'Tickets are released before the exam starts' },
      ]);
    }
    const centerRooms = new Map((await tx.seating.rooms(center.id)).map((room) => [room.id, room]));
    const chosen = roomIds.map((id) => centerRooms.get(id));
    if (chosen.some((room) => room === undefined)) throw notFound('room');
    const totalSeats = chosen.reduce((sum, room) => sum + (room?.seats ?? 0), 0);
    if (totalSeats < exam.capacity) throw new AppError('EXAM_ROOMS_TOO_SMALL');
    if (ticketsReleased(exam, deps.now())) {
      const seated = await tx.seating.candidates(examId);
      if (seated.some((c) => c.roomId !== null && !roomIds.includes(c.roomId))) throw new AppError('SEATING_LOCKED');
    }
    await tx.seating.setExamRooms(examId, roomIds);
    await tx.seating.setTicketsRelease(examId, releaseAt);
    return seatingView(deps, tx, { ...exam, ticketsReleaseAt: releaseAt });
  });
}

/** Every seat of the rooms, room by room in the rooms' order, seats in number order. */
function seatsOf(rooms: RoomRow[]): { roomId: string; seat: number }[] {
  return rooms.flatMap((room) => Array.from({ length: room.seats }, (_, i) => ({ roomId: room.id, seat: i + 1 })));
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * The order candidates take the seats in: units (a group's members together, or one candidate alone) shuffled,
 * then dealt column by column into a grid `stride` wide read row by row. Members of one group land `stride` seats
 * apart, and two neighbouring seats hold candidates at least a column's height apart in the dealt list, taller than
 * any group: so no two members of one group sit side by side unless a group holds half the candidates or more.
 */
export function seatingOrder(candidates: Pick<SeatingCandidateRow, 'registrationId' | 'groupId'>[]): string[] {
  const groups = new Map<string, string[]>();
  const units: string[][] = [];
  for (const c of candidates) {
    if (c.groupId === null) units.push([c.registrationId]);
    else groups.set(c.groupId, [...(groups.get(c.groupId) ?? []), c.registrationId]);
  }
  for (const members of groups.values()) units.push(shuffle(members));
  const dealt = shuffle(units).flat();
  const count = dealt.length;
  const largest = Math.max(1, ...[...groups.values()].map((members) => members.length));
  const stride = largest === 1 ? 1 : Math.max(1, Math.floor(count / (largest + 1)));
  const order: string[] = new Array(count);
  let next = 0;
  for (let column = 0; column < stride; column++) {
    for (let position = column; position < count; position += stride) order[position] = dealt[next++] as string;
  }
  return order;
}

/** The seats `candidates` take among `free` ones, in seating order. */
function plan(candidates: SeatingCandidateRow[], free: { roomId: string; seat: number }[]): SeatWrite[] {
  if (candidates.length > free.length) throw new AppError('EXAM_ROOMS_TOO_SMALL');
  return seatingOrder(candidates).map((registrationId, i) => {
    const seat = free[i] as { roomId: string; seat: number };
    return { registrationId, roomId: seat.roomId, seat: seat.seat };
  });
}

/** Seats everyone anew (before release), inside `tx` with the exam locked. */
async function allocateAll(deps: Pick<SeatingDeps, 'now'>, tx: SeatingTx, exam: ExamRow): Promise<void> {
  if (ticketsReleased(exam, deps.now())) throw new AppError('SEATING_LOCKED');
  const rooms = await tx.seating.examRooms(exam.id);
  if (rooms.length === 0) throw new AppError('EXAM_NO_ROOMS');
  const seats = plan(await tx.seating.candidates(exam.id), seatsOf(rooms));
  await tx.seating.clearSeats(exam.id);
  await tx.seating.assignSeats(exam.id, seats, false);
  await tx.seating.markAllocated(exam.id, deps.now());
}

/**
 * Seats those without a seat in the seats left free, keeping everyone else where they sit (a booking after the last
 * allocation, a candidate moved in from another exam). After release their new ticket replaces the one without seat.
 */
async function allocateUnseated(deps: Pick<SeatingDeps, 'now'>, tx: SeatingTx, exam: ExamRow): Promise<number> {
  const rooms = await tx.seating.examRooms(exam.id);
  const candidates = await tx.seating.candidates(exam.id);
  const unseated = candidates.filter((c) => c.roomId === null);
  if (rooms.length === 0 || unseated.length === 0) return 0;
  const taken = new Set(candidates.filter((c) => c.roomId !== null).map((c) => `${c.roomId}/${c.seat}`));
  const free = seatsOf(rooms).filter((s) => !taken.has(`${s.roomId}/${s.seat}`));
  await tx.seating.assignSeats(exam.id, plan(unseated, free), ticketsReleased(exam, deps.now()));
  await tx.seating.markAllocated(exam.id, deps.now());
  return unseated.length;
}

/** `POST .../seating/allocate`: every candidate a seat, in one transaction, until tickets are released. */
export async function allocateSeats(deps: SeatingDeps, user: UserRow, examId: string): Promise<ExamSeating> {
  const { center } = await ownExam(deps, user, examId);
  return deps.uow.run(async (tx) => {
    const exam = await lockedExam(tx, examId, center.id);
    assertSeatable(exam, deps.now());
    await allocateAll(deps, tx, exam);
    return seatingView(deps, tx, { ...exam, seatsAllocatedAt: deps.now() });
  });
}

/**
 * The job at registration close: every active exam whose registration has closed, with rooms and someone without a
 * seat, gets them seated (each exam its own transaction; one that fails is logged and the others go on).
 */
export async function seatClosedExams(deps: Pick<SeatingDeps, 'repos' | 'uow' | 'now' | 'log'>): Promise<number> {
  let seated = 0;
  for (const examId of await deps.repos.seating.examsToSeat(deps.now())) {
    try {
      seated += await deps.uow.run(async (tx) => {
        const exam = await tx.exams.lockExam(examId);
        return exam ? allocateUnseated(deps, tx, exam) : 0;
      });
    } catch (error) {
      deps.log.error({ err: error, examId }, 'seating at registration close failed');
    }
  }
  return seated;
}

/** `PUT .../seats/:registrationId`: one candidate to a free seat of the exam's rooms; after release, a new ticket. */
export async function moveSeat(
  deps: SeatingDeps,
  user: UserRow,
  examId: string,
  registrationId: string,
  move: SeatMove,
): Promise<RosterEntry> {
  const { center } = await ownExam(deps, user, examId);
  return deps.uow.run(async (tx) => {
    const exam = await lockedExam(tx, examId, center.id);
    assertSeatable(exam, deps.now());
    const candidates = await tx.seating.candidates(examId);
    const candidate = candidates.find((c) => c.registrationId === registrationId);
    if (!candidate) throw notFound('candidate');
    const room = (await tx.seating.examRooms(examId)).find((r) => r.id === move.roomId);
    if (!room || move.seat > room.seats) throw new AppError('SEAT_NOT_IN_ROOM');
    const taken = candidates.some(
      (c) => c.registrationId !== registrationId && c.roomId === move.roomId && c.seat === move.seat,
    );
    if (taken) throw new AppError('SEAT_TAKEN');
    if (candidate.roomId !== move.roomId || candidate.seat !== move.seat) {
      const seat = { registrationId, roomId: move.roomId, seat: move.seat };
      await tx.seating.assignSeats(examId, [seat], ticketsReleased(exam, deps.now())).catch((error: unknown) => {
        if (uniqueConstraintOf(error) === 'registrations_seat_uq') throw new AppError('SEAT_TAKEN');
        throw error;
      });
    }
    const line = await tx.rosters.rosterLine(registrationId, examId);
    if (!line) throw notFound('candidate');
    return toRosterEntry(deps.links, line);
  });
}

// --- tickets ---

/** Where a ticket stands: released or not (and when it will be), and its room and seat if allocated. */
export interface TicketPlace {
  released: boolean;
  releasesAt: Date;
  seat: { room: string; building: string; floor: string; seat: number } | null;
}

/**
 * Each registration's ticket place. An exam that uses rooms releases its tickets at its release time; one whose
 * center seats nobody (no rooms chosen) issues them on payment, as before rooms existed.
 */
export async function ticketPlaces(
  repos: Pick<Repositories, 'seating'>,
  exam: ExamRow,
  registrationIds: string[],
  now: Date,
): Promise<Map<string, TicketPlace>> {
  const [rooms, sheets] = await Promise.all([
    repos.seating.examRooms(exam.id),
    repos.seating.ticketSheets(registrationIds, false),
  ]);
  const released = rooms.length === 0 || ticketsReleased(exam, now);
  const releasesAt = ticketsReleaseAt(exam);
  return new Map(
    sheets.map((sheet) => [
      sheet.registrationId,
      {
        released,
        releasesAt,
        seat:
          sheet.room && sheet.seat !== null
            ? { room: sheet.room.name, building: sheet.room.building, floor: sheet.room.floor, seat: sheet.seat }
            : null,
      },
    ]),
  );
}
