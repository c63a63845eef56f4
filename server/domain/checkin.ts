import type { CheckinCandidate, CheckinRequest, CheckinResponse } from '../../contract';
import { isValidIdCard, maskIdCard } from '../../contract/idcard';
import { chinaMobileToE164 } from '../../contract/phone';
import type { CandidateRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { assertAssigned, assertExaminer, type ExaminerDeps } from './examiner';
import type { Links, Repositories } from './ports';
import { TicketInvalidError, type TicketSigner } from './tickets';

/**
 * The door: who a ticket names, a lookup when a ticket will not scan, and the check-in itself. A check-in moves a
 * paid registration (register) to checkin once; a repeat answers when that happened. Canceled and unpaid
 * registrations are refused, and so is a ticket for another exam.
 */
export interface CheckinDeps extends ExaminerDeps {
  repos: ExaminerDeps['repos'] & Pick<Repositories, 'seating'>;
  tickets: Pick<TicketSigner, 'verifyTicket'>;
  links: Pick<Links, 'avatar'>;
}

/** The room whose door the examiner keeps: a room id, or null for any room of the exam. */
type DoorRoom = string | null;

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No registration of this exam has this id.');
}

/**
 * Who a registration names, as the examiner at `doorRoom` sees them: photo, identity, room and seat, and whether
 * they belong in another room (a warning the page shows; check-in stays allowed, see contract/examiner.ts).
 */
function toCheckinCandidate(deps: Pick<CheckinDeps, 'links'>, row: CandidateRow, doorRoom: DoorRoom): CheckinCandidate {
  const seat =
    row.roomId !== null && row.roomName !== null && row.seat !== null
      ? { roomId: row.roomId, room: row.roomName, building: row.building ?? '', floor: row.floor ?? '', seat: row.seat }
      : null;
  return {
    registrationId: row.registrationId,
    name: row.name,
    maskedIdNumber: maskIdCard(row.idNumber ?? ''),
    phone: row.phone,
    avatar_small: row.avatarSmall,
    photoUrl: row.avatarId ? deps.links.avatar(row.avatarId) : null,
    seat,
    otherRoom: doorRoom !== null && seat !== null && seat.roomId !== doorRoom,
    status: row.status,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

/** The examiner's room at the exam's door; NOT_FOUND when the exam is not assigned to them. */
async function doorRoomOf(deps: CheckinDeps, user: UserRow, examId: string): Promise<DoorRoom> {
  await assertAssigned(deps, user, examId);
  return (await deps.repos.examiners.assignment(examId, user.id))?.roomId ?? null;
}

/** Who a registration of the exam names, for the identity check before check-in. */
export async function examinerCandidate(
  deps: CheckinDeps,
  user: UserRow,
  examId: string,
  registrationId: string,
): Promise<CheckinCandidate> {
  const doorRoom = await doorRoomOf(deps, user, examId);
  const row = await deps.repos.examiners.candidate(registrationId);
  if (row?.examId !== examId) throw notFound();
  return toCheckinCandidate(deps, row, doorRoom);
}

/** A whole mainland mobile number or a whole ID card number; anything else is not something to look up. */
function lookupKey(q: string): { phone: string } | { idNumber: string } {
  const phone = chinaMobileToE164(q);
  if (phone) return { phone };
  const idNumber = q.trim().toUpperCase();
  if (isValidIdCard(idNumber)) return { idNumber };
  throw new AppError('VALIDATION_FAILED', undefined, undefined, [
    { path: 'q', message: 'a mainland mobile number or a whole ID card number' },
  ]);
}

/** The exam's candidates (canceled registrations aside) with this phone or ID card number. */
export async function lookupCandidates(
  deps: CheckinDeps,
  user: UserRow,
  examId: string,
  q: string,
): Promise<CheckinCandidate[]> {
  const doorRoom = await doorRoomOf(deps, user, examId);
  const rows = await deps.repos.examiners.lookup(examId, lookupKey(q));
  return rows.map((row) => toCheckinCandidate(deps, row, doorRoom));
}

/** The registration a scanned token names, if the token is genuine, unexpired and for this exam. */
async function ticketRegistration(deps: CheckinDeps, examId: string, token: string): Promise<string> {
  let claims: { registrationId: string; examId: string; version: number };
  try {
    claims = await deps.tickets.verifyTicket(token);
  } catch (error) {
    if (!(error instanceof TicketInvalidError)) throw error;
    const message = error.reason === 'expired' ? 'This ticket has expired.' : undefined;
    throw new AppError('TICKET_INVALID', undefined, undefined, undefined, message);
  }
  if (claims.examId !== examId) throw new AppError('TICKET_OTHER_EXAM');
  // A seat change after release issued a newer ticket: this one names a seat the candidate no longer has.
  const current = await deps.repos.seating.ticketVersion(claims.registrationId);
  if (current !== undefined && claims.version < current) throw new AppError('TICKET_SUPERSEDED');
  return claims.registrationId;
}

/**
 * Checks a candidate in by ticket token or by registration id, in one statement (see ExaminersRepository.admit, db/repositories/examiners.ts).
 * Unpaid (pending) registrations have no ticket and are not admitted: STATUS_TRANSITION_INVALID, as for any move
 * outside register -> checkin.
 */
export async function checkIn(
  deps: CheckinDeps,
  user: UserRow,
  examId: string,
  request: CheckinRequest,
): Promise<CheckinResponse> {
  assertExaminer(user);
  const byToken = 'token' in request;
  const registrationId = byToken ? await ticketRegistration(deps, examId, request.token) : request.registrationId;
  const [door, assignment] = await Promise.all([
    deps.repos.examiners.admit(examId, registrationId, user.id, deps.now()),
    deps.repos.examiners.assignment(examId, user.id),
  ]);
  // Not assigned to this examiner, or no such registration: not found either way.
  if (!door) throw notFound();
  const doorRoom = assignment?.roomId ?? null;
  // A genuine ticket whose registration has since moved to another exam is a ticket for that other exam now.
  if (door.examId !== examId) throw byToken ? new AppError('TICKET_OTHER_EXAM') : notFound();
  if (door.admittedAt) {
    return {
      candidate: toCheckinCandidate(deps, { ...door, status: 'checkin', checkedInAt: door.admittedAt }, doorRoom),
      alreadyCheckedIn: false,
    };
  }
  const answer = (row: CandidateRow) => toCheckinCandidate(deps, row, doorRoom);
  if (door.status !== 'register') return refusedOrRepeated(door, answer);
  // Another scan (or a cancellation) moved it after this statement began: answer what it is now.
  const current = await deps.repos.examiners.candidate(registrationId);
  if (!current || current.status === 'register') throw new Error(`registration ${registrationId} did not move`);
  return refusedOrRepeated(current, answer);
}

/** A registration not checked in by this scan: a repeat says when it happened; the others are refused. */
function refusedOrRepeated(row: CandidateRow, answer: (row: CandidateRow) => CheckinCandidate): CheckinResponse {
  if (row.status === 'checkin' || row.status === 'completed') {
    return { candidate: answer(row), alreadyCheckedIn: true };
  }
  if (row.status === 'canceled') throw new AppError('TICKET_CANCELED');
  throw new AppError('STATUS_TRANSITION_INVALID');
}
