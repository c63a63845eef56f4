import type { Repositories, SeatBooking, SeatOutcome } from './ports';

/** The most bookings one statement carries; a larger crowd waits for the next statement. */
const MAX_BATCH = 200;

/**
 * Single bookings of one exam, seated many per statement. A popular exam's row is the one thing every booking must
 * lock, so one statement per booking queues the crowd on that row (and on a commit each); one statement for many
 * locks it once. There is no timer: a booking that finds no statement running for its exam is sent at once (alone,
 * as before), and those that arrive while one runs are sent together when it returns, so a quiet exam waits for
 * nothing and a busy one gets batches as large as the crowd, up to MAX_BATCH.
 */
export interface SeatBatches {
  /** Seats `booking` on its exam with the others waiting (registrations repository `bookSeats`). */
  book(booking: SeatBooking): Promise<SeatOutcome>;
}

interface Waiting {
  booking: SeatBooking;
  settle: (outcome: Promise<SeatOutcome>) => void;
}

export function seatBatches(repos: Pick<Repositories, 'registrations'>): SeatBatches {
  /** The bookings waiting per exam; an exam is in the map while a statement for it runs. */
  const queues = new Map<string, Waiting[]>();

  /**
   * The next batch of an exam's queue: in arrival order, one booking per candidate (a second booking of the same
   * candidate, such as a double click, waits for the next batch, where it meets the first one's registration).
   */
  function nextBatch(queue: Waiting[]): Waiting[] {
    const batch: Waiting[] = [];
    const candidates = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
      const waiting = queue[i] as Waiting;
      if (candidates.has(waiting.booking.registration.userId)) {
        i += 1;
        continue;
      }
      candidates.add(waiting.booking.registration.userId);
      batch.push(waiting);
      queue.splice(i, 1);
    }
    return batch;
  }

  /**
   * Seats `batch` in one statement. When that statement fails on a unique violation (a key the candidate reused on
   * another exam meanwhile), each booking goes alone (`bookSeat`), so only the one at fault gets the error.
   */
  async function seat(examId: string, batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await repos.registrations.bookSeats(
        examId,
        batch.map((w) => w.booking),
      );
      for (const [i, waiting] of batch.entries()) waiting.settle(Promise.resolve(outcomes[i] as SeatOutcome));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.settle(Promise.reject(error));
        return;
      }
      for (const waiting of batch) {
        const { registration, order } = waiting.booking;
        const alone = repos.registrations
          .bookSeat(registration, order)
          .then((seated): SeatOutcome => (seated ? 'seated' : 'soldOut'));
        waiting.settle(alone);
        await alone.catch(() => undefined);
      }
    }
  }

  async function drain(examId: string, queue: Waiting[]): Promise<void> {
    try {
      while (queue.length > 0) await seat(examId, nextBatch(queue));
    } finally {
      queues.delete(examId);
    }
  }

  return {
    book(booking) {
      return new Promise<SeatOutcome>((resolve, reject) => {
        const waiting: Waiting = { booking, settle: (outcome) => outcome.then(resolve, reject) };
        const examId = booking.registration.examId;
        const queue = queues.get(examId);
        if (queue) {
          queue.push(waiting);
          return;
        }
        const started = [waiting];
        queues.set(examId, started);
        void drain(examId, started);
      });
    },
  };
}
