import { z } from 'zod';
import { orderView } from './booking';
import { fen, id, isoDateTime, localizedText, requiredText, text } from './common';
import { paged, pageQuery } from './envelope';

/** A fapiao request: requested (recorded, shown to operators), issued (through the tax platform, outside) or rejected. */
export const FAPIAO_STATUSES = ['requested', 'issued', 'rejected'] as const;
export const fapiaoStatus = z.enum(FAPIAO_STATUSES);
export type FapiaoStatus = z.infer<typeof fapiaoStatus>;

/** An order's fapiao request as its payer sees it: what they asked for and where it stands. */
export const fapiaoView = z.object({
  id,
  title: z.string(),
  /** The buyer's unified social credit code, or empty for a person. */
  taxId: z.string(),
  email: z.string(),
  status: fapiaoStatus,
  /** The operator's words when issued or rejected (why, or the fapiao's number); empty while requested. */
  note: z.string(),
  requestedAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type FapiaoView = z.infer<typeof fapiaoView>;

/**
 * `GET /api/front/orders/:id/receipt`: one of my paid (or since refunded) orders as its receipt: the order's own
 * breakdown, transaction and refunds, who paid, whom it paid for, and its fapiao request.
 */
export const receiptView = z.object({
  order: orderView,
  /** The payer's name and masked phone (+86 138****8000), as the PDF prints them. */
  payer: z.object({ name: z.string(), phone: z.string() }),
  /** The company that issues the receipt. */
  issuer: localizedText,
  promoCode: z.string().nullable(),
  /** The registrations the order paid for (one for a candidate's own booking, each member's for a group). */
  items: z.array(z.object({ registrationId: id, candidateName: z.string() })),
  /** The newest fapiao request: the standing one, else the last rejected; null when none was made. */
  fapiao: fapiaoView.nullable(),
  /** Whether a fapiao may be asked for now: the order is paid and no request stands. */
  canRequestFapiao: z.boolean(),
});
export type ReceiptView = z.infer<typeof receiptView>;

export const receiptFileQuery = z.object({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });

/**
 * `POST /api/front/orders/:id/fapiao`: the fapiao's title (a company's or a person's name), the buyer's unified social
 * credit code (empty for a person; FAPIAO_TAX_ID_INVALID when not a valid code) and where it is e-mailed.
 */
export const fapiaoRequest = z
  .object({
    title: requiredText(100),
    taxId: text().trim().toUpperCase().max(18),
    email: z.email().max(254),
  })
  .strict();
export type FapiaoRequest = z.infer<typeof fapiaoRequest>;

/** One fapiao request as operators see it: the request, its order and payer. */
export const opsFapiao = fapiaoView.extend({
  orderId: id,
  orderTotalFen: fen,
  orderRefundedFen: fen,
  payer: z.object({ name: z.string(), phone: z.string() }),
  exam: z.object({ code: z.string(), name: localizedText }),
});
export type OpsFapiao = z.infer<typeof opsFapiao>;

export const opsFapiaoQuery = pageQuery.extend({ status: fapiaoStatus.optional() }).strict();
export const opsFapiaoList = paged(opsFapiao);
export type OpsFapiaoList = z.infer<typeof opsFapiaoList>;

/** An operator's decision on a requested fapiao: issued (outside, on the tax platform) or rejected, with a note. */
export const opsFapiaoDecision = z
  .object({ status: z.enum(['issued', 'rejected']), note: text().trim().max(500) })
  .strict()
  .refine((value) => value.status !== 'rejected' || value.note.length > 0, {
    message: 'A rejection says why',
    path: ['note'],
  });
export type OpsFapiaoDecision = z.infer<typeof opsFapiaoDecision>;
