import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { SeatsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { exams } from '../schema';

/**
 * Seats: the only code that writes `exams.seats_taken` (server/architecture.test.ts keeps it so). Every take is a
 * conditional statement that never oversells (a CHECK backs it); a release never goes below zero. The functions run
 * on the connection they are given, so inside a caller's transaction they are part of it.
 */
export function seatsRepository(db: Db): SeatsRepository {
  /** Takes `seats` seats at once if that many are left on an active exam (all or none). */
  async function takeSeats(examId: string, seats: number): Promise<boolean> {
    const rows = await db
      .update(exams)
      .set({ seatsTaken: sql`${exams.seatsTaken} + ${seats}` })
      .where(
        and(eq(exams.id, examId), sql`${exams.seatsTaken} + ${seats} <= ${exams.capacity}`, eq(exams.status, 'active')),
      )
      .returning({ id: exams.id });
    return rows.length === 1;
  }

  return {
    takeSeats,

    /** Takes one seat if one is left on an active exam. */
    takeSeat: (examId: string): Promise<boolean> => takeSeats(examId, 1),

    async releaseSeats(examId, seats) {
      if (seats <= 0) return;
      await db
        .update(exams)
        .set({ seatsTaken: sql`GREATEST(${exams.seatsTaken} - ${seats}, 0)` })
        .where(eq(exams.id, examId));
    },
  };
}

/**
 * The statement that takes one seat of an active exam, answering its id (no row when none is left): the first step
 * of a booking's single data-modifying statement (registrations repository, `bookSeat`).
 */
export function takeSeatStatement(examId: string): SQL {
  return sql`UPDATE exams SET seats_taken = seats_taken + 1
          WHERE id = ${examId}::uuid AND seats_taken < capacity AND status = 'active'
          RETURNING id`;
}

/**
 * The seats left on an active exam, its row locked until the caller's statement commits (no row when the exam is not
 * active): the first step of a batch of bookings (registrations repository, `bookSeats`), which seats as many as this.
 */
export function seatsLeftStatement(examId: string): SQL {
  return sql`SELECT capacity - seats_taken AS seats_left FROM exams
          WHERE id = ${examId}::uuid AND status = 'active'
          FOR UPDATE`;
}

/**
 * Takes `seats` (an SQL count) more seats of an exam whose row the same statement locked with seatsLeftStatement;
 * nothing when the count is zero. The CHECK (seats_taken <= capacity) fails the whole statement rather than oversell.
 */
export function addSeatsStatement(examId: string, seats: SQL): SQL {
  return sql`UPDATE exams SET seats_taken = seats_taken + ${seats}
          WHERE id = ${examId}::uuid AND ${seats} > 0
          RETURNING id`;
}

/** A capacity the exam can be resized to: no fewer seats than are taken (the condition of an exam's rewrite). */
export function capacityFitsTaken(capacity: number): SQL {
  return lte(exams.seatsTaken, capacity) as SQL;
}
