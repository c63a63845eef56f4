import type { ExamSummaryRow } from '../db/rows';
import type { ExamsRepository } from './ports';

/** How many exams the reads remember at most; past that they start over (a crowd books a handful of exams). */
const MAX_EXAMS = 1000;

/**
 * The reads of an exam a booking makes (is it open, what does it cost, its summary for the answer), served for
 * `freshMs` from one read, so a crowd booking one exam does not read its row once per request. Staleness is safe
 * here: the seat is taken by a conditional statement that checks the exam is active and has a seat left, so a stale
 * read may only refuse early (sold out a moment longer) or let that statement decide. `freshMs` 0 reads every time.
 */
export interface RecentExams {
  /** The exams repository with `exam` and `examSummary` (without a center) answered from a recent read. */
  exams: ExamsRepository;
}

export function recentExams(
  repository: ExamsRepository,
  freshMs: number,
  clock: () => number = () => performance.now(),
): RecentExams {
  const recent = new Map<string, { readAt: number; row: Promise<ExamSummaryRow | undefined> }>();
  const summary = (id: string): Promise<ExamSummaryRow | undefined> => {
    const now = clock();
    const hit = recent.get(id);
    if (hit && now - hit.readAt < freshMs) return hit.row;
    if (recent.size >= MAX_EXAMS) recent.clear();
    const row = repository.examSummary(id);
    if (freshMs > 0) {
      recent.set(id, { readAt: now, row });
      row.catch(() => recent.delete(id));
    }
    return row;
  };
  return {
    exams: {
      ...repository,
      async exam(id, centerId) {
        if (centerId !== undefined) return repository.exam(id, centerId);
        const row = await summary(id);
        return row && { ...row.exam, centerStatus: row.center.verificationStatus };
      },
      examSummary: (id, centerId) => (centerId === undefined ? summary(id) : repository.examSummary(id, centerId)),
    },
  };
}
