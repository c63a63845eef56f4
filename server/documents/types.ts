import type { LocalizedText } from '../../contract/common';

/** Where a candidate sits, as the center named its room; null on a ticket until seats are allocated. */
export interface SeatAssignment {
  /** The room's name as the center wrote it ("301", "第三考场"). */
  room: string;
  building: string | null;
  floor: string | null;
  seat: number;
}

/** One admission ticket, as plain data: what the PDF prints, nothing looked up. */
export interface TicketDocument {
  registrationId: string;
  /** The signed ticket token (EdDSA JWT) the QR holds, as the examiner's page verifies it. */
  token: string;
  candidate: {
    name: string;
    /** 110101********123X */
    maskedIdNumber: string;
    /** The ID photo as stored (JPEG, PNG or WebP bytes); null prints a placeholder saying it is missing. */
    photo: Buffer | null;
  };
  exam: {
    code: string;
    name: LocalizedText;
    /** ISO instant. */
    startsAt: string;
    /** IANA zone the exam's times are printed in. */
    timeZone: string;
    arrivalLeadMinutes: number;
  };
  center: { name: LocalizedText; address: LocalizedText };
  seat: SeatAssignment | null;
}
