import type { CandidatePhoto, PhotoRejection } from '../../contract';
import type { PhotoStateRow } from '../db/rows';
import { AppError } from '../errors';
import type { Links } from './ports';

/** Why the current photo was rejected, or null while it stands (or there is none). */
export function photoRejectionOf(row: PhotoStateRow): PhotoRejection | null {
  if (!row.photoRejectedAt) return null;
  return { reason: row.photoRejectionReason ?? '', rejectedAt: row.photoRejectedAt.toISOString() };
}

/** The current photo as a center or operator sees it beside the candidate; null when the profile has none. */
export function toCandidatePhoto(links: Pick<Links, 'avatar'>, row: PhotoStateRow): CandidatePhoto | null {
  if (!row.avatarId) return null;
  return { url: links.avatar(row.avatarId), rejection: photoRejectionOf(row) };
}

/**
 * A ticket goes to the door with the candidate's face on it, so none is issued without a photo that stands:
 * TICKET_PHOTO_REQUIRED without one, TICKET_PHOTO_REJECTED (its reason in the details) after a rejection. Booking is
 * never blocked by this: a new photo issues the ticket.
 */
export function assertTicketPhoto(row: PhotoStateRow): void {
  if (!row.avatarId) throw new AppError('TICKET_PHOTO_REQUIRED');
  const rejection = photoRejectionOf(row);
  if (rejection) {
    throw new AppError('TICKET_PHOTO_REJECTED', undefined, undefined, [{ path: 'reason', message: rejection.reason }]);
  }
}
