import { z } from 'zod';

/** A text the data carries in both languages (exam and center names); the front end picks by locale. */
export const localizedText = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;

/**
 * Any text a request carries: a body field, a query or path parameter. PostgreSQL text cannot hold U+0000, so a NUL
 * is refused here, by the contract, naming its field, instead of failing a query (500); every string a request schema
 * takes is built on this.
 */
export const text = () =>
  z.string().refine((value) => !value.includes('\u0000'), { message: 'Text must not contain the NUL character' });

/** A text that must be filled in (after trimming), of at most `max` characters. */
export const requiredText = (max: number) => text().trim().min(1).max(max);

/** Unguessable ids (UUID v7) for everything that reaches the browser. */
export const id = z.uuid();

/**
 * The id in the URL of a stored file (an avatar, a logo, a license). Any text: such URLs are links, so a malformed id
 * is answered as an unknown one is (404 NOT_FOUND), not as a validation error.
 */
export const fileIdParams = z.object({ id: text() });

/** ISO 8601 instant with offset, as the server sends timestamps. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Money is integer fen (CNY cents) everywhere. */
export const fen = z.number().int().nonnegative();
