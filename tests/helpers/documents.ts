import sharp from 'sharp';
import type { TicketDocument } from '../../server/documents/types';
import { createTicketSigner } from '../../server/domain/tickets';
import { uuidv7 } from '../../server/ids';

/**
 * Plain data for the document renderers (server/documents): tickets with real signed tokens and ID photos made
 * here.
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
