import { z } from 'zod';
import { fen, id, isoDateTime, localizedText, text } from './common';
import { paged, pageQuery } from './envelope';

export const province = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
export type Province = z.infer<typeof province>;

export const city = z.object({ code: z.string(), name: z.string(), nameEn: z.string(), provinceCode: z.string() });
export type City = z.infer<typeof city>;

/** `GET /api/city?q=<province code>` (spec section 7: q is the selected province). */
export const cityQuery = z.object({
  q: text()
    .trim()
    .regex(/^\d{2}$/),
});

export const category = z.object({ id, code: z.string(), name: localizedText });
export type Category = z.infer<typeof category>;

export const EXAM_STATUSES = ['active', 'inactive', 'canceled', 'completed'] as const;
export const examStatus = z.enum(EXAM_STATUSES);
export type ExamStatus = z.infer<typeof examStatus>;

export const examSummary = z.object({
  id,
  /** The exam code candidates search by (e.g. HSK-4-2026-12). */
  code: z.string(),
  name: localizedText,
  category: category,
  organization: z.object({ id, name: localizedText }).nullable(),
  center: z.object({ id, name: localizedText }),
  /** Street address of the venue. */
  location: localizedText,
  province: province,
  city: city,
  startsAt: isoDateTime,
  registrationEndsAt: isoDateTime,
  /** IANA zone the exam's times are shown in. */
  timeZone: z.string(),
  feeFen: fen,
  capacity: z.number().int().nonnegative(),
  seatsLeft: z.number().int().nonnegative(),
  status: examStatus,
  arrivalLeadMinutes: z.number().int().positive(),
  /** Booking needs the exam's access code; the code itself never leaves the server. */
  requiresAccessCode: z.boolean(),
  /** When booking opens (a countdown before it); null: open since it was published. */
  registrationOpensAt: isoDateTime.nullable(),
  /** Booking needs an admission token from the exam's waiting room (contract/queue.ts). */
  waitingRoom: z.boolean(),
});
export type ExamSummary = z.infer<typeof examSummary>;

const dateOnly = z.iso.date();

/** `GET /api/front/exams`: open exams, soonest first. */
export const examListQuery = pageQuery.extend({
  category: text().trim().max(64).optional(),
  province: text()
    .trim()
    .regex(/^\d{2}$/)
    .optional(),
  city: text()
    .trim()
    .regex(/^\d{4}$/)
    .optional(),
  q: text().trim().max(100).optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
});
export type ExamListQuery = z.infer<typeof examListQuery>;

export const examList = paged(examSummary);
export type ExamList = z.infer<typeof examList>;

export const examIdParams = z.object({ id });
