import { and, eq } from 'drizzle-orm';
import { idCardCheckCharacter } from '../../contract/idcard';
import type { Db } from '../../server/db/client';
import {
  avatars,
  categories,
  exams,
  organizations,
  profiles,
  promotions,
  results,
  testCenters,
  users,
} from '../../server/db/schema';
import { uuidv7 } from '../../server/ids';

type ExamInsert = typeof exams.$inferInsert;

/** A reference category (every deployment has them) by its code. */
async function referenceCategory(db: Db, code: string) {
  const [category] = await db.select().from(categories).where(eq(categories.code, code));
  if (!category) throw new Error(`the reference data has no category ${code}`);
  return category;
}

/** Two reference categories, an organization and a center per city, to hang test exams on. */
export async function insertCatalogBasics(db: Db) {
  const category = await referenceCategory(db, 'sports');
  const otherCategory = await referenceCategory(db, 'language');
  const organization = { id: uuidv7(), nameZh: '测试协会', nameEn: 'Test Association' };
  await db.insert(organizations).values(organization);
  const center = (provinceCode: string, cityCode: string, name: string) => ({
    id: uuidv7(),
    nameZh: `${name}考试中心`,
    nameEn: `${name} Test Center`,
    provinceCode,
    cityCode,
    addressZh: `${name}某路 1 号`,
    addressEn: `1 Some Road, ${name}`,
    capacity: 100,
    verificationStatus: 'approved' as const,
  });
  const beijing = center('11', '1101', 'Beijing');
  const shenzhen = center('44', '4403', 'Shenzhen');
  await db.insert(testCenters).values([beijing, shenzhen]);
  return { category, otherCategory, organization, beijing, shenzhen };
}

/** What insertCatalogBasics seeds: the catalog a route test file's shared server starts with. */
export type CatalogBasics = Awaited<ReturnType<typeof insertCatalogBasics>>;

/** Inserts an exam at `center` with sensible defaults; registration closes a day before it starts. */
export async function insertExam(
  db: Db,
  center: { id: string; provinceCode: string; cityCode: string },
  categoryId: string,
  fields: Partial<ExamInsert> & { startsAt: Date },
) {
  const row: ExamInsert = {
    id: uuidv7(),
    code: `EX-${uuidv7().slice(-8)}`,
    nameZh: '测试考试',
    nameEn: 'Test exam',
    categoryId,
    centerId: center.id,
    locationZh: '考场',
    locationEn: 'Hall',
    provinceCode: center.provinceCode,
    cityCode: center.cityCode,
    registrationEndsAt: new Date(fields.startsAt.getTime() - 86_400_000),
    feeFen: 10000,
    capacity: 30,
    ...fields,
  };
  await db.insert(exams).values(row);
  return row;
}

/** The id of the account a phone (as loginAs was given it) has for a kind. */
export async function userIdOf(db: Db, phone: string, kind: 'individual' | 'testCenter' | 'examiner' = 'individual') {
  const e164 = `+86${phone.replace(/\D/g, '').slice(-11)}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, e164), eq(users.kind, kind)));
  if (!row) throw new Error(`no ${kind} account for ${phone}`);
  return row.id;
}

/** A valid ID card number born 1990-03-07 (the check character computed, so any `serial` works). */
export function idCardNumber(serial = '123'): string {
  const first17 = `11010119900307${serial.padStart(3, '0').slice(-3)}`;
  return `${first17}${idCardCheckCharacter(first17)}`;
}

/** A whole 1 x 1 PNG, as a checked upload would store: printed tickets decode it. */
const PIXEL = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b52' +
    '6b0000000c49444154789c633871e2040004b40259162e81400000000049454e44ae426082',
  'hex',
);

async function insertAvatar(db: Db, userId: string): Promise<string> {
  const avatarId = uuidv7();
  await db.insert(avatars).values({ id: avatarId, userId, contentType: 'image/png', image: PIXEL, small: PIXEL });
  return avatarId;
}

/** Gives a user whose profile exists (a group member's, say) a new photo, as an upload and a save would. */
export async function insertPhoto(db: Db, userId: string): Promise<string> {
  const avatarId = await insertAvatar(db, userId);
  await db.update(profiles).set({ avatarId }).where(eq(profiles.userId, userId));
  return avatarId;
}

/** Fills in every required profile field of a user directly (with an avatar row), so the user may book. */
export async function insertCompleteProfile(
  db: Db,
  userId: string,
  fields: { name?: string; invitationCode?: string | null; idNumber?: string } = {},
) {
  const avatarId = await insertAvatar(db, userId);
  await db
    .update(users)
    .set({ name: fields.name ?? '张三', avatarSmall: `/api/front/avatars/${avatarId}/small` })
    .where(eq(users.id, userId));
  await db.insert(profiles).values({
    userId,
    gender: 'male',
    email: 'candidate@example.com',
    contactPhone: '+8613900000000',
    address: '北京市海淀区中关村大街 1 号',
    idNumber: fields.idNumber ?? idCardNumber(),
    dateOfBirth: '1990-03-07',
    provinceCode: '11',
    cityCode: '1101',
    avatarId,
    invitationCode: fields.invitationCode ?? null,
  });
}

/** An invitation code (referral discount) and promotion codes valid around `now`. */
export async function insertDiscountCodes(db: Db, now: Date) {
  const year = 365 * 86_400_000;
  const validFrom = new Date(now.getTime() - year);
  const validUntil = new Date(now.getTime() + year);
  const code = (fields: Omit<typeof promotions.$inferInsert, 'id' | 'validFrom' | 'validUntil'>) => ({
    id: uuidv7(),
    validFrom,
    validUntil,
    ...fields,
  });
  await db.insert(promotions).values([
    code({ code: 'FRIEND2026', kind: 'invitation', discountBps: 500 }),
    code({ code: 'OLDFRIEND', kind: 'invitation', discountBps: 500, active: false }),
    code({ code: 'SPRING10', kind: 'promotion', discountBps: 1000 }),
    code({ code: 'WELCOME20', kind: 'promotion', amountFen: 2000 }),
    code({ code: 'FREE100', kind: 'promotion', discountBps: 10000 }),
    {
      ...code({ code: 'EXPIRED', kind: 'promotion', discountBps: 1000 }),
      validUntil: new Date(now.getTime() - 1000),
    },
  ]);
}

/** A result row for a registration; `publishedAt` null keeps it unpublished. */
export async function insertResult(
  db: Db,
  registrationId: string,
  fields: { outcome: 'pass' | 'fail'; certificateNumber?: string | null; publishedAt: Date | null },
) {
  await db.insert(results).values({
    registrationId,
    outcome: fields.outcome,
    certificateNumber: fields.certificateNumber ?? null,
    publishedAt: fields.publishedAt,
  });
}
