import type { ExaminerExam, ExaminerProfile, ExaminerProfileUpdate } from '../../contract';
import type { UserRow } from '../db/rows';
import { AppError } from '../errors';
import type { Repositories, UnitOfWork } from './ports';
import { toExamSummary } from './views/exams';

export interface ExaminerDeps {
  repos: Pick<Repositories, 'examiners'>;
  /** Runs a profile save (the account's name and the examiner's profile together). */
  uow: UnitOfWork;
  now: () => Date;
}

/** Only examiner accounts reach the door; a candidate or a center is refused before anything is read. */
export function assertExaminer(user: UserRow): void {
  if (user.kind !== 'examiner') throw new AppError('EXAMINERS_ONLY');
}

/** An exam not assigned to this examiner reads as not found, whether or not it exists. */
export async function assertAssigned(deps: Pick<ExaminerDeps, 'repos'>, user: UserRow, examId: string) {
  assertExaminer(user);
  if (!(await deps.repos.examiners.isAssigned(examId, user.id))) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam assigned to you has this id.');
  }
}

export async function getExaminerProfile(deps: ExaminerDeps, user: UserRow): Promise<ExaminerProfile> {
  assertExaminer(user);
  const row = await deps.repos.examiners.profile(user.id);
  const profile = {
    name: row?.name ?? '',
    phone: user.phone,
    address: row?.address ?? '',
    identityId: row?.identityId ?? '',
  };
  return { ...profile, complete: profile.name !== '' && profile.address !== '' && profile.identityId !== '' };
}

/** Saves the name (on the account), the address and the ID card number, all at once. */
export async function saveExaminerProfile(
  deps: ExaminerDeps,
  user: UserRow,
  update: ExaminerProfileUpdate,
): Promise<ExaminerProfile> {
  assertExaminer(user);
  await deps.uow.run((tx) => tx.examiners.saveProfile(user.id, update, deps.now()));
  return getExaminerProfile(deps, user);
}

/**
 * The exams assigned to the examiner, soonest first, with how many paid candidates to expect and how many came, and
 * the room whose door the center gave them.
 */
export async function listExaminerExams(deps: ExaminerDeps, user: UserRow): Promise<ExaminerExam[]> {
  assertExaminer(user);
  const rows = await deps.repos.examiners.assignedExams(user.id);
  const [counts, rooms] = await Promise.all([
    deps.repos.examiners.doorCounts(rows.map((row) => row.exam.id)),
    deps.repos.examiners.assignedRooms(user.id),
  ]);
  return rows.map((row) => ({
    ...toExamSummary(row),
    expected: counts.get(row.exam.id)?.expected ?? 0,
    checkedIn: counts.get(row.exam.id)?.checkedIn ?? 0,
    room: rooms.get(row.exam.id) ?? null,
  }));
}
