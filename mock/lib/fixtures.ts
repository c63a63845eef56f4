/**
 * The data `npm run dev` shows, the same on every start (a seeded generator): sixty open exams across six categories
 * and twelve provinces, for paging and filters; the exams a returning account's history names (one starting within
 * the hour, one held yesterday, six past ones); and people with plausible names, mobile numbers and ID numbers whose
 * birth dates, genders and check characters agree. Provinces and cities are the server's reference data, times are
 * Shanghai times as in its demo data. Excluded from Umi's mock glob: a library, not a mock file.
 */
import type { AssignedExaminer, ExamSummary, Gender, LocalizedText } from '../../contract';
import { idCardCheckCharacter } from '../../contract/idcard';
import { shanghaiTime } from '../../server/db/seed/demo';
import { referenceRegions } from '../../server/db/seed/reference';

let seed = 20_260_101;
/** mulberry32: small, seeded, and good enough to make data look varied. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
const digits = (count: number) => Array.from({ length: count }, () => int(0, 9)).join('');

let lastId = 0;
/** A UUID (version 7 in form, as the server's ids), unique for the life of the dev server. */
export const newId = () => `0192f0c0-0000-7000-8000-${(lastId++).toString(16).padStart(12, '0')}`;

export const { provinces, cities } = referenceRegions();

/** Category code, its names, and two subjects of its exams ("中文|English"). */
const SUBJECTS = [
  ['language', '语言能力|Languages', '汉语水平考试|Chinese Proficiency Test', '英语口语测评|English Speaking Test'],
  ['computing', '信息技术|Computing', 'Python 编程|Python Programming', '数据库应用|Databases'],
  ['finance', '财务会计|Accounting', '会计实务|Accounting Practice', '税务基础|Tax Basics'],
  ['sports', '体育技能|Sports', '游泳技能|Swimming Skills', '篮球裁判|Basketball Referee'],
  ['arts', '艺术考级|Arts', '钢琴演奏|Piano Performance', '硬笔书法|Pen Calligraphy'],
  ['safety', '安全急救|Safety', '心肺复苏|CPR', '消防安全|Fire Safety'],
];
const text = (both = ''): LocalizedText => {
  const [zh = '', en = ''] = both.split('|');
  return { zh, en };
};
export const categories = SUBJECTS.map(([code = '', name]) => ({ id: newId(), code, name: text(name) }));

export const organizations = [
  { id: newId(), name: { zh: '全国技能测评协会', en: 'National Skills Assessment Association' } },
  { id: newId(), name: { zh: '示范大学继续教育学院', en: 'Example University School of Continuing Education' } },
];

/** The codes checkout accepts, as the server's demo data has them: a percentage and a fixed amount off. */
export const PROMOTIONS = [
  { code: 'SPRING10', discountBps: 1000, amountFen: null },
  { code: 'WELCOME20', discountBps: null, amountFen: 2000 },
];
/** The invitation code a profile may carry, and the referral discount it earns. */
export const INVITATION = { code: 'FRIEND2026', discountBps: 500 };
/** The access code of the exams that need one. */
export const ACCESS_CODE = 'INVITED';

const centerOf = (provinceCode: string, n: number) => {
  const province = provinces.find((item) => item.code === provinceCode) ?? provinces[0];
  const city = cities.find((item) => item.provinceCode === province?.code) ?? cities[0];
  if (!province || !city) throw new Error('no reference regions');
  const name = { zh: `${city.name}第${n}考试中心`, en: `${province.nameEn} Test Center ${n}` };
  const location = { zh: `${city.name}示范路 ${n * 12} 号`, en: `${n * 12} Example Road, ${province.nameEn}` };
  return { id: newId(), name, province, city, location };
};
const centers = ['11', '31', '44', '33', '32', '51', '42', '61', '37', '50', '35', '43'].map((code, i) =>
  centerOf(code, i + 1),
);

/** One of the catalog's twelve centers, by any number. */
export const centerAt = (n: number) => centers[n % centers.length] as (typeof centers)[number];

export interface MockExam extends Omit<ExamSummary, 'seatsLeft' | 'requiresAccessCode'> {
  accessCode: string | null;
  seatsTaken: number;
  /** The returning test center account whose exam it is; null for the catalog's own centers. */
  ownerId: string | null;
  examiners: AssignedExaminer[];
  resultsPublishedAt: string | null;
}

/** An exam at one of the catalog's centers (or the given one), starting at `startsAt`. */
export function examAt(startsAt: Date, center = pick(centers)): MockExam {
  const n = int(0, categories.length - 1);
  const category = categories[n] as (typeof categories)[number];
  const level = int(1, 5);
  const subject = text(pick(SUBJECTS[n]?.slice(2) ?? []));
  const capacity = pick([20, 30, 40, 60, 80]);
  const id = newId();
  const day = startsAt.toISOString().slice(0, 10).replaceAll('-', '');
  return {
    id,
    code: `${category.code.slice(0, 4).toUpperCase()}-${level}-${day}-${id.slice(-3).toUpperCase()}`,
    name: { zh: `${subject.zh}（${level}级）`, en: `${subject.en}, level ${level}` },
    category,
    organization: random() < 0.3 ? pick(organizations) : null,
    center: { id: center.id, name: center.name },
    location: center.location,
    province: center.province,
    city: center.city,
    startsAt: startsAt.toISOString(),
    registrationEndsAt: new Date(startsAt.getTime() - 2 * 86_400_000).toISOString(),
    registrationOpensAt: null,
    waitingRoom: false,
    timeZone: 'Asia/Shanghai',
    feeFen: pick([9_900, 15_000, 19_900, 25_000, 32_000, 45_000, 68_000]),
    capacity,
    arrivalLeadMinutes: pick([15, 30, 45]),
    status: 'active',
    accessCode: null,
    seatsTaken: int(0, capacity - 1),
    ownerId: null,
    examiners: [],
    resultsPublishedAt: null,
  };
}

const now = new Date();
/** Every exam by id: the catalog's, the history's, and those returning test centers run. */
export const exams = new Map<string, MockExam>();
const add = (exam: MockExam) => exams.set(exam.id, exam).get(exam.id) as MockExam;

for (let i = 0; i < 60; i += 1) {
  const exam = add(examAt(shanghaiTime(now, 4 + Math.floor(i * 1.5), pick([9, 14]))));
  if (i % 9 === 4) exam.seatsTaken = exam.capacity;
  if (i % 15 === 7) exam.accessCode = ACCESS_CODE;
}

/** The exams of a returning candidate's history, and the door an examiner keeps (it starts within the hour). */
export const history = {
  door: add({ ...examAt(new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000), centerAt(0)), capacity: 60 }),
  yesterday: add(examAt(shanghaiTime(now, -1, 9))),
  past: [20, 45, 80, 120, 160, 200].map((days) => {
    const exam = examAt(shanghaiTime(now, -days, 9));
    const resultsPublishedAt = new Date(Date.parse(exam.startsAt) + 7 * 86_400_000).toISOString();
    return add({ ...exam, status: 'completed', resultsPublishedAt });
  }),
};

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
/** Given names by gender, so that a name, a gender and an ID number's 17th digit agree. */
const GIVEN = { male: [...'伟磊洋勇杰涛明超强军'], female: [...'芳娜敏静艳娟霞丽婷雪'] };

export interface Person {
  name: string;
  /** E.164. */
  phone: string;
  idNumber: string;
  gender: Gender;
  /** yyyy-mm-dd, as the ID number says. */
  dateOfBirth: string;
}

/** Someone plausible: the ID number's region, birth date, gender digit and check character agree. */
export function person(phone = `+861${pick([...'3456789'])}${digits(9)}`): Person {
  const gender: Gender = random() < 0.5 ? 'male' : 'female';
  const dateOfBirth = new Date(Date.UTC(int(1970, 2008), int(0, 11), int(1, 28))).toISOString().slice(0, 10);
  const region = `${pick(cities).code}${digits(2)}`;
  const sequence = `${digits(2)}${int(0, 4) * 2 + (gender === 'male' ? 1 : 0)}`;
  const first17 = `${region}${dateOfBirth.replaceAll('-', '')}${sequence}`;
  const name = pick([...SURNAMES]) + pick(GIVEN[gender]);
  return { name, phone, idNumber: first17 + idCardCheckCharacter(first17), gender, dateOfBirth };
}
