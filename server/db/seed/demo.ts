import { count } from 'drizzle-orm';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { categories, exams, organizations, promotions, testCenters } from '../schema';
import { REFERENCE_ORGANIZATIONS } from './reference';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** `hour`:00 Asia/Shanghai, `days` calendar days after the Shanghai date of `now` (China has no DST). */
export function shanghaiTime(now: Date, days: number, hour: number): Date {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const utcMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  return new Date(utcMidnight + hour * 3600_000 - SHANGHAI_OFFSET_MS);
}

const CENTERS = [
  {
    key: 'bj',
    nameZh: '北京海淀考试中心',
    nameEn: 'Beijing Haidian Test Center',
    provinceCode: '11',
    cityCode: '1101',
    addressZh: '北京市海淀区中关村大街 59 号',
    addressEn: '59 Zhongguancun Street, Haidian District, Beijing',
    capacity: 120,
    contactName: '王老师',
    contactPhone: '+8610625100000',
  },
  {
    key: 'sh',
    nameZh: '上海浦东考试中心',
    nameEn: 'Shanghai Pudong Test Center',
    provinceCode: '31',
    cityCode: '3101',
    addressZh: '上海市浦东新区世纪大道 100 号',
    addressEn: '100 Century Avenue, Pudong New Area, Shanghai',
    capacity: 80,
    contactName: '李老师',
    contactPhone: '+862150500000',
  },
  {
    key: 'gz',
    nameZh: '广州天河考试中心',
    nameEn: 'Guangzhou Tianhe Test Center',
    provinceCode: '44',
    cityCode: '4401',
    addressZh: '广州市天河区天河路 208 号',
    addressEn: '208 Tianhe Road, Tianhe District, Guangzhou',
    capacity: 60,
    contactName: '陈老师',
    contactPhone: '+862038800000',
  },
];

interface DemoExam {
  code: string;
  nameZh: string;
  nameEn: string;
  category: string;
  /** One of the reference organizations every deployment starts with. */
  organization: keyof typeof REFERENCE_ORGANIZATIONS | null;
  center: string;
  days: number;
  hour: number;
  feeFen: number;
  capacity: number;
  accessCode?: string;
}

const EXAMS: DemoExam[] = [
  {
    code: 'SWIM-L1',
    nameZh: '游泳技能等级考试（一级）',
    nameEn: 'Swimming Skills Level 1',
    category: 'sports',
    organization: 'sports',
    center: 'bj',
    days: 6,
    hour: 9,
    feeFen: 12000,
    capacity: 40,
  },
  {
    code: 'HSK-4',
    nameZh: '汉语水平考试 HSK 四级',
    nameEn: 'HSK Chinese Proficiency Level 4',
    category: 'language',
    organization: 'language',
    center: 'sh',
    days: 8,
    hour: 9,
    feeFen: 45000,
    capacity: 60,
  },
  {
    code: 'PY-BASIC',
    nameZh: 'Python 编程基础认证',
    nameEn: 'Python Programming Fundamentals',
    category: 'computer',
    organization: null,
    center: 'gz',
    days: 10,
    hour: 14,
    feeFen: 39900,
    capacity: 30,
  },
  {
    code: 'ACC-JR',
    nameZh: '初级会计实务',
    nameEn: 'Junior Accounting Practice',
    category: 'finance',
    organization: null,
    center: 'bj',
    days: 13,
    hour: 9,
    feeFen: 25000,
    capacity: 80,
  },
  {
    code: 'PIANO-G6',
    nameZh: '钢琴演奏考级（六级）',
    nameEn: 'Piano Performance Grade 6',
    category: 'music',
    organization: 'arts',
    center: 'sh',
    days: 15,
    hour: 10,
    feeFen: 68000,
    capacity: 20,
  },
  {
    code: 'CPR-CERT',
    nameZh: '心肺复苏与急救证书',
    nameEn: 'CPR and First Aid Certificate',
    category: 'safety',
    organization: 'sports',
    center: 'gz',
    days: 17,
    hour: 13,
    feeFen: 18000,
    capacity: 50,
  },
  {
    code: 'BASKET-REF',
    nameZh: '篮球裁判员等级考试',
    nameEn: 'Basketball Referee Certification',
    category: 'sports',
    organization: 'sports',
    center: 'sh',
    days: 20,
    hour: 9,
    feeFen: 30000,
    capacity: 35,
  },
  {
    code: 'ENG-SPEAK',
    nameZh: '英语口语能力测试',
    nameEn: 'English Speaking Assessment',
    category: 'language',
    organization: 'language',
    center: 'bj',
    days: 24,
    hour: 14,
    feeFen: 32000,
    capacity: 45,
  },
  {
    code: 'OFFICE-ADV',
    nameZh: '办公软件高级应用',
    nameEn: 'Advanced Office Applications',
    category: 'computer',
    organization: null,
    center: 'sh',
    days: 27,
    hour: 9,
    feeFen: 15000,
    capacity: 70,
  },
  {
    code: 'COACH-FIT',
    nameZh: '健身教练职业能力考试',
    nameEn: 'Fitness Coach Professional Exam',
    category: 'sports',
    organization: 'sports',
    center: 'gz',
    days: 31,
    hour: 9,
    feeFen: 88000,
    capacity: 25,
    accessCode: 'COACH2024',
  },
  {
    code: 'FIN-RISK',
    nameZh: '金融风险管理基础',
    nameEn: 'Financial Risk Management Basics',
    category: 'finance',
    organization: null,
    center: 'gz',
    days: 38,
    hour: 14,
    feeFen: 52000,
    capacity: 40,
  },
  {
    code: 'SWIM-L2',
    nameZh: '游泳技能等级考试（二级）',
    nameEn: 'Swimming Skills Level 2',
    category: 'sports',
    organization: 'sports',
    center: 'bj',
    days: 45,
    hour: 9,
    feeFen: 15000,
    capacity: 40,
  },
];

/** Codes a demo candidate can try at checkout: a referral on the profile, a percent and a fixed promotion. */
const DEMO_CODES = [
  { code: 'FRIEND2026', kind: 'invitation', discountBps: 500, amountFen: null },
  { code: 'SPRING10', kind: 'promotion', discountBps: 1000, amountFen: null },
  { code: 'WELCOME20', kind: 'promotion', discountBps: null, amountFen: 2000 },
] as const;
/** Demo promotions stay valid this many years from the first start. */
const PROMO_VALID_YEARS = 5;

/** Registration closes this many days before the exam starts. */
const REGISTRATION_CLOSES_DAYS = 2;

/**
 * Demo catalogue for a fresh local install: dates are relative to `now` so the demo never goes stale. Runs only on an
 * empty database (no exams yet), after the reference data: its exams use those categories and organizations.
 */
export async function loadDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(exams);
  if ((existing?.n ?? 0) > 0) return false;
  const categoryIds = new Map((await db.select().from(categories)).map((c) => [c.code, c.id]));
  const organizationIds = new Map((await db.select().from(organizations)).map((o) => [o.nameZh, o.id]));
  const centers = new Map(CENTERS.map((c) => [c.key, { ...c, id: uuidv7() }]));
  await db.transaction(async (tx) => {
    // Demo centers are ones an operator has approved: their exams are listed and bookable.
    await tx.insert(testCenters).values(
      [...centers.values()].map(({ key: _key, ...center }) => ({
        ...center,
        verificationStatus: 'approved' as const,
      })),
    );
    await tx.insert(exams).values(
      EXAMS.map((e) => {
        const center = centers.get(e.center);
        const categoryId = categoryIds.get(e.category);
        if (!center || !categoryId) throw new Error(`demo exam ${e.code} names an unknown center or category`);
        const startsAt = shanghaiTime(now, e.days, e.hour);
        return {
          id: uuidv7(),
          code: `${e.code}-${startsAt.toISOString().slice(0, 10).replaceAll('-', '')}`,
          accessCode: e.accessCode ?? null,
          nameZh: e.nameZh,
          nameEn: e.nameEn,
          categoryId,
          organizationId: e.organization
            ? (organizationIds.get(REFERENCE_ORGANIZATIONS[e.organization].nameZh) ?? null)
            : null,
          centerId: center.id,
          locationZh: center.addressZh,
          locationEn: center.addressEn,
          provinceCode: center.provinceCode,
          cityCode: center.cityCode,
          startsAt,
          registrationEndsAt: shanghaiTime(now, e.days - REGISTRATION_CLOSES_DAYS, 23),
          feeFen: e.feeFen,
          capacity: e.capacity,
        };
      }),
    );
    const validUntil = new Date(now);
    validUntil.setUTCFullYear(validUntil.getUTCFullYear() + PROMO_VALID_YEARS);
    const validFrom = new Date(now.getTime() - 86_400_000);
    await tx
      .insert(promotions)
      .values(DEMO_CODES.map((p) => ({ ...p, id: uuidv7(), validFrom, validUntil })))
      .onConflictDoNothing();
  });
  return true;
}
