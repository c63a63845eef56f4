import type { AssignedExaminer, CenterExam, ExamDraft, ExamStatus, RegistrationStatus } from '../../contract';
import { uniqueConstraintOf } from '../db/errors';
import type { AssignedExaminerRow, CenterRow, ExamRow, ExamSummaryRow, ExamWrite, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import { catalogChoiceRefusal, catalogStatusOf } from './catalog';
import { type CenterDeps, completeCenter, ownExam } from './center';
import { tellExamNews } from './noticeEvents';
import { normalizeChinaMobile } from './phone';
import type { ExamFacts } from './ports';
import { capacityChanged, freeingSeats } from './seats';
import { toExamSummary } from './views/exams';

const NO_COUNTS: Record<RegistrationStatus, number> = {
  pending: 0,
  register: 0,
  checkin: 0,
  completed: 0,
  canceled: 0,
};

function toCenterExam(row: ExamSummaryRow, facts: ExamFacts): CenterExam {
  const { exam } = row;
  const counts = { ...NO_COUNTS };
  for (const s of facts.statuses) if (s.examId === exam.id) counts[s.status] = s.n;
  return {
    ...toExamSummary(row),
    seatsTaken: exam.seatsTaken,
    counts,
    resultsEntered: facts.results.find((r) => r.examId === exam.id)?.n ?? 0,
    resultsPublishedAt: exam.resultsPublishedAt?.toISOString() ?? null,
    examiners: facts.examiners.find((e) => e.examId === exam.id)?.n ?? 0,
    accessCode: exam.accessCode,
  };
}

/** One exam of the center as the console shows it; NOT_FOUND for any other id. */
async function centerExamView(deps: CenterDeps, centerId: string, examId: string): Promise<CenterExam> {
  const row = await deps.repos.exams.examSummary(examId, centerId);
  if (!row) throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam of yours has this id.');
  return toCenterExam(row, await deps.repos.exams.examFacts([examId]));
}

export async function getCenterExam(deps: CenterDeps, user: UserRow, examId: string): Promise<CenterExam> {
  const { center } = await ownExam(deps, user, examId);
  return centerExamView(deps, center.id, examId);
}

/** The center's exams, soonest first (none before its first profile save). */
export async function listCenterExams(
  deps: CenterDeps,
  user: UserRow,
  query: { current: number; pageSize: number; status?: ExamStatus | undefined },
) {
  const { current, pageSize } = query;
  const center = await deps.repos.centers.centerOf(user.id);
  if (!center) return { list: [], total: 0, current, pageSize };
  const { rows, total } = await deps.repos.exams.examsPage(center.id, query.status, (current - 1) * pageSize, pageSize);
  const facts = await deps.repos.exams.examFacts(rows.map((r) => r.exam.id));
  return { list: rows.map((row) => toCenterExam(row, facts)), total, current, pageSize };
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, undefined, [{ path, message }]);
}

/**
 * The rules a draft must meet beyond its schema: a future start, the center's capacity, a category and organization
 * that exist and are not retired (an exam being edited may keep the retired ones it already names: `current`).
 */
async function checkDraft(
  deps: CenterDeps,
  center: CenterRow,
  draft: ExamDraft,
  current?: Pick<ExamRow, 'categoryId' | 'organizationId'>,
): Promise<void> {
  if (Date.parse(draft.startsAt) <= deps.now().getTime())
    throw invalid('startsAt', 'The exam must start in the future');
  if (draft.capacity > center.capacity) throw new AppError('EXAM_CAPACITY_EXCEEDS_CENTER');
  const category = await deps.repos.catalog.categoryStatus(draft.categoryId);
  const categoryRefusal = catalogChoiceRefusal(category, draft.categoryId, current?.categoryId);
  if (categoryRefusal === 'missing') throw invalid('categoryId', 'No category has this id');
  if (categoryRefusal === 'retired') throw retired('CATEGORY_RETIRED', 'categoryId');
  if (!draft.organizationId) return;
  const organization = catalogStatusOf(await deps.repos.catalog.organization(draft.organizationId));
  const organizationRefusal = catalogChoiceRefusal(organization, draft.organizationId, current?.organizationId);
  if (organizationRefusal === 'missing') throw invalid('organizationId', 'No organization has this id');
  if (organizationRefusal === 'retired') throw retired('ORGANIZATION_RETIRED', 'organizationId');
}

function retired(code: 'CATEGORY_RETIRED' | 'ORGANIZATION_RETIRED', path: string): AppError {
  return new AppError(code, undefined, undefined, [{ path, message: 'Retired: choose another' }]);
}

/** The exam's columns from a draft; the place is always the center's own. */
function examValues(center: CenterRow, draft: ExamDraft): ExamWrite {
  return {
    code: draft.code,
    accessCode: draft.accessCode ?? null,
    nameZh: draft.name.zh,
    nameEn: draft.name.en,
    categoryId: draft.categoryId,
    organizationId: draft.organizationId ?? null,
    locationZh: draft.location.zh,
    locationEn: draft.location.en,
    provinceCode: center.provinceCode,
    cityCode: center.cityCode,
    startsAt: new Date(draft.startsAt),
    registrationEndsAt: new Date(draft.registrationEndsAt),
    registrationOpensAt: draft.registrationOpensAt ? new Date(draft.registrationOpensAt) : null,
    feeFen: draft.feeFen,
    capacity: draft.capacity,
    arrivalLeadMinutes: draft.arrivalLeadMinutes,
    ...(draft.waitingRoom === undefined ? {} : { waitingRoom: draft.waitingRoom }),
  };
}

/** Runs a write of an exam row, answering EXAM_CODE_TAKEN when the code belongs to another exam. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueConstraintOf(error) === 'exams_code_uq') throw new AppError('EXAM_CODE_TAKEN');
    throw error;
  }
}

/** A new exam at the user's center (its profile must be complete), open for registration at once. */
export async function createExam(deps: CenterDeps, user: UserRow, draft: ExamDraft): Promise<CenterExam> {
  const center = await completeCenter(deps, user);
  await checkDraft(deps, center, draft);
  const now = deps.now();
  const id = uuidv7(now.getTime());
  await withUniqueCode(() =>
    deps.repos.exams.insertExam({ id, centerId: center.id, createdAt: now, ...examValues(center, draft) }),
  );
  return centerExamView(deps, center.id, id);
}

/** Why an exam may not take this edit: canceled, completed or started, or fewer seats than are taken. */
function assertEditable(exam: { status: ExamStatus; startsAt: Date; seatsTaken: number }, now: Date, capacity: number) {
  if (exam.status === 'canceled' || exam.status === 'completed' || exam.startsAt <= now) {
    throw new AppError('EXAM_NOT_EDITABLE');
  }
  if (capacity < exam.seatsTaken) throw new AppError('EXAM_CAPACITY_BELOW_TAKEN');
}

/**
 * Rewrites an exam of the user's center from a whole draft (a missing access code or organization means none).
 * The write is conditional, so a booking or a check-in racing it cannot leave more seats taken than the capacity.
 */
/** An exam whose center chose its rooms keeps a capacity those rooms can seat (EXAM_ROOMS_TOO_SMALL otherwise). */
async function assertRoomsSeat(deps: CenterDeps, examId: string, capacity: number): Promise<void> {
  const rooms = await deps.repos.seating.examRooms(examId);
  const seats = rooms.reduce((sum, room) => sum + room.seats, 0);
  if (rooms.length > 0 && seats < capacity) throw new AppError('EXAM_ROOMS_TOO_SMALL');
}

/** Whether an edit changes when or where candidates must be (the start, the arrival time or the place). */
function movesCandidates(exam: ExamRow, values: ExamWrite): boolean {
  return (
    exam.startsAt.getTime() !== values.startsAt.getTime() ||
    exam.arrivalLeadMinutes !== values.arrivalLeadMinutes ||
    exam.locationZh !== values.locationZh ||
    exam.locationEn !== values.locationEn ||
    exam.provinceCode !== values.provinceCode ||
    exam.cityCode !== values.cityCode
  );
}

export async function updateExam(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  draft: ExamDraft,
): Promise<CenterExam> {
  const { exam } = await ownExam(deps, user, examId);
  const now = deps.now();
  assertEditable(exam, now, draft.capacity);
  const center = await completeCenter(deps, user);
  await checkDraft(deps, center, draft, exam);
  await assertRoomsSeat(deps, examId, draft.capacity);
  const values = examValues(center, draft);
  // The rewrite, the offers of the seats it adds and the news to those it moves are one transaction: nobody books an
  // added seat before the line, and whoever holds a paid seat hears of the new time or place.
  const written = await withUniqueCode(() =>
    freeingSeats(deps.seats, (freed) =>
      deps.uow.run(async (tx) => {
        if (!(await tx.exams.updateExam(examId, center.id, values, now))) return false;
        await capacityChanged(tx, freed, examId, exam.capacity, draft.capacity);
        if (movesCandidates(exam, values)) {
          const audience = await tx.notifications.examAudience(examId, ['register']);
          await tellExamNews(tx, 'exam.changed', { ...exam, ...values }, audience, now);
        }
        return true;
      }),
    ),
  );
  if (!written) {
    const { exam: changed } = await ownExam(deps, user, examId);
    assertEditable(changed, now, draft.capacity);
    throw new AppError('EXAM_NOT_EDITABLE');
  }
  return centerExamView(deps, center.id, examId);
}

function toAssignedExaminer(row: AssignedExaminerRow): AssignedExaminer {
  return {
    userId: row.userId,
    phone: row.phone,
    name: row.name,
    assignedAt: row.assignedAt.toISOString(),
    roomId: row.roomId,
  };
}

async function examinersOf(deps: CenterDeps, examId: string): Promise<AssignedExaminer[]> {
  return (await deps.repos.examiners.examiners(examId)).map(toAssignedExaminer);
}

/** The examiners of an exam of the user's center, first assigned first. */
export async function listExaminers(deps: CenterDeps, user: UserRow, examId: string): Promise<AssignedExaminer[]> {
  await ownExam(deps, user, examId);
  return examinersOf(deps, examId);
}

/**
 * Assigns an examiner by phone: their examiner account is found or created (they log in with that phone as an
 * examiner). Assigning again changes nothing. Not for a canceled or completed exam.
 */
export async function assignExaminer(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  phoneInput: string,
): Promise<AssignedExaminer[]> {
  const { exam } = await ownExam(deps, user, examId);
  if (exam.status === 'canceled' || exam.status === 'completed') throw new AppError('EXAM_NOT_EDITABLE');
  const phone = normalizeChinaMobile(phoneInput);
  const { user: examiner } = await deps.repos.users.findOrCreate(phone, 'examiner');
  await deps.repos.examiners.assignExaminer(examId, examiner.id, deps.now());
  return examinersOf(deps, examId);
}

/**
 * Gives an examiner of the exam one of its rooms to keep the door of (null: any room). Their scan then warns of a
 * candidate seated in another room. A room the exam does not use, or an examiner not on it, is not found.
 */
export async function setExaminerRoom(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  examinerId: string,
  roomId: string | null,
): Promise<AssignedExaminer[]> {
  await ownExam(deps, user, examId);
  if (roomId !== null && !(await deps.repos.seating.examRooms(examId)).some((room) => room.id === roomId)) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No room of this exam has this id.');
  }
  if (!(await deps.repos.examiners.setExaminerRoom(examId, examinerId, roomId))) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No examiner of this exam has this id.');
  }
  return examinersOf(deps, examId);
}

export async function unassignExaminer(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  examinerId: string,
): Promise<AssignedExaminer[]> {
  await ownExam(deps, user, examId);
  if (!(await deps.repos.examiners.unassignExaminer(examId, examinerId))) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No examiner of this exam has this id.');
  }
  return examinersOf(deps, examId);
}
