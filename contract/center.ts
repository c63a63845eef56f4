import { z } from 'zod';
import { phoneInput } from './auth';
import { registrationStatus, resultOutcome } from './booking';
import { examSummary } from './catalog';
import { id, isoDateTime, localizedText, requiredText, text } from './common';
import { isValidCreditCode } from './creditCode';
import { paged, pageQuery } from './envelope';
import { centerVerification } from './ops';
import { rosterExport } from './paths/center';
import { candidatePhoto } from './profile';

/**
 * Test centers run their exams: the center profile (spec sections 3 and 5), exams at their own center, each exam's
 * roster, examiners assigned by phone, results and their publication (which issues certificate numbers), and
 * cancelling an exam (every paid candidate refunded and told by SMS).
 */

/** The business license: an image or a PDF, at most 2 MB, its type decided by content. */
export const LICENSE_MAX_BYTES = 2 * 1024 * 1024;
export const LICENSE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

/** The fields a center must fill in before it may create exams. */
export const REQUIRED_CENTER_FIELDS = [
  'businessName',
  'licenseId',
  'taxId',
  'capacity',
  'contactName',
  'contactPhone',
  'provinceCode',
  'cityCode',
  'address',
] as const;
export type RequiredCenterField = (typeof REQUIRED_CENTER_FIELDS)[number];

/** `GET /api/center/profile`: what is saved (empty strings and nulls where nothing is yet). */
export const centerProfile = z.object({
  businessName: z.string(),
  /** The uploaded business license, or null. */
  licenseId: id.nullable(),
  licenseUrl: z.string().nullable(),
  licenseContentType: z.enum(LICENSE_CONTENT_TYPES).nullable(),
  /** The unified social credit code (18 characters, GB 32100 check character). */
  taxId: z.string(),
  logoId: id.nullable(),
  logoUrl: z.string().nullable(),
  /** Seats the center can seat at once: no exam of the center may have more. */
  capacity: z.number().int().nonnegative(),
  contactName: z.string(),
  /** E.164, or empty. */
  contactPhone: z.string(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  address: z.string(),
  complete: z.boolean(),
  missing: z.array(z.enum(REQUIRED_CENTER_FIELDS)),
  /**
   * Where the operators' verification stands (issue 13): only an approved center's exams are listed and bookable.
   * Optional until the server tracks verification; the console shows it whenever the answer carries it.
   */
  verification: centerVerification.optional(),
});
export type CenterProfile = z.infer<typeof centerProfile>;

/** `PUT /api/center/profile`: the whole profile at once; invalid changes nothing. */
export const centerProfileUpdate = z
  .object({
    businessName: requiredText(100),
    licenseId: id,
    taxId: text().trim().toUpperCase().refine(isValidCreditCode, { message: 'TAX_ID_INVALID' }),
    logoId: id.nullable().optional(),
    capacity: z.number().int().min(1).max(100_000),
    contactName: requiredText(50),
    contactPhone: phoneInput,
    provinceCode: text().regex(/^\d{2}$/),
    cityCode: text().regex(/^\d{4}$/),
    address: requiredText(200),
  })
  .strict();
export type CenterProfileUpdate = z.infer<typeof centerProfileUpdate>;

/** `POST /api/center/profile/license` and `/logo` (multipart field `file`). */
export const documentUpload = z.object({ id, url: z.string(), contentType: z.string() });
export type DocumentUpload = z.infer<typeof documentUpload>;

/** An exam as its center sees it: the public summary plus what only the center is shown. */
export const centerExam = examSummary.extend({
  seatsTaken: z.number().int().nonnegative(),
  /** Registrations by status (pending holds included). */
  counts: z.object({
    pending: z.number().int().nonnegative(),
    register: z.number().int().nonnegative(),
    checkin: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    canceled: z.number().int().nonnegative(),
  }),
  /** Results entered, and whether they were published. */
  resultsEntered: z.number().int().nonnegative(),
  resultsPublishedAt: isoDateTime.nullable(),
  examiners: z.number().int().nonnegative(),
  /** The access code (the center set it; candidates never see it), or null. */
  accessCode: z.string().nullable(),
});
export type CenterExam = z.infer<typeof centerExam>;

export const centerExamList = paged(centerExam);
export const centerExamListQuery = pageQuery.extend({
  status: z.enum(['active', 'inactive', 'canceled', 'completed']).optional(),
});

/**
 * `POST /api/center/exams` and `PUT /api/center/exams/:id`: the exam at the center's own place. The capacity may not
 * exceed the center's, nor (when editing) fall below the seats already taken; registration ends before the start.
 */
export const examDraft = z
  .object({
    code: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,62}$/),
    name: z.object({ zh: requiredText(100), en: requiredText(100) }),
    categoryId: id,
    organizationId: id.nullable().optional(),
    location: z.object({ zh: requiredText(200), en: requiredText(200) }),
    startsAt: z.iso.datetime({ offset: true }),
    registrationEndsAt: z.iso.datetime({ offset: true }),
    feeFen: z.number().int().min(0).max(10_000_000),
    capacity: z.number().int().min(1).max(100_000),
    arrivalLeadMinutes: z.number().int().min(1).max(240).default(30),
    accessCode: requiredText(64).nullable().optional(),
    /** When booking opens; null or absent: at once. Must come before registration ends. */
    registrationOpensAt: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Candidates queue in a waiting room for an admission before booking (contract/queue.ts); absent: unchanged. */
    waitingRoom: z.boolean().optional(),
  })
  .strict()
  .refine((draft) => Date.parse(draft.registrationEndsAt) < Date.parse(draft.startsAt), {
    message: 'REGISTRATION_ENDS_AFTER_START',
    path: ['registrationEndsAt'],
  })
  .refine(
    (draft) =>
      !draft.registrationOpensAt || Date.parse(draft.registrationOpensAt) < Date.parse(draft.registrationEndsAt),
    { message: 'REGISTRATION_OPENS_AFTER_END', path: ['registrationOpensAt'] },
  );
export type ExamDraft = z.infer<typeof examDraft>;

export const examCancelResponse = z.object({
  exam: centerExam,
  /** Paid registrations canceled and refunded through the payment provider. */
  refunded: z.number().int().nonnegative(),
  /** Unpaid holds released. */
  released: z.number().int().nonnegative(),
  /** Candidates told (in the app at once; by SMS and e-mail as they chose, through the notification outbox). */
  notified: z.number().int().nonnegative(),
});
export type ExamCancelResponse = z.infer<typeof examCancelResponse>;

/** One line of an exam's roster. */
export const rosterEntry = z.object({
  registrationId: id,
  name: z.string(),
  /** E.164 login phone. */
  phone: z.string(),
  maskedIdNumber: z.string(),
  status: registrationStatus,
  checkedInAt: isoDateTime.nullable(),
  outcome: resultOutcome.nullable(),
  certificateNumber: z.string().nullable(),
  /** The room's name and the seat number, once seats are allocated; null before. */
  room: z.string().nullable(),
  seat: z.number().int().positive().nullable(),
  /** The candidate's current ID photo (its image and any rejection); null when the profile has none. */
  photo: candidatePhoto.nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

export const rosterQuery = pageQuery.extend({
  /** Name, phone or ID number, or a part of one. */
  q: text().trim().max(64).optional(),
  status: registrationStatus.optional(),
});
export const roster = paged(rosterEntry);
export type Roster = z.infer<typeof roster>;

/** `GET /api/center/exams/:id/roster.xlsx`: a file download (bearer token), not an envelope. */
export const ROSTER_EXPORT_PATH = rosterExport.path;

export const examinerAssignment = z.object({ phone: phoneInput }).strict();
export const assignedExaminer = z.object({
  userId: id,
  /** E.164. */
  phone: z.string(),
  name: z.string(),
  assignedAt: isoDateTime,
  /** The room of the exam whose door this examiner keeps; null: any room of the exam. */
  roomId: id.nullable(),
});
export type AssignedExaminer = z.infer<typeof assignedExaminer>;

/** `PUT /api/center/exams/:id/examiners/:userId`: the room (one of the exam's) an examiner keeps the door of, or none. */
export const examinerRoom = z.object({ roomId: id.nullable() }).strict();

export const resultEntry = z.object({ outcome: resultOutcome }).strict();

/**
 * `POST /api/center/exams/:id/results/upload` (multipart `file`, .xlsx or .csv): columns phone or ID card number,
 * and result (pass / fail / 通过 / 不通过). Rows that match no checked-in candidate come back with their reason.
 */
export const RESULT_ROW_REASONS = [
  'CANDIDATE_NOT_FOUND',
  'NOT_CHECKED_IN',
  'OUTCOME_INVALID',
  'DUPLICATE_ROW',
] as const;
export const resultUpload = z.object({
  updated: z.number().int().nonnegative(),
  rejected: z.array(z.object({ row: z.number().int().positive(), reason: z.enum(RESULT_ROW_REASONS) })),
});
export type ResultUpload = z.infer<typeof resultUpload>;

export const resultPublication = z.object({
  /** Registrations moved to completed. */
  completed: z.number().int().nonnegative(),
  /** Certificate numbers issued (one per pass). */
  certificates: z.number().int().nonnegative(),
  publishedAt: isoDateTime,
});
export type ResultPublication = z.infer<typeof resultPublication>;

export const centerExamParams = z.object({ id });
export const centerExamRegistrationParams = z.object({ id, registrationId: id });
export const centerExamExaminerParams = z.object({ id, userId: id });

/** `GET /api/verify/:number` (public, rate limited): what a certificate proves, with the name masked. */
export const certificateVerification = z.object({
  certificateNumber: z.string(),
  /** 张*三, L** H**: enough to match a person in front of you, not to learn a name. */
  maskedName: z.string(),
  exam: z.object({ code: z.string(), name: localizedText, startsAt: isoDateTime, timeZone: z.string() }),
  outcome: resultOutcome,
  publishedAt: isoDateTime,
});
export type CertificateVerification = z.infer<typeof certificateVerification>;
export const certificateParams = z.object({ number: text().max(64) });

/** A room of the center where it seats candidates: seats are numbered 1 to `seats`. */
export const room = z.object({
  id,
  name: z.string(),
  building: z.string(),
  floor: z.string(),
  seats: z.number().int().positive(),
});
export type Room = z.infer<typeof room>;

/** `POST /api/center/rooms` and `PUT /api/center/rooms/:id`: a name unique at the center, and its seats. */
export const roomDraft = z
  .object({
    name: requiredText(50),
    building: text().trim().max(50).default(''),
    floor: text().trim().max(20).default(''),
    seats: z.number().int().min(1).max(2000),
  })
  .strict();
export type RoomDraft = z.infer<typeof roomDraft>;
export const roomParams = z.object({ id });

/**
 * An exam's seating: the rooms it uses, when its tickets are released (the center's date, else 7 days before the
 * start) and how far allocation went. Seats can be allocated again until the tickets are released.
 */
export const examSeating = z.object({
  rooms: z.array(room),
  /** The rooms' seats together; they cover the exam's capacity. */
  totalSeats: z.number().int().nonnegative(),
  capacity: z.number().int().positive(),
  ticketsReleaseAt: isoDateTime,
  /** The center chose the release date (false: the default, 7 days before the start). */
  ticketsReleaseSet: z.boolean(),
  ticketsReleased: z.boolean(),
  /** When seats were last allocated, or null. */
  allocatedAt: isoDateTime.nullable(),
  /** Candidates holding a seat (awaiting payment, registered or checked in) with a room and seat, and without. */
  seated: z.number().int().nonnegative(),
  unseated: z.number().int().nonnegative(),
});
export type ExamSeating = z.infer<typeof examSeating>;

/**
 * `PUT /api/center/exams/:id/seating`: the rooms the exam uses (their seats must cover its capacity) and the release
 * date (null: 7 days before the start). Changing the rooms clears seats in rooms no longer used.
 */
export const examSeatingUpdate = z
  .object({
    roomIds: z.array(id).min(1).max(500),
    ticketsReleaseAt: isoDateTime.nullable(),
  })
  .strict();
export type ExamSeatingUpdate = z.infer<typeof examSeatingUpdate>;

/** `PUT /api/center/exams/:id/seats/:registrationId`: one candidate to a free seat of one of the exam's rooms. */
export const seatMove = z.object({ roomId: id, seat: z.number().int().positive() }).strict();
export type SeatMove = z.infer<typeof seatMove>;

/** One seat of a room's chart: who sits there, or nobody (`registrationId` and `name` null). */
export const chartSeat = z.object({
  seat: z.number().int().positive(),
  registrationId: id.nullable(),
  name: z.string().nullable(),
});
/** `GET /api/center/exams/:id/seat-chart`: each of the exam's rooms with every seat, in seat order. */
export const seatChart = z.array(z.object({ room, seats: z.array(chartSeat) }));
export type SeatChart = z.infer<typeof seatChart>;

/**
 * `GET /api/center/exams/:id/door-list.pdf`: per room, the door list (the candidates with photo, name, masked ID
 * number, seat and a box to tick) and the seat chart, one room after another on new pages; `roomId` prints one room.
 */
export const doorListQuery = z.object({
  roomId: id.optional(),
  lang: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
});
