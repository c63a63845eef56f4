import { history } from '@umijs/max';
import { STORAGE_KEYS } from '@/utils/session';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const ticketUrl = (registrationId: string) => `/home/ticket?${query({ registrationId })}`;
export const resultUrl = (registrationId: string) => `/home/result?${query({ registrationId })}`;
/** The booking page opens this pending registration at its order's payment QR (booking again would be refused). */
export const payUrl = (registrationId: string) => `/home/singleRegistration?${query({ registrationId })}`;
export const changeUrl = (registrationId: string) =>
  `/home/singleRegistration?${query({ registrationId, change: '1' })}`;

export function book(examId: string): void {
  history.push(`/home/singleRegistration?${query({ examId })}`);
}

/** Group registration reads the chosen exam from localStorage exam_id (spec section 3) as well as the URL. */
export function groupBook(examId: string): void {
  localStorage.setItem(STORAGE_KEYS.examId, examId);
  history.push(`/home/gRegistration?${query({ examId })}`);
}
