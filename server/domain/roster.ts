import type { RegistrationStatus, Roster, RosterEntry } from '../../contract';
import type { UserRow } from '../db/rows';
import { AppError } from '../errors';
import { loadExcel } from '../libraries';
import { type CenterDeps, ownExam, zonedDateTime } from './center';
import type { RosterFilter } from './ports';
import { toRosterEntry } from './views/roster';

export interface RosterQuery {
  current: number;
  pageSize: number;
  q?: string | undefined;
  status?: RegistrationStatus | undefined;
}

function filterOf(query: Pick<RosterQuery, 'q' | 'status'>): Omit<RosterFilter, 'offset' | 'limit'> {
  return { text: query.q || undefined, status: query.status };
}

/** An exam's candidates in booking order, searched by a part of the name, phone or ID number, with any result. */
export async function getRoster(deps: CenterDeps, user: UserRow, examId: string, query: RosterQuery): Promise<Roster> {
  await ownExam(deps, user, examId);
  const { current, pageSize } = query;
  const { rows, total } = await deps.repos.rosters.roster(examId, {
    ...filterOf(query),
    offset: (current - 1) * pageSize,
    limit: pageSize,
  });
  return { list: rows.map((row) => toRosterEntry(deps.links, row)), total, current, pageSize };
}

/** Statuses of a candidate still registered at the exam: the ones whose photo a center may judge. */
const REGISTERED: RegistrationStatus[] = ['register', 'checkin'];

/**
 * Rejects the current photo of a candidate registered at my exam, with the reason they will read: their ticket waits
 * for a new photo (an upload makes a new avatar, which stands). NOT_FOUND for anyone else's candidate, PHOTO_NONE
 * when the profile has no photo.
 */
export async function rejectRosterPhoto(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  registrationId: string,
  reason: string,
): Promise<RosterEntry> {
  await ownExam(deps, user, examId);
  const line = await deps.repos.rosters.rosterLine(registrationId, examId);
  if (!line) throw new AppError('NOT_FOUND');
  if (!REGISTERED.includes(line.status)) throw new AppError('STATUS_TRANSITION_INVALID');
  if (!line.avatarId) throw new AppError('PHOTO_NONE');
  const now = deps.now();
  await deps.repos.profiles.rejectPhoto(line.avatarId, reason, now);
  return toRosterEntry(deps.links, { ...line, photoRejectedAt: now, photoRejectionReason: reason });
}

const STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: '待支付 / Awaiting payment',
  register: '已报名 / Registered',
  checkin: '已签到 / Checked in',
  completed: '已完成 / Completed',
  canceled: '已取消 / Canceled',
};
const OUTCOME_LABELS: Record<NonNullable<RosterEntry['outcome']>, string> = {
  pass: '通过 / Pass',
  fail: '未通过 / Fail',
};

/** The header row of the roster file, each column in both languages like the group template's. */
export function rosterHeader(timeZone: string): string[] {
  return [
    '姓名 / Name',
    '手机号 / Phone',
    '身份证号 / ID number',
    '状态 / Status',
    `签到时间 / Checked in (${timeZone})`,
    '成绩 / Result',
    '证书编号 / Certificate number',
    '考场 / Room',
    '座位号 / Seat',
  ];
}

const COLUMN_WIDTHS = [16, 18, 24, 24, 30, 16, 26, 16, 10];

/**
 * The roster as an .xlsx file: every candidate matching the search (no paging), check-in times in the exam's zone,
 * statuses and results in both languages, ID numbers masked as on screen.
 */
export async function rosterXlsx(
  deps: CenterDeps,
  user: UserRow,
  examId: string,
  query: Pick<RosterQuery, 'q' | 'status'>,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { exam } = await ownExam(deps, user, examId);
  const { rows } = await deps.repos.rosters.roster(examId, { ...filterOf(query), offset: 0 });
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('考生 Candidates', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Text cells, so Excel keeps phone numbers as typed rather than as numbers.
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width, style: { numFmt: '@' } }));
  sheet.addRow(rosterHeader(exam.timeZone)).font = { bold: true };
  for (const row of rows) {
    const entry = toRosterEntry(deps.links, row);
    sheet.addRow([
      entry.name,
      entry.phone,
      entry.maskedIdNumber,
      STATUS_LABELS[entry.status],
      row.checkedInAt ? zonedDateTime(row.checkedInAt, exam.timeZone) : null,
      entry.outcome ? OUTCOME_LABELS[entry.outcome] : null,
      entry.certificateNumber,
      entry.room,
      entry.seat === null ? null : String(entry.seat),
    ]);
  }
  return { fileName: `roster-${exam.code}.xlsx`, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
