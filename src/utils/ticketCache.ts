import type { Ticket } from '../../contract/booking';

/** Saved admission tickets, one key per registration, beside the session's keys (utils/session.ts clears them). */
export const SAVED_TICKET_PREFIX = 'saved_ticket:';

/** A ticket as it was last opened on this device, for exam day in a basement without signal. */
export interface SavedTicket {
  savedAt: string;
  ticket: Ticket;
}

/** Keeps the ticket just loaded (QR token included) on this device; a full storage only means no offline copy. */
export function saveTicket(ticket: Ticket, now = new Date()): void {
  const saved: SavedTicket = { savedAt: now.toISOString(), ticket };
  try {
    localStorage.setItem(SAVED_TICKET_PREFIX + ticket.registrationId, JSON.stringify(saved));
  } catch {
    // Storage full or disabled (private mode): the ticket still shows online.
  }
}

/** The copy saved on this device of a registration's ticket, if any and readable. */
export function savedTicket(registrationId: string): SavedTicket | undefined {
  const raw = localStorage.getItem(SAVED_TICKET_PREFIX + registrationId);
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<SavedTicket>;
    return typeof saved.savedAt === 'string' && saved.ticket?.registrationId === registrationId
      ? (saved as SavedTicket)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Removes every saved ticket: the session that opened them has ended, and the next person may share the phone. */
export function forgetSavedTickets(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) if (key?.startsWith(SAVED_TICKET_PREFIX)) localStorage.removeItem(key);
}
