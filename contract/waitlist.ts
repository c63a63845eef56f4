import { z } from 'zod';
import { examSummary } from './catalog';
import { id, isoDateTime } from './common';

/**
 * A place on a sold-out exam's waiting list: waiting, then offered (a seat held until the offer expires), then
 * accepted (booked), lapsed or declined; or left (the candidate left) or closed (registration ended).
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'lapsed', 'declined', 'left', 'closed'] as const;
export const waitlistStatus = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatus>;

/**
 * `POST /api/front/exams/:id/waitlist` (join; joining again answers the same place), `DELETE` of the same path
 * (leave; leaving an offer declines it and the seat passes to the next in line), and each item of my waiting list.
 */
export const waitlistEntry = z.object({
  id,
  exam: examSummary,
  status: waitlistStatus,
  /** 1-based place among those still waiting for this exam; null unless `waiting`. */
  position: z.number().int().positive().nullable(),
  joinedAt: isoDateTime,
  /** When the seat held for me was offered; null before an offer. */
  offeredAt: isoDateTime.nullable(),
  /** Until when the offered seat is held: book it (a normal booking of the exam) and pay before then. */
  offerExpiresAt: isoDateTime.nullable(),
  /** When the place ended (accepted, lapsed, declined, left or closed); null while it is live. */
  endedAt: isoDateTime.nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** `GET /api/front/waitlist`: my places and offers, live ones first, then the newest. */
export const waitlistList = z.object({ list: z.array(waitlistEntry) });
export type WaitlistList = z.infer<typeof waitlistList>;
