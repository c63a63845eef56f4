import { forgetSavedTickets } from './ticketCache';

/**
 * The browser-side session of spec section 3: these three localStorage keys, and the admission tickets opened in it
 * (utils/ticketCache.ts, viewable offline), which end with it.
 */
export const STORAGE_KEYS = { token: 'access_token', type: 'type', examId: 'exam_id' } as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) || null;
}

/** The stored user kind; empty means logged out (spec section 4). */
export function readType(): string {
  return localStorage.getItem(STORAGE_KEYS.type) ?? '';
}

export function isLoggedIn(): boolean {
  return readType() !== '';
}

export function saveSession(token: string, type: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.type, type);
}

/** Logout's storage step: exam_id and access_token removed, type kept as an empty string (spec section 4), saved tickets forgotten. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.examId);
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.setItem(STORAGE_KEYS.type, '');
  forgetSavedTickets();
}
