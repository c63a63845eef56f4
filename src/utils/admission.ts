import type { ExamSummary } from '../../contract/catalog';
import type { Admission } from '../../contract/queue';

/**
 * The waiting room's admission, kept per exam in this tab's sessionStorage so a reload of the booking page still has
 * it (the server keeps the place in line itself). Whether it is still valid is the server's to say: the phone's clock
 * may be wrong, and a refused booking sends the candidate back to the waiting room.
 */
const keyOf = (examId: string) => `admission:${examId}`;

export function saveAdmission(examId: string, admission: Admission): void {
  sessionStorage.setItem(keyOf(examId), JSON.stringify(admission));
}

export function readAdmission(examId: string): Admission | null {
  const stored = sessionStorage.getItem(keyOf(examId));
  if (!stored) return null;
  try {
    const parsed: Partial<Admission> = JSON.parse(stored);
    return typeof parsed.token === 'string' && typeof parsed.expiresAt === 'string'
      ? { token: parsed.token, expiresAt: parsed.expiresAt }
      : null;
  } catch {
    return null;
  }
}

export function forgetAdmission(examId: string): void {
  sessionStorage.removeItem(keyOf(examId));
}

/** The booking refusals that send a candidate (back) to the exam's waiting room, named on its page. */
export const QUEUE_REASONS = ['ADMISSION_REQUIRED', 'ADMISSION_EXPIRED'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const isQueueReason = (code: string | null | undefined): code is QueueReason =>
  QUEUE_REASONS.some((reason) => reason === code);

/** The waiting room of an exam, with the reason the candidate was sent there when there is one. */
export function queueUrl(examId: string, reason?: QueueReason): string {
  const path = `/home/exams/${encodeURIComponent(examId)}/queue`;
  return reason ? `${path}?${new URLSearchParams({ reason }).toString()}` : path;
}

/**
 * Booking opens later and no waiting room counts down to it, so the page says when instead of offering Book (on this
 * device's clock: a hint only, the server refuses early bookings itself).
 */
export const opensLaterWithoutRoom = (
  exam: Pick<ExamSummary, 'registrationOpensAt' | 'waitingRoom'>,
  now = Date.now(),
): exam is typeof exam & { registrationOpensAt: string } =>
  !exam.waitingRoom && exam.registrationOpensAt !== null && Date.parse(exam.registrationOpensAt) > now;
