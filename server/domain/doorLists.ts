import type { SeatChart } from '../../contract';
import { maskIdCard } from '../../contract/idcard';
import type { DoorSheetRow, ExamRow, RoomRow, UserRow } from '../db/rows';
import { doorListPdf } from '../documents/doorListPdf';
import type { DocumentLocale } from '../documents/messages';
import type { DoorListRoom } from '../documents/types';
import { AppError } from '../errors';
import { ownExam } from './center';
import type { SeatingDeps } from './seating';
import type { TicketFile } from './ticketFiles';

/**
 * What a center prints for the exam day (issue 15): per room, the door list the examiner ticks (photo, name, masked
 * ID number, seat) and the seat chart, on screen and as a PDF. Only the exam's own center sees them.
 */

/** Each room with its seated candidates, in the exam's room order; `roomId` keeps one room (NOT_FOUND if not used). */
async function roomsWithCandidates(
  deps: SeatingDeps,
  exam: ExamRow,
  roomId: string | undefined,
  withPhotos: boolean,
): Promise<{ room: RoomRow; candidates: DoorSheetRow[] }[]> {
  const [rooms, sheets] = await Promise.all([
    deps.repos.seating.examRooms(exam.id),
    deps.repos.seating.doorSheets(exam.id, withPhotos),
  ]);
  const chosen = roomId === undefined ? rooms : rooms.filter((room) => room.id === roomId);
  if (roomId !== undefined && chosen.length === 0) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No room of this exam has this id.');
  }
  return chosen.map((room) => ({ room, candidates: sheets.filter((sheet) => sheet.roomId === room.id) }));
}

/** `GET .../seat-chart`: every seat of every room of the exam, with who sits there or nobody. */
export async function seatChart(deps: SeatingDeps, user: UserRow, examId: string): Promise<SeatChart> {
  const { exam } = await ownExam(deps, user, examId);
  return (await roomsWithCandidates(deps, exam, undefined, false)).map(({ room, candidates }) => {
    const bySeat = new Map(candidates.map((candidate) => [candidate.seat, candidate]));
    return {
      room: { id: room.id, name: room.name, building: room.building, floor: room.floor, seats: room.seats },
      seats: Array.from({ length: room.seats }, (_, i) => {
        const candidate = bySeat.get(i + 1);
        return { seat: i + 1, registrationId: candidate?.registrationId ?? null, name: candidate?.name ?? null };
      }),
    };
  });
}

/** `GET .../door-list.pdf`: the door list and seat chart of each room (or of `roomId`), in `locale`. */
export async function doorListPdfFile(
  deps: SeatingDeps,
  user: UserRow,
  examId: string,
  roomId: string | undefined,
  locale: DocumentLocale,
): Promise<TicketFile> {
  const { exam } = await ownExam(deps, user, examId);
  const rooms = await roomsWithCandidates(deps, exam, roomId, true);
  if (rooms.length === 0) throw new AppError('EXAM_NO_ROOMS');
  const printed: DoorListRoom[] = rooms.map(({ room, candidates }) => ({
    room: { name: room.name, building: room.building || null, floor: room.floor || null, seats: room.seats },
    candidates: candidates.map((candidate) => ({
      seat: candidate.seat,
      name: candidate.name,
      maskedIdNumber: maskIdCard(candidate.idNumber ?? ''),
      photo: candidate.photo,
    })),
  }));
  const bytes = await doorListPdf(
    {
      exam: {
        code: exam.code,
        name: { zh: exam.nameZh, en: exam.nameEn },
        startsAt: exam.startsAt.toISOString(),
        timeZone: exam.timeZone,
        arrivalLeadMinutes: exam.arrivalLeadMinutes,
      },
      rooms: printed,
    },
    locale,
  );
  return { fileName: `door-list-${exam.code}.pdf`, contentType: 'application/pdf', bytes };
}
