import { z } from 'zod';

/** A text the data carries in both languages (exam and center names); the front end picks by locale. */
export const localizedText = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;

/** Unguessable ids (UUID v7) for everything that reaches the browser. */
export const id = z.uuid();

/** ISO 8601 instant with offset, as the server sends timestamps. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Money is integer fen (CNY cents) everywhere. */
export const fen = z.number().int().nonnegative();
