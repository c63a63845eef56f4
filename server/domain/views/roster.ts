import type { RosterEntry } from '../../../contract';
import { maskIdCard } from '../../../contract/idcard';
import type { RosterLineRow } from '../../db/rows';
import { toCandidatePhoto } from '../candidatePhoto';
import type { Links } from '../ports';

/** A candidate of an exam as the center's roster (and a result entry's answer) shows them. */
export function toRosterEntry(links: Pick<Links, 'avatar'>, row: RosterLineRow): RosterEntry {
  return {
    registrationId: row.registrationId,
    name: row.name,
    phone: row.phone,
    maskedIdNumber: maskIdCard(row.idNumber ?? ''),
    status: row.status,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    outcome: row.outcome,
    certificateNumber: row.certificateNumber,
    room: row.room,
    seat: row.room === null ? null : row.seat,
    photo: toCandidatePhoto(links, row),
  };
}
