import type { WaitlistEntry, WaitlistList } from '../../contract';
import type { ExamRow, UserRow, WaitlistEntryRow } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { bookableExam } from './booking';
import type { BookingDeps } from './deps';
import { noticeExamOf, notify } from './notify';
import type { Repositories } from './ports';
import { type FreedSeats, freeingSeats, releaseSeats, type SeatWriter, takesBookings } from './seats';
import { toExamSummary } from './views/exams';

/**
 * Waiting lists of sold-out exams (issue 16). A candidate joins a sold-out exam's list; every seat that comes free
 * goes to the oldest waiting place first (domain/seats.ts serveLine, inside the transaction that freed it), held for
 * that candidate as an offer until it expires; they accept by booking the exam as usual (domain/booking.ts), which
 * uses the held seat. An offer that lapses or is declined passes the seat on; registration end or the exam's
 * cancellation closes the list. Every change of a list locks the exam's row first, so one exam's line changes one
 * step at a time and in the same lock order as bookings (exam, then places).
 */

/** Places listed at most in "my waiting list". */
const LIST_LIMIT = 100;
/** Lapsed offers and closed lists handled per sweep transaction batch. */
const SWEEP_BATCH = 100;

type LineTx = SeatWriter & Pick<Repositories, 'registrations'>;

function studentsOnly(user: UserRow): void {
  if (user.kind !== 'individual') throw new AppError('STUDENTS_ONLY');
}

function noPlace(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'You hold no place on this waiting list.');
}

/** Locks the exam's row (every change of its line does, first), which must exist. */
async function lockExam(tx: Pick<Repositories, 'exams'>, examId: string): Promise<ExamRow> {
  const exam = await tx.exams.lockExam(examId);
  if (!exam) throw new Error(`exam ${examId} vanished`);
  return exam;
}

async function entryView(
  deps: Pick<BookingDeps, 'repos'>,
  row: WaitlistEntryRow,
  position: number | null,
): Promise<WaitlistEntry> {
  const [summary] = await deps.repos.exams.examSummaries([row.examId]);
  if (!summary) throw new Error(`exam ${row.examId} has no summary row`);
  return toEntry(row, toExamSummary(summary), position);
}

function toEntry(row: WaitlistEntryRow, exam: WaitlistEntry['exam'], position: number | null): WaitlistEntry {
  return {
    id: row.id,
    exam,
    status: row.status,
    position: row.status === 'waiting' ? position : null,
    joinedAt: row.createdAt.toISOString(),
    offeredAt: row.offeredAt?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The candidate's place with its position now (one read of their list). */
async function placeView(deps: Pick<BookingDeps, 'repos'>, row: WaitlistEntryRow): Promise<WaitlistEntry> {
  const mine = await deps.repos.waitlist.entriesOf(row.userId, LIST_LIMIT);
  return entryView(deps, row, mine.find((m) => m.id === row.id)?.position ?? null);
}

/**
 * Joins a sold-out exam's waiting list; a candidate already on it gets their place back. Refused while seats are
 * left (WAITLIST_NOT_SOLD_OUT: book instead), once the exam takes no bookings (WAITLIST_CLOSED), and to a candidate
 * holding a live registration of it (ALREADY_REGISTERED). Under the exam's lock, so a seat freed meanwhile is either
 * seen free here or offered to this place.
 */
export async function joinWaitlist(deps: BookingDeps, user: UserRow, examId: string): Promise<WaitlistEntry> {
  studentsOnly(user);
  const visible = await bookableExam(deps, examId);
  const now = deps.now();
  const entry = await deps.uow.run(async (tx) => {
    const exam = await lockExam(tx, examId);
    const held = await tx.waitlist.liveEntry(examId, user.id);
    if (held) return held;
    if (exam.registrationOpensAt && exam.registrationOpensAt > now) throw new AppError('REGISTRATION_NOT_OPEN');
    if (!takesBookings({ ...exam, centerStatus: visible.centerStatus }, now)) throw new AppError('WAITLIST_CLOSED');
    if (await tx.registrations.hasLiveRegistration(user.id, examId)) throw new AppError('ALREADY_REGISTERED');
    if (exam.seatsTaken < exam.capacity) throw new AppError('WAITLIST_NOT_SOLD_OUT');
    // The line is served in order of joining: joins of one exam are serialised by its lock, so each is stamped at
    // least a millisecond after the one before and two never tie.
    const last = await tx.waitlist.lastJoinedAt(examId);
    const joinedAt = last && last >= now ? new Date(last.getTime() + 1) : now;
    const row: WaitlistEntryRow = {
      id: uuidv7(joinedAt.getTime()),
      examId,
      userId: user.id,
      status: 'waiting',
      createdAt: joinedAt,
      offeredAt: null,
      offerExpiresAt: null,
      endedAt: null,
      registrationId: null,
    };
    return (await tx.waitlist.join(row)) ?? (await tx.waitlist.liveEntry(examId, user.id));
  });
  if (!entry) throw new Error(`the waiting place of ${user.id} on ${examId} was neither written nor found`);
  return placeView(deps, entry);
}

/**
 * Leaves an exam's waiting list: a waiting place is left; an offered one is declined and its seat passes to the next
 * in line (or to the public when nobody waits). NOT_FOUND when the candidate holds no live place there.
 */
export async function leaveWaitlist(deps: BookingDeps, user: UserRow, examId: string): Promise<WaitlistEntry> {
  studentsOnly(user);
  await bookableExam(deps, examId);
  const now = deps.now();
  const ended = await freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx) => {
      await lockExam(tx, examId);
      const entry = await tx.waitlist.lockLiveEntry(examId, user.id);
      if (!entry) throw noPlace();
      if (entry.status === 'waiting') return tx.waitlist.endEntry(entry.id, ['waiting'], 'left', now);
      const declined = await tx.waitlist.endEntry(entry.id, ['offered'], 'declined', now);
      await releaseSeats(tx, freed, examId, 1);
      return declined;
    }),
  );
  if (!ended) throw noPlace();
  return entryView(deps, ended, null);
}

/**
 * Ends every live place of a candidate whose account goes (erasure), inside its transaction: a waiting place is left,
 * an offered one declined and its held seat passed to the next in line, as when they leave each list themselves.
 */
export async function leaveEveryWaitlist(tx: LineTx, freed: FreedSeats, userId: string, now: Date): Promise<void> {
  for (const examId of await tx.waitlist.liveExamsOf(userId)) {
    await lockExam(tx, examId);
    const entry = await tx.waitlist.lockLiveEntry(examId, userId);
    if (entry?.status === 'waiting') await tx.waitlist.endEntry(entry.id, ['waiting'], 'left', now);
    else if (entry && (await tx.waitlist.endEntry(entry.id, ['offered'], 'declined', now))) {
      await releaseSeats(tx, freed, examId, 1);
    }
  }
}

/** My waiting list: live places first (with their position among those waiting), then the newest ended ones. */
export async function myWaitlist(deps: BookingDeps, user: UserRow): Promise<WaitlistList> {
  studentsOnly(user);
  const rows = await deps.repos.waitlist.entriesOf(user.id, LIST_LIMIT);
  const summaries = await deps.repos.exams.examSummaries([...new Set(rows.map((r) => r.examId))]);
  const exams = new Map(summaries.map((s) => [s.exam.id, toExamSummary(s)]));
  return {
    list: rows.flatMap((row) => {
      const exam = exams.get(row.examId);
      return exam ? [toEntry(row, exam, row.position)] : [];
    }),
  };
}

/**
 * The candidate's offer on the exam that still holds its seat now, if any: their booking of the exam then takes the
 * held seat (domain/booking.ts).
 */
export async function openOffer(
  deps: Pick<BookingDeps, 'repos'>,
  examId: string,
  userId: string,
  now: Date,
): Promise<WaitlistEntryRow | undefined> {
  const entry = await deps.repos.waitlist.liveEntry(examId, userId);
  return entry?.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now ? entry : undefined;
}

/**
 * The first step of booking an offered seat, inside the booking's transaction: the exam locked first (as every change
 * of its line), then the offer, which must still be open. False when it lapsed, was declined or closed meanwhile.
 */
export async function lockOpenOffer(
  tx: Pick<Repositories, 'exams' | 'waitlist'>,
  offer: WaitlistEntryRow,
  now: Date,
): Promise<boolean> {
  await lockExam(tx, offer.examId);
  const locked = await tx.waitlist.lockLiveEntry(offer.examId, offer.userId);
  return (
    locked?.id === offer.id &&
    locked.status === 'offered' &&
    locked.offerExpiresAt !== null &&
    locked.offerExpiresAt > now
  );
}

/** The offer locked by lockOpenOffer -> accepted, naming the registration the booking wrote for its seat. */
export async function acceptOffer(
  tx: Pick<Repositories, 'waitlist'>,
  offer: WaitlistEntryRow,
  registrationId: string,
  now: Date,
): Promise<void> {
  if (!(await tx.waitlist.endEntry(offer.id, ['offered'], 'accepted', now, registrationId))) {
    throw new Error(`the offer ${offer.id} changed while locked`);
  }
}

/** What a waiting-list notice says of its exam (domain/notify.ts noticeExamOf). */
function examParams(exam: ExamRow) {
  return { exam: noticeExamOf(exam) };
}

/** An offer ran out: lapsed (the candidate is told), its seat to the next in line or the public. */
async function lapseOffer(tx: LineTx, freed: FreedSeats, entry: WaitlistEntryRow, now: Date): Promise<boolean> {
  const exam = await lockExam(tx, entry.examId);
  const lapsed = await tx.waitlist.endEntry(entry.id, ['offered'], 'lapsed', now);
  if (!lapsed) return false;
  await notify(
    tx,
    {
      userId: entry.userId,
      event: 'waitlist.offer_expired',
      params: examParams(exam),
      key: `waitlist.offer_expired:${entry.id}`,
    },
    now,
  );
  await releaseSeats(tx, freed, entry.examId, 1);
  return true;
}

/**
 * Closes an exam's waiting list inside the caller's transaction (which has locked the exam): every live place ->
 * closed, each candidate told, and the seats held for offers given back (to the public, as the exam no longer takes
 * bookings from its line). Registration end and the center's cancellation of the exam close it.
 */
export async function closeWaitlist(tx: LineTx, freed: FreedSeats, examId: string, now: Date): Promise<number> {
  const exam = await tx.exams.exam(examId);
  if (!exam) return 0;
  const closed = await tx.waitlist.closeLine(examId, now);
  for (const entry of closed) {
    await notify(
      tx,
      { userId: entry.userId, event: 'waitlist.closed', params: examParams(exam), key: `waitlist.closed:${entry.id}` },
      now,
    );
  }
  await releaseSeats(tx, freed, examId, closed.filter((e) => e.status === 'offered').length);
  return closed.length;
}

/**
 * The waiting lists' job: the lists of exams that no longer take bookings (registration ended, started, canceled)
 * close, first, so offers running out with registration are closed rather than passed on; then offers past their
 * expiry lapse (one transaction each, the seat passing on). Answers what it did.
 */
export async function sweepWaitlists(deps: BookingDeps): Promise<{ lapsed: number; closed: number }> {
  let closed = 0;
  for (;;) {
    const now = deps.now();
    const exams = await deps.repos.waitlist.examsToClose(now, SWEEP_BATCH);
    for (const examId of exams) {
      closed += await freeingSeats(deps.seats, (freed) =>
        deps.uow.run(async (tx) => {
          await lockExam(tx, examId);
          return closeWaitlist(tx, freed, examId, now);
        }),
      );
    }
    if (exams.length < SWEEP_BATCH) break;
  }
  let lapsed = 0;
  for (;;) {
    const now = deps.now();
    const due = await deps.repos.waitlist.lapsedOffers(now, SWEEP_BATCH);
    for (const entry of due) {
      const done = await freeingSeats(deps.seats, (freed) => deps.uow.run((tx) => lapseOffer(tx, freed, entry, now)));
      if (done) lapsed += 1;
    }
    if (due.length < SWEEP_BATCH) break;
  }
  return { lapsed, closed };
}
