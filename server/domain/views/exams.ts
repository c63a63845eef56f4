import type { ExamSummary, OrderView } from '../../../contract';
import type { ExamBriefRow, ExamSummaryRow } from '../../db/rows';

/** An exam as the catalog, a registration, a group or a center's console shows it. */
export function toExamSummary(row: ExamSummaryRow): ExamSummary {
  const { exam, category, organization, center, province, city } = row;
  return {
    id: exam.id,
    code: exam.code,
    name: { zh: exam.nameZh, en: exam.nameEn },
    category: { id: category.id, code: category.code, name: { zh: category.nameZh, en: category.nameEn } },
    organization: organization
      ? { id: organization.id, name: { zh: organization.nameZh, en: organization.nameEn } }
      : null,
    center: { id: center.id, name: { zh: center.nameZh, en: center.nameEn } },
    location: { zh: exam.locationZh, en: exam.locationEn },
    province,
    city,
    startsAt: exam.startsAt.toISOString(),
    registrationEndsAt: exam.registrationEndsAt.toISOString(),
    timeZone: exam.timeZone,
    feeFen: exam.feeFen,
    capacity: exam.capacity,
    seatsLeft: Math.max(0, exam.capacity - exam.seatsTaken),
    status: exam.status,
    arrivalLeadMinutes: exam.arrivalLeadMinutes,
    requiresAccessCode: exam.accessCode !== null,
    registrationOpensAt: exam.registrationOpensAt?.toISOString() ?? null,
    waitingRoom: exam.waitingRoom,
  };
}

/** The few facts of an exam an order or a result names. */
export function toExamBrief(exam: ExamBriefRow): OrderView['exam'] {
  return {
    id: exam.id,
    code: exam.code,
    name: { zh: exam.nameZh, en: exam.nameEn },
    startsAt: exam.startsAt.toISOString(),
    timeZone: exam.timeZone,
  };
}
