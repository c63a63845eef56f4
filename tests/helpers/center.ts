import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { creditCodeCheckCharacter } from '../../contract/creditCode';
import { testCenters } from '../../server/db/schema';
import { dataOf, loginAs, multipart, type TestApp } from './app';
import { nextPhone } from './booking';
import { userIdOf } from './fixtures';

const DAY = 86_400_000;

/** A unified social credit code with the right GB 32100 check character. */
export function taxId(first17 = '91110108MA01C3X2L'): string {
  return `${first17}${creditCodeCheckCharacter(first17)}`;
}

/** A PNG of the given size, made by sharp (so it really decodes). */
export function png(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

function pdfWithComment(comment: string): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = `%PDF-1.4\n${comment}`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/**
 * A minimal but well-formed one-page PDF (catalog, pages, page, a correct xref table); with `size`, a comment line
 * pads it to exactly that many bytes.
 */
export function pdf(size?: number): Buffer {
  let text = pdfWithComment('');
  if (size !== undefined) {
    let padding = size - text.length - 2;
    // The startxref number may gain a digit as the padding grows: settle in a step or two.
    for (let i = 0; i < 3 && text.length !== size; i += 1) {
      text = pdfWithComment(`%${'x'.repeat(padding)}\n`);
      padding += size - text.length;
    }
  }
  return Buffer.from(text, 'latin1');
}

/** Uploads a file to one of the center's document endpoints as a browser would. */
export function uploadDocument(
  t: TestApp,
  auth: Record<string, string>,
  kind: 'license' | 'logo',
  file: Buffer,
  fileName = 'license.png',
  contentType = 'image/png',
) {
  const body = multipart(file, fileName, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/center/profile/${kind}`,
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

/** A whole, valid center profile body naming `licenseId` (Beijing, capacity 100 unless given). */
export function profileBody(licenseId: string, fields: Record<string, unknown> = {}) {
  return {
    businessName: '北京海淀考试中心',
    licenseId,
    taxId: taxId(),
    capacity: 100,
    contactName: '王老师',
    contactPhone: '+86 138-0013-8000',
    provinceCode: '11',
    cityCode: '1101',
    address: '北京市海淀区中关村大街 1 号',
    ...fields,
  };
}

/**
 * A logged-in test center with a complete profile (a PNG license), ready to create exams; approved by an operator
 * (its exams listed and bookable) unless `pending` says to leave it in the verification queue.
 */
export async function readyCenter(
  t: TestApp,
  fields: Record<string, unknown> = {},
  options: { pending?: boolean } = {},
) {
  const phone = nextPhone();
  const auth = await loginAs(t, phone, 'testCenter');
  const license = dataOf('uploadLicense', await uploadDocument(t, auth, 'license', await png()));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/center/profile',
    headers: auth,
    payload: profileBody(license.id, fields),
  });
  const profile = dataOf('saveCenterProfile', res);
  if (options.pending) return { phone, auth, profile };
  const ownerId = await userIdOf(t.database.db, phone, 'testCenter');
  await t.database.db
    .update(testCenters)
    .set({ verificationStatus: 'approved' })
    .where(eq(testCenters.ownerId, ownerId));
  const approved = await t.app.inject({ method: 'GET', url: '/api/center/profile', headers: auth });
  return { phone, auth, profile: dataOf('centerProfile', approved) };
}

let codeCounter = 0;

/** A valid exam draft with a fresh code, starting ten days after the test clock. */
export function examDraft(t: TestApp, categoryId: string, fields: Record<string, unknown> = {}) {
  codeCounter += 1;
  const startsAt = new Date(t.clock.now.getTime() + 10 * DAY);
  return {
    code: `CTR-${process.pid}-${codeCounter}`,
    name: { zh: '中心考试', en: 'Center exam' },
    categoryId,
    location: { zh: '一号楼 101', en: 'Building 1, Room 101' },
    startsAt: startsAt.toISOString(),
    registrationEndsAt: new Date(startsAt.getTime() - DAY).toISOString(),
    feeFen: 10000,
    capacity: 30,
    ...fields,
  };
}

/** Creates an exam at the center over HTTP and answers it. */
export async function createCenterExam(
  t: TestApp,
  auth: Record<string, string>,
  categoryId: string,
  fields: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/center/exams',
    headers: auth,
    payload: examDraft(t, categoryId, fields),
  });
  return dataOf('createExam', res);
}
