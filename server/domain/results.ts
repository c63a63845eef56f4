import {
  GROUP_COLUMNS,
  type RESULT_ROW_REASONS,
  type ResultPublication,
  type ResultUpload,
  type RosterEntry,
} from '../../contract';
import { chinaMobileToE164 } from '../../contract/phone';
import { uniqueConstraintOf } from '../db/errors';
import type { ExamRow, ResultOutcome, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { examYear } from './certificates';
import { tellExamNews } from './noticeEvents';
import type { Links, Repositories, UnitOfWork, UnpublishedResult } from './ports';
import { headerKeys, readSheet, type SheetReading, type SheetRow } from './sheetFile';
import { toRosterEntry } from './views/roster';

/**
 * Results of a center's exams: entered one by one or from a sheet, for checked-in candidates only, until the center
 * publishes them. Publication issues a certificate number for every pass, completes the registrations that have a
 * result, and closes the exam's results for good.
 */
export interface ResultsDeps {
  repos: Pick<Repositories, 'results' | 'rosters' | 'exams' | 'centers' | 'registrations'>;
  /** Runs entries and the publication with the exam row locked. */
  uow: UnitOfWork;
  now: () => Date;
  /** A fresh certificate number for an exam of `year` (certificates.ts newCertificateNumber). */
  certificateNumber: (year: number) => string;
  /** Where a roster line's photo is served. */
  links: Pick<Links, 'avatar'>;
}

export type ResultRowReason = (typeof RESULT_ROW_REASONS)[number];

/** A results sheet is at most this many bytes, like every other upload. */
export const RESULT_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** At most this many result rows per file (an exam larger than that uploads in several files). */
export const RESULT_MAX_ROWS = 20_000;
/** Headroom for formatted blank rows below the results of an .xlsx sheet. */
const RESULT_SHEET: SheetReading = {
  maxSheetRows: 2 * RESULT_MAX_ROWS,
  invalid: 'RESULT_FILE_INVALID',
  tooManyRows: 'RESULT_FILE_INVALID',
};
/** How many non-blank rows may stand above the header (a title). */
const MAX_ROWS_ABOVE_HEADER = 5;
/** Publication retries with fresh numbers if one collides with a number already issued (about 1 in 10^12). */
const NUMBERING_ATTEMPTS = 5;

type ResultColumn = 'phone' | 'idNumber' | 'outcome';

const RESULT_COLUMN_WORDS: Record<ResultColumn, readonly string[]> = {
  phone: [GROUP_COLUMNS.phone.zh, GROUP_COLUMNS.phone.en, ...GROUP_COLUMNS.phone.aliases],
  idNumber: [GROUP_COLUMNS.idNumber.zh, GROUP_COLUMNS.idNumber.en, ...GROUP_COLUMNS.idNumber.aliases],
  outcome: ['结果', 'Result', 'outcome', '成绩', '考试结果', '是否通过'],
};

const COLUMN_BY_KEY = new Map<string, ResultColumn>(
  (Object.keys(RESULT_COLUMN_WORDS) as ResultColumn[]).flatMap((column) =>
    RESULT_COLUMN_WORDS[column].flatMap(headerKeys).map((key) => [key, column] as const),
  ),
);

const OUTCOME_WORDS = new Map<string, ResultOutcome>([
  ['pass', 'pass'],
  ['通过', 'pass'],
  ['合格', 'pass'],
  ['fail', 'fail'],
  ['不通过', 'fail'],
  ['不合格', 'fail'],
]);

/** pass / fail / 通过 / 不通过 / 合格 / 不合格, in any case; undefined for anything else. */
export function parseOutcome(text: string): ResultOutcome | undefined {
  return OUTCOME_WORDS.get(text.trim().toLowerCase());
}

/** A row of a results sheet, each cell as typed; '' for a column the file does not have. */
export interface ResultSheetRow {
  row: number;
  phone: string;
  idNumber: string;
  outcome: string;
}

function fileInvalid(message: string): AppError {
  return new AppError('RESULT_FILE_INVALID', undefined, undefined, [{ path: 'file', message }]);
}

/**
 * Reads a results sheet (.xlsx or .csv): a header naming a phone or ID card number column and a result column (either
 * language, the group file's words for phone and ID), then one row per candidate. RESULT_FILE_INVALID for anything
 * else, with a detail saying what.
 */
export async function readResultSheet(bytes: Buffer): Promise<ResultSheetRow[]> {
  let positions: Map<ResultColumn, number> | undefined;
  let rowsAboveHeader = 0;
  const rows: ResultSheetRow[] = [];
  const headerMissing = () => fileInvalid('a header row naming phone or ID card number, and result');

  const add = ({ number, cells }: SheetRow) => {
    if (cells.every((cell) => cell === '')) return;
    if (!positions) {
      const found = new Map<ResultColumn, number>();
      cells.forEach((text, position) => {
        for (const key of headerKeys(text)) {
          const column = COLUMN_BY_KEY.get(key);
          if (column && !found.has(column)) found.set(column, position);
        }
      });
      if (found.has('outcome') && (found.has('phone') || found.has('idNumber'))) {
        positions = found;
        return;
      }
      rowsAboveHeader += 1;
      if (found.size > 0 || rowsAboveHeader > MAX_ROWS_ABOVE_HEADER) throw headerMissing();
      return;
    }
    const cellOf = (column: ResultColumn) => {
      const position = positions?.get(column);
      return position === undefined ? '' : (cells[position] ?? '');
    };
    const row = { row: number, phone: cellOf('phone'), idNumber: cellOf('idNumber'), outcome: cellOf('outcome') };
    if (!row.phone && !row.idNumber && !row.outcome) return;
    if (rows.length === RESULT_MAX_ROWS) throw fileInvalid(`at most ${RESULT_MAX_ROWS} rows per file`);
    rows.push(row);
  };

  await readSheet(bytes, add, RESULT_SHEET);
  if (!positions) throw headerMissing();
  return rows;
}

/** A registration of the exam as a results sheet may name it. */
export interface ResultCandidate {
  registrationId: string;
  status: string;
  phone: string;
  idNumber: string | null;
}

/**
 * Matches sheet rows to the exam's candidates. A row names its candidate by phone, by ID card number, or by both
 * (which must then agree). Refused, one reason each: an outcome that is not pass or fail, a row naming no candidate,
 * a candidate an earlier accepted row already named (the later row is refused), a candidate not checked in.
 */
export function matchResultRows(
  rows: ResultSheetRow[],
  candidates: ResultCandidate[],
): { entries: UnpublishedResult[]; rejected: { row: number; reason: ResultRowReason }[] } {
  const byPhone = new Map(candidates.map((c) => [c.phone, c]));
  const byIdNumber = new Map(candidates.filter((c) => c.idNumber).map((c) => [c.idNumber, c]));
  const entries: UnpublishedResult[] = [];
  const rejected: { row: number; reason: ResultRowReason }[] = [];
  const named = new Set<string>();

  for (const row of rows) {
    const outcome = parseOutcome(row.outcome);
    if (!outcome) {
      rejected.push({ row: row.row, reason: 'OUTCOME_INVALID' });
      continue;
    }
    const phone = row.phone ? chinaMobileToE164(row.phone) : undefined;
    const byThePhone = phone ? byPhone.get(phone) : undefined;
    const byTheId = row.idNumber ? byIdNumber.get(row.idNumber.toUpperCase()) : undefined;
    const candidate =
      (row.phone && !byThePhone) || (row.idNumber && !byTheId) || (byThePhone && byTheId && byThePhone !== byTheId)
        ? undefined
        : (byThePhone ?? byTheId);
    if (!candidate) {
      rejected.push({ row: row.row, reason: 'CANDIDATE_NOT_FOUND' });
    } else if (named.has(candidate.registrationId)) {
      rejected.push({ row: row.row, reason: 'DUPLICATE_ROW' });
    } else if (candidate.status !== 'checkin') {
      rejected.push({ row: row.row, reason: 'NOT_CHECKED_IN' });
    } else {
      named.add(candidate.registrationId);
      entries.push({ registrationId: candidate.registrationId, outcome });
    }
  }
  return { entries, rejected };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam of your center has this id.');
}

function registrationNotFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No registration of this exam has this id.');
}

/** The exam, if the user is a test center and the exam is held at the center it runs; else refused. */
export async function ownExam(deps: ResultsDeps, user: UserRow, examId: string): Promise<ExamRow> {
  if (user.kind !== 'testCenter') throw new AppError('TEST_CENTERS_ONLY');
  const center = await deps.repos.centers.centerOf(user.id);
  const exam = center ? await deps.repos.exams.exam(examId, center.id) : undefined;
  if (!exam) throw notFound();
  return exam;
}

/** Enters or corrects one checked-in candidate's outcome, until the results are published. */
export async function enterResult(
  deps: ResultsDeps,
  user: UserRow,
  examId: string,
  registrationId: string,
  outcome: ResultOutcome,
): Promise<RosterEntry> {
  await ownExam(deps, user, examId);
  await deps.uow.run(async (tx) => {
    // Locked, so a publication either comes first (and this is refused) or waits for this entry.
    const exam = await tx.exams.lockExam(examId);
    if (exam?.resultsPublishedAt) throw new AppError('RESULTS_PUBLISHED');
    const line = await tx.rosters.rosterLine(registrationId, examId);
    if (!line) throw registrationNotFound();
    if (line.status !== 'checkin') throw new AppError('RESULT_NEEDS_CHECKIN');
    await tx.results.enterResults(examId, [{ registrationId, outcome }]);
  });
  const line = await deps.repos.rosters.rosterLine(registrationId, examId);
  if (!line) throw new Error(`registration ${registrationId} vanished after its result was entered`);
  return toRosterEntry(deps.links, line);
}

/**
 * Enters the outcomes of a results sheet. The file is read only once the exam is known to be the center's and its
 * results unpublished; a file that cannot be read writes nothing. Rows that name no checked-in candidate come back
 * with their reason; the others are written together.
 */
export async function uploadResults(
  deps: ResultsDeps,
  user: UserRow,
  examId: string,
  readFile: () => Promise<Buffer>,
): Promise<ResultUpload> {
  const exam = await ownExam(deps, user, examId);
  if (exam.resultsPublishedAt) throw new AppError('RESULTS_PUBLISHED');
  const rows = await readResultSheet(await readFile());
  return deps.uow.run(async (tx) => {
    // Locked like a single entry; a checked-in candidate stays checked in until publication, which waits.
    const locked = await tx.exams.lockExam(examId);
    if (locked?.resultsPublishedAt) throw new AppError('RESULTS_PUBLISHED');
    const { entries, rejected } = matchResultRows(rows, await tx.rosters.candidatesOf(examId));
    const written = await tx.results.enterResults(examId, entries);
    return { updated: written.length, rejected };
  });
}

/** Certificate numbers for the passes (unique among themselves), none for the fails. */
function numbered(deps: ResultsDeps, entered: UnpublishedResult[], year: number) {
  const issued = new Set<string>();
  return entered.map(({ registrationId, outcome }) => {
    if (outcome !== 'pass') return { registrationId, certificateNumber: null };
    let certificateNumber = deps.certificateNumber(year);
    while (issued.has(certificateNumber)) certificateNumber = deps.certificateNumber(year);
    issued.add(certificateNumber);
    return { registrationId, certificateNumber };
  });
}

/**
 * Publishes the exam's results in one transaction: every entered result gets its publication time and every pass a
 * certificate number, the registrations with a result move checkin -> completed, and the exam is marked published
 * (and completed). Checked-in candidates without a result stay checked in, without one for good. A second
 * publication is refused.
 */
export async function publishResults(deps: ResultsDeps, user: UserRow, examId: string): Promise<ResultPublication> {
  await ownExam(deps, user, examId);
  const publishedAt = deps.now();
  return deps.uow.run(async (tx) => {
    const exam = await tx.exams.lockExam(examId);
    if (!exam) throw notFound();
    if (exam.resultsPublishedAt) throw new AppError('RESULTS_PUBLISHED');
    if (exam.status === 'canceled') throw new AppError('EXAM_NOT_EDITABLE');
    const entered = await tx.results.unpublishedResults(examId);
    const year = examYear(exam.startsAt, exam.timeZone);
    for (let attempt = 1; ; attempt += 1) {
      const certificates = numbered(deps, entered, year);
      try {
        // A savepoint: a collision undoes only this attempt, and the next one draws fresh numbers.
        await tx.savepoint((savepoint) => savepoint.results.publishResults(certificates, publishedAt));
        break;
      } catch (error) {
        if (uniqueConstraintOf(error) !== 'results_certificate_uq' || attempt === NUMBERING_ATTEMPTS) throw error;
      }
    }
    const completed = await tx.registrations.completeRegistrations(entered.map((entry) => entry.registrationId));
    await tx.exams.markExamPublished(examId, publishedAt);
    // Everyone with a result hears it is out, with the publication (rolled back with it).
    const withResult = new Set(entered.map((entry) => entry.registrationId));
    const audience = (await tx.notifications.examAudience(examId, ['completed'])).filter((r) =>
      withResult.has(r.registrationId),
    );
    await tellExamNews(tx, 'result.published', exam, audience, publishedAt);
    return {
      completed,
      certificates: entered.filter((entry) => entry.outcome === 'pass').length,
      publishedAt: publishedAt.toISOString(),
    };
  });
}
