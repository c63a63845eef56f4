import type { Db } from '../../server/db/client';
import { categories, exams, organizations, testCenters } from '../../server/db/schema';
import { uuidv7 } from '../../server/ids';

type ExamInsert = typeof exams.$inferInsert;

/** A category, an organization and a center per city, to hang test exams on. */
export async function insertCatalogBasics(db: Db) {
  const category = { id: uuidv7(), code: 'sports', nameZh: '体育运动', nameEn: 'Sports' };
  const otherCategory = { id: uuidv7(), code: 'language', nameZh: '语言能力', nameEn: 'Language proficiency' };
  await db.insert(categories).values([category, otherCategory]);
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
  });
  const beijing = center('11', '1101', 'Beijing');
  const shenzhen = center('44', '4403', 'Shenzhen');
  await db.insert(testCenters).values([beijing, shenzhen]);
  return { category, otherCategory, organization, beijing, shenzhen };
}

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
