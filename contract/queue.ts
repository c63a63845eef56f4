import { z } from 'zod';
import { id, isoDateTime } from './common';

/**
 * An exam's waiting room (DESIGN.md section 6): before registration opens candidates see a countdown; everyone who
 * joins before the opening gets a random place, later arrivals queue behind in arrival order, and the server admits
 * people at the rate it can serve with a short-lived signed admission token that booking the exam requires.
 */
export const QUEUE_STATES = [
  /** Registration has not opened: count down to `opensAt`. Joining now keeps a place for the opening shuffle. */
  'not_open',
  /** In line: `position`, `ahead` and `estimatedWaitSeconds` say where. */
  'waiting',
  /** Admitted: book with `admission.token` before `admission.expiresAt`. */
  'admitted',
  /** No seat is left: the line has ended for everyone. */
  'sold_out',
  /** Registration has ended (or the exam is no longer bookable). */
  'closed',
] as const;
export const queueState = z.enum(QUEUE_STATES);
export type QueueState = z.infer<typeof queueState>;

export const admission = z.object({
  /** Signed, names the account and the exam; send it as `admissionToken` when booking. */
  token: z.string(),
  expiresAt: isoDateTime,
});
export type Admission = z.infer<typeof admission>;

/** `POST /api/front/exams/:id/queue` (join; joining again keeps the place) and `GET` of the same path (status). */
export const queueStatus = z.object({
  examId: id,
  state: queueState,
  /** When registration opens; null when the exam sets no opening time. */
  opensAt: isoDateTime.nullable(),
  /** The server's clock, so a countdown does not trust the phone's. */
  serverTime: isoDateTime,
  /** 1-based place in line; null when not in line (not joined yet, admitted, sold out or closed). */
  position: z.number().int().positive().nullable(),
  /** People ahead in line not yet admitted; null when not in line. */
  ahead: z.number().int().nonnegative().nullable(),
  /** The server's estimate of the wait at its current admission rate; null when unknown or not in line. */
  estimatedWaitSeconds: z.number().int().nonnegative().nullable(),
  /** Ask again after this many seconds (the answer's Retry-After says the same); do not poll faster. */
  nextCheckSeconds: z.number().int().positive(),
  /** Present when `state` is `admitted`. */
  admission: admission.nullable(),
});
export type QueueStatus = z.infer<typeof queueStatus>;

/** `PUT /api/center/exams/:id/waiting-room` and `PUT /api/ops/exams/:id/waiting-room`: switch an exam's room. */
export const waitingRoomSwitch = z.object({ enabled: z.boolean() }).strict();
export type WaitingRoomSwitch = z.infer<typeof waitingRoomSwitch>;
