import type { OrderRow, RegistrationRow } from '../db/rows';
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
  /** Adds a listener; answers the function that removes it. */
  onSeatsFreed(listener: SeatsFreedListener): () => void;
  seatsFreed(event: SeatsFreed): void;
}

export function seatEvents(log: DomainLogger): SeatEvents {
  const listeners = new Set<SeatsFreedListener>();
  return {
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

/** The seats one transaction freed, per exam: announced after it commits, forgotten when it rolls back. */
export class FreedSeats {
  readonly #perExam = new Map<string, number>();

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
  const freed = new FreedSeats();
  const result = await transaction(freed);
  freed.announce(events);
  return result;
}

type SeatWriter = Pick<Repositories, 'seats'>;

/** Gives `count` seats of an exam back inside the caller's transaction; `freed` announces them after commit. */
export async function releaseSeats(tx: SeatWriter, freed: FreedSeats, examId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.seats.releaseSeats(examId, count);
  freed.add(examId, count);
}

/** Takes one seat of an active exam inside the caller's transaction; false when none is left. */
export function takeSeat(tx: SeatWriter, examId: string): Promise<boolean> {
  return tx.seats.takeSeat(examId);
}

/** Takes `count` seats at once (a group's checkout), all or none; false when fewer are left. */
export function takeSeats(tx: SeatWriter, examId: string, count: number): Promise<boolean> {
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
 * An exam's capacity changed from `before` to `after` (its rewrite has been written): raising it frees the seats
 * added, announced at once since the rewrite is its own statement.
 */
export function capacityChanged(events: SeatEvents, examId: string, before: number, after: number): void {
  const freed = new FreedSeats();
  freed.add(examId, after - before);
  freed.announce(events);
}
