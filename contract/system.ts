import { z } from 'zod';

export const health = z.object({ status: z.literal('ok') });
export const ready = z.object({ status: z.literal('ready'), database: z.literal('ok') });
