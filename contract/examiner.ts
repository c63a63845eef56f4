import { z } from 'zod';
import { registrationStatus } from './booking';
import { examSummary } from './catalog';
import { id, isoDateTime, requiredText, text } from './common';
import { isValidIdCard } from './idcard';

/**
 * Examiners check candidates in at the door: the exams a center assigned to them, the ticket scan (the page verifies
 * the token offline with the public key, shows who it names, then checks in online), and a lookup by phone or ID
 * number when a ticket will not scan.
 */

/** `GET /api/examiner/profile` (spec section 3: address, identity ID). */
export const examinerProfile = z.object({
  name: z.string(),
  /** E.164 login phone, read-only. */
  phone: z.string(),
  address: z.string(),
  /** The examiner's resident ID card number, or empty. */
  identityId: z.string(),
  complete: z.boolean(),
});
export type ExaminerProfile = z.infer<typeof examinerProfile>;

export const examinerProfileUpdate = z
  .object({
    name: requiredText(50),
    address: requiredText(200),
    identityId: text().trim().toUpperCase().refine(isValidIdCard, { message: 'ID_CARD_INVALID' }),
  })
  .strict();
export type ExaminerProfileUpdate = z.infer<typeof examinerProfileUpdate>;

/** An exam assigned to the examiner, with how the door is going. */
export const examinerExam = examSummary.extend({
  /** Paid registrations expected at the door (register, checkin, completed). */
  expected: z.number().int().nonnegative(),
  checkedIn: z.number().int().nonnegative(),
  /** The room whose door the center gave this examiner; null: any room of the exam. */
  room: z.object({ id, name: z.string() }).nullable(),
});
export type ExaminerExam = z.infer<typeof examinerExam>;

/** Who a ticket names, for the identity check before check-in. */
export const checkinCandidate = z.object({
  registrationId: id,
  name: z.string(),
  /** 110101********123X */
  maskedIdNumber: z.string(),
  /** E.164 login phone. */
  phone: z.string(),
  avatar_small: z.string().nullable(),
  /** The ID photo at full size (portrait, as the ticket prints it), or null without one. */
  photoUrl: z.string().nullable(),
  /** Where the candidate sits; null until seats are allocated (or when the exam uses no rooms). */
  seat: z
    .object({ roomId: id, room: z.string(), building: z.string(), floor: z.string(), seat: z.number().int() })
    .nullable(),
  /**
   * The examiner keeps the door of one room and the candidate sits in another: the page warns and names the right
   * room and seat. Check-in is still allowed (the examiner may let them through and send them on).
   */
  otherRoom: z.boolean(),
  status: registrationStatus,
  checkedInAt: isoDateTime.nullable(),
});
export type CheckinCandidate = z.infer<typeof checkinCandidate>;

export const examinerExamParams = z.object({ id });
export const examinerRegistrationParams = z.object({ id, registrationId: id });

export const candidateLookupQuery = z.object({
  /** A phone number or an ID card number (whole), as the candidate says it. */
  q: text().trim().min(4).max(32),
});

/** Check in by the scanned token, or by the registration a lookup found. */
export const checkinRequest = z.union([
  z.object({ token: text().min(20).max(2048) }).strict(),
  z.object({ registrationId: id }).strict(),
]);
export type CheckinRequest = z.infer<typeof checkinRequest>;

export const checkinResponse = z.object({
  candidate: checkinCandidate,
  /** True when this scan found the candidate already checked in (candidate.checkedInAt says when). */
  alreadyCheckedIn: z.boolean(),
});
export type CheckinResponse = z.infer<typeof checkinResponse>;
