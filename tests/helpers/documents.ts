import sharp from 'sharp';
import type { ReceiptDocument, TicketDocument } from '../../server/documents/types';
import { createTicketSigner } from '../../server/domain/tickets';
import { uuidv7 } from '../../server/ids';

/**
 * Plain data for the document renderers (server/documents): tickets with real signed tokens, ID photos made here,
 * a receipt with every line of the checkout. Used by their tests and by `npm run bench:documents`.
 */

const signer = createTicketSigner({ appSecret: 'documents-test-secret-of-some-length', ticketSigningKey: undefined });

/** A portrait ID photo (295 × 413 px, the smallest issue 15 accepts): a face and shoulders on a blue ground. */
export async function idPhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const block = (width: number, height: number, colour: string) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width: 295, height: 413, channels: 3, background: '#7AA6C2' } }).composite([
    { input: await block(120, 150, '#F1C9A5'), left: 88, top: 70 },
    { input: await block(230, 170, '#2F4F6F'), left: 33, top: 243 },
  ]);
  return image[format]().toBuffer();
}

export const EXAM_STARTS_AT = '2026-12-05T01:00:00.000Z';

/** One candidate's ticket for HSK 4 in Beijing (09:00 China Standard Time), seat allocated; `overrides` win. */
export async function ticketDocument(
  overrides: { photo?: Buffer | null; name?: string; seat?: TicketDocument['seat'] } = {},
): Promise<TicketDocument> {
  const registrationId = uuidv7();
  const examId = uuidv7();
  return {
    registrationId,
    token: await signer.signTicket({ registrationId, examId, startsAt: new Date(EXAM_STARTS_AT) }),
    candidate: {
      name: overrides.name ?? '张晓明',
      maskedIdNumber: '110105********002X',
      photo: overrides.photo === undefined ? await idPhoto() : overrides.photo,
    },
    exam: {
      code: 'HSK-4-2026-12',
      name: { zh: '汉语水平考试 HSK 四级', en: 'Chinese Proficiency Test HSK Level 4' },
      startsAt: EXAM_STARTS_AT,
      timeZone: 'Asia/Shanghai',
      arrivalLeadMinutes: 30,
    },
    center: {
      name: { zh: '北京语言大学考点', en: 'Beijing Language and Culture University Test Center' },
      address: {
        zh: '北京市海淀区学院路15号 教学楼A座',
        en: 'Building A, 15 Xueyuan Road, Haidian District, Beijing',
      },
    },
    seat: overrides.seat === undefined ? { room: '301', building: 'A', floor: '3', seat: 17 } : overrides.seat,
  };
}

/** A group order of 3 seats with every discount, a handling charge and two refunds (one done, one still asked). */
export function receiptDocument(overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    orderId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    purpose: 'booking',
    payer: { name: '李华', phone: '+8613800138000' },
    issuer: { zh: '考试能力科技有限公司', en: 'Exam Ability Technology Co., Ltd.' },
    paidAt: '2026-11-02T06:30:00.000Z',
    transactionId: '4200001234202611020123456789',
    items: [
      {
        exam: {
          code: 'HSK-4-2026-12',
          name: { zh: '汉语水平考试 HSK 四级', en: 'Chinese Proficiency Test HSK Level 4' },
          startsAt: EXAM_STARTS_AT,
          timeZone: 'Asia/Shanghai',
        },
        unitPriceFen: 45_000,
        quantity: 3,
      },
    ],
    breakdown: {
      subtotalFen: 135_000,
      referralDiscountFen: 6_750,
      promotionDiscountFen: 10_000,
      groupDiscountFen: 5_963,
      handlingFen: 356,
      totalFen: 112_643,
    },
    promoCode: 'WINTER26',
    refunds: [
      { requestedAt: '2026-11-20T02:00:00.000Z', reason: 'canceled', state: 'succeeded', amountFen: 37_547 },
      { requestedAt: '2026-11-21T03:15:00.000Z', reason: 'exam_canceled', state: 'requested', amountFen: 37_548 },
    ],
    ...overrides,
  };
}
