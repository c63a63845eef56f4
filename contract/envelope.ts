import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** How the front end shows a failed call (spec section 8). */
export const ShowType = {
  SILENT: 0,
  WARN_MESSAGE: 1,
  ERROR_MESSAGE: 2,
  NOTIFICATION: 4,
  REDIRECT: 9,
} as const;
export type ShowType = (typeof ShowType)[keyof typeof ShowType];

export const errorEnvelope = z.object({
  success: z.literal(false),
  errorCode: z.enum(ERROR_CODES),
  errorMessage: z.string(),
  showType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(9)]),
  /** Field-level problems of a VALIDATION_FAILED answer: the dotted path and what is wrong there. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The success envelope around a response's data. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type Envelope<T> = { success: true; data: T } | ErrorEnvelope;

/** Paged lists answer `{list, total, current, pageSize}` (DESIGN.md section 3). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    current: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
