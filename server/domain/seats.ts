import type { OrderRow, RegistrationRow } from '../db/rows';
import { noticeExamOf, notify } from './notify';
import type { DomainLogger, Repositories } from './ports';

/** Seats came free on an exam: `count` more of them can be booked than before (unless someone was quicker). */
export interface SeatsFreed {
  examId: string;
  count: number;
}

export type SeatsFreedListener = (event: SeatsFreed) => void | Promise<void>;

/**
 * "Seats came free on exam X", told to whoever listens once the transaction that freed them has committed (never
 * from inside it, never for one that rolled back). Listeners are not awaited; one that throws or rejects is logged
 * and the others still hear. The exam may be canceled meanwhile (cancelling an exam frees its seats too):
 * a listener reads the exam before acting on it.
 */
export interface SeatEvents {
  /** How seats that come free are offered to the exam's waiting list first. */
  readonly line: LineTerms;
  /** Adds a listener; answers the function that removes it. */
  onSeatsFreed(listener: SeatsFreedListener): () => void;
  seatsFreed(event: SeatsFreed): void;
}

/** The clock offers are made by, and how long an offer holds its seat (WAITLIST_OFFER_MINUTES). */
export interface LineTerms {
  now: () => Date;
  offerMinutes: number;
}

const DEFAULT_LINE: LineTerms = { now: () => new Date(), offerMinutes: 120 };
const MINUTE_MS = 60_000;

export function seatEvents(log: DomainLogger, line: LineTerms = DEFAULT_LINE): SeatEvents {
  const listeners = new Set<SeatsFreedListener>();
  return {
    line,
    onSeatsFreed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seatsFreed(event) {
      const failed = (error: unknown) => log.error({ err: error, ...event }, 'a seats-freed listener failed');
      for (const listener of listeners) {
        try {
          Promise.resolve(listener(event)).catch(failed);
        } catch (error) {
          failed(error);
        }
      }
    },
  };
}

/**
 * The seats one transaction freed to the public, per exam (those the waiting list took are not among them): announced
 * after it commits, forgotten when it rolls back. `line` is how the transaction offers seats to waiting lists.
 */
export class FreedSeats {
  readonly #perExam = new Map<string, number>();

  constructor(readonly line: LineTerms = DEFAULT_LINE) {}

  add(examId: string, count: number): void {
    if (count > 0) this.#perExam.set(examId, (this.#perExam.get(examId) ?? 0) + count);
  }

  announce(events: SeatEvents): void {
    for (const [examId, count] of this.#perExam) events.seatsFreed({ examId, count });
    this.#perExam.clear();
  }
}

/**
 * Runs `transaction` (a unit of work's `run(...)`) with a fresh FreedSeats, then announces what it freed
 * once it has committed. A transaction that throws rolled back: nothing is announced and the error goes on.
 */
export async function freeingSeats<T>(events: SeatEvents, transaction: (freed: FreedSeats) => Promise<T>): Promise<T> {
  const freed = new FreedSeats(events.line);
  const result = await transaction(freed);
  freed.announce(events);
  return result;
}

type SeatTaker = Pick<Repositories, 'seats'>;
/** What giving seats back touches: the seats, the exam, its waiting list and the outbox that tells of offers. */
export type SeatWriter = Pick<Repositories, 'seats' | 'exams' | 'waitlist' | 'notifications'>;

/**
 * Gives `count` seats of an exam back inside the caller's transaction: the waiting list gets them first (each to the
 * oldest waiting place, held for it as an offer), and only those nobody waits for go to the public, which `freed`
 * announces after commit. The release's UPDATE locks the exam's row, so the offers of one exam never interleave.
 */
export async function releaseSeats(tx: SeatWriter, freed: FreedSeats, examId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.seats.releaseSeats(examId, count);
  const offered = await serveLine(tx, freed.line, examId);
  freed.add(examId, count - offered);
}

/** Until when an offer made now holds its seat: the configured time, but never past registration end or the start. */
export function offerExpiry(
  exam: { registrationEndsAt: Date; startsAt: Date },
  line: Pick<LineTerms, 'offerMinutes'>,
  now: Date,
): Date {
  const end = Math.min(
    now.getTime() + line.offerMinutes * MINUTE_MS,
    exam.registrationEndsAt.getTime(),
    exam.startsAt.getTime(),
  );
  return new Date(end);
}

/**
 * Offers every seat of the exam nobody holds to its waiting list, oldest place first, while places wait: each offer
 * takes its seat (held for that candidate until the offer expires) and tells the candidate through the outbox. Only
 * an exam that takes bookings now offers. The caller holds the exam's row locked (a seats UPDATE of this transaction
 * did it), so the seats counted free here are still free when taken. Answers how many seats were offered.
 */
export async function serveLine(tx: SeatWriter, line: LineTerms, examId: string): Promise<number> {
  const now = line.now();
  const exam = await tx.exams.exam(examId);
  if (!exam || !takesBookings(exam, now)) return 0;
  const expiresAt = offerExpiry(exam, line, now);
  let free = exam.capacity - exam.seatsTaken;
  let offered = 0;
  // A waiting place left meanwhile is skipped by the locking read, which may then answer fewer: ask again.
  while (free > 0) {
    const batch = await tx.waitlist.offerNext(examId, free, now, expiresAt);
    if (batch.length === 0) break;
    if (!(await tx.seats.takeSeats(examId, batch.length))) {
      throw new Error(`exam ${examId}: ${batch.length} free seats could not be held for the waiting list`);
    }
    for (const entry of batch) {
      await notify(
        tx,
        {
          userId: entry.userId,
          event: 'waitlist.offer',
          params: { exam: noticeExamOf(exam), offerExpiresAt: expiresAt.toISOString() },
          key: `waitlist.offer:${entry.id}`,
        },
        now,
      );
    }
    free -= batch.length;
    offered += batch.length;
  }
  return offered;
}

/** Whether the exam takes bookings now (so its waiting list is served): active, center approved, registration open. */
export function takesBookings(
  exam: {
    status: string;
    centerStatus: string;
    registrationEndsAt: Date;
    startsAt: Date;
    registrationOpensAt: Date | null;
  },
  now: Date,
): boolean {
  return (
    exam.status === 'active' &&
    exam.centerStatus === 'approved' &&
    exam.registrationEndsAt > now &&
    exam.startsAt > now &&
    (exam.registrationOpensAt === null || exam.registrationOpensAt <= now)
  );
}

/** Takes one seat of an active exam inside the caller's transaction; false when none is left. */
export function takeSeat(tx: SeatTaker, examId: string): Promise<boolean> {
  return tx.seats.takeSeat(examId);
}

/** Takes `count` seats at once (a group's checkout), all or none; false when fewer are left. */
export function takeSeats(tx: SeatTaker, examId: string, count: number): Promise<boolean> {
  return tx.seats.takeSeats(examId, count);
}

/** A single booking: its seat, registration and order in one statement; false when no seat is left. */
export function bookSeat(
  repos: Pick<Repositories, 'registrations'>,
  registration: RegistrationRow,
  order: OrderRow,
): Promise<boolean> {
  return repos.registrations.bookSeat(registration, order);
}

/**
 * An exam's capacity changed from `before` to `after`, its rewrite written in the caller's transaction (whose UPDATE
 * locked the exam's row): the seats added go to the waiting list first, the rest to the public (`freed`).
 */
export async function capacityChanged(
  tx: SeatWriter,
  freed: FreedSeats,
  examId: string,
  before: number,
  after: number,
): Promise<void> {
  if (after <= before) return;
  const offered = await serveLine(tx, freed.line, examId);
  freed.add(examId, after - before - offered);
}
