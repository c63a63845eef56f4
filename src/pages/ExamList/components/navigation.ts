import { history } from '@umijs/max';
import { queueUrl } from '@/utils/admission';
import { STORAGE_KEYS } from '@/utils/session';
import type { ExamSummary } from '../../../../contract/catalog';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const ticketUrl = (registrationId: string) => `/home/ticket?${query({ registrationId })}`;
export const resultUrl = (registrationId: string) => `/home/result?${query({ registrationId })}`;
/** The booking page opens this pending registration at its order's payment QR (booking again would be refused). */
export const payUrl = (registrationId: string) => `/home/singleRegistration?${query({ registrationId })}`;
export const changeUrl = (registrationId: string) =>
  `/home/singleRegistration?${query({ registrationId, change: '1' })}`;

/** Booking an exam with a waiting room starts in the room; the admission it gives continues to booking. */
export function book(exam: Pick<ExamSummary, 'id' | 'waitingRoom'>): void {
  history.push(exam.waitingRoom ? queueUrl(exam.id) : `/home/singleRegistration?${query({ examId: exam.id })}`);
}

/** Group registration reads the chosen exam from localStorage exam_id (spec section 3) as well as the URL. */
export function groupBook(examId: string): void {
  localStorage.setItem(STORAGE_KEYS.examId, examId);
  history.push(`/home/gRegistration?${query({ examId })}`);
}
