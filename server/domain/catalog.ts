import type { Category, City, ExamList, ExamListQuery, ExamSummary, Province } from '../../contract';
import { AppError } from '../errors';
import { VISIBLE_CENTER_STATUSES } from './centerVerification';
import type { Repositories } from './ports';
import { toExamSummary } from './views/exams';

export interface CatalogDeps {
  repos: Pick<Repositories, 'catalog' | 'exams'>;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Listing dates are calendar days in China (UTC+8 all year). */
const CHINA_OFFSET = '+08:00';
const DAY_MS = 86_400_000;

/** Whether a category or organization row is active or retired; undefined when there is none. */
export function catalogStatusOf(row: { retiredAt: Date | null } | undefined): 'active' | 'retired' | undefined {
  return row && (row.retiredAt ? 'retired' : 'active');
}

/**
 * Why a category or organization may not be chosen, or undefined when it may: it must exist, and be active unless
 * it is the one the exam or profile already names (retiring an entry keeps it where it is used, offers it no more).
 */
export function catalogChoiceRefusal(
  status: 'active' | 'retired' | undefined,
  id: string,
  current: string | null | undefined,
): 'missing' | 'retired' | undefined {
  if (status === undefined) return 'missing';
  return status === 'retired' && id !== current ? 'retired' : undefined;
}

export async function listProvinces(deps: CatalogDeps): Promise<Province[]> {
  return deps.repos.catalog.provinces();
}

export async function listCities(deps: CatalogDeps, provinceCode: string): Promise<City[]> {
  return deps.repos.catalog.cities(provinceCode);
}

export async function listCategories(deps: CatalogDeps): Promise<Category[]> {
  const rows = await deps.repos.catalog.categories();
  return rows.map((c) => ({ id: c.id, code: c.code, name: { zh: c.nameZh, en: c.nameEn } }));
}

/** Exams open for booking, soonest first; `category` may be a category code or id. */
export async function listOpenExams(deps: CatalogDeps, query: ExamListQuery): Promise<ExamList> {
  const { current, pageSize } = query;
  const startsFrom = query.from ? new Date(`${query.from}T00:00:00${CHINA_OFFSET}`) : undefined;
  const startsBefore = query.to
    ? new Date(new Date(`${query.to}T00:00:00${CHINA_OFFSET}`).getTime() + DAY_MS)
    : undefined;
  const isId = query.category !== undefined && UUID.test(query.category);
  const { rows, total } = await deps.repos.catalog.listOpenExams({
    now: deps.now(),
    categoryId: isId ? query.category : undefined,
    categoryCode: isId ? undefined : query.category || undefined,
    provinceCode: query.province,
    cityCode: query.city,
    text: query.q || undefined,
    startsFrom,
    startsBefore,
    offset: (current - 1) * pageSize,
    limit: pageSize,
  });
  return { list: rows.map(toExamSummary), total, current, pageSize };
}

export async function getExam(deps: CatalogDeps, id: string): Promise<ExamSummary> {
  const row = await deps.repos.exams.examSummary(id);
  // Drafts marked inactive are not published; any other exam is, whatever its dates, when its center is one
  // candidates may see (approved, or suspended: those who booked keep their exam).
  if (!row || row.exam.status === 'inactive' || !VISIBLE_CENTER_STATUSES.includes(row.center.verificationStatus))
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam has this id.');
  return toExamSummary(row);
}
