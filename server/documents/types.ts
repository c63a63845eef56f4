import type { ORDER_PURPOSES, PriceBreakdown, RefundReason, RefundState } from '../../contract/booking';
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

/** A room's door list and seat chart, as plain data: what the PDF prints, nothing looked up. */
export interface DoorListRoom {
  room: { name: string; building: string | null; floor: string | null; seats: number };
  /** The room's seated candidates, in seat order. */
  candidates: {
    seat: number;
    name: string;
    /** 110101********123X */
    maskedIdNumber: string;
    /** The ID photo as stored; null prints an empty frame. */
    photo: Buffer | null;
  }[];
}

/** An exam's door lists: the exam's facts once, then each room printed. */
export interface DoorListDocument {
  exam: TicketDocument['exam'];
  rooms: DoorListRoom[];
}

/** One refund of the order, in the payer's state: only the provider's confirmed success counts as refunded. */
export interface ReceiptRefund {
  /** ISO instant the refund was asked for. */
  requestedAt: string;
  reason: RefundReason;
  state: RefundState;
  amountFen: number;
}

export interface ReceiptItem {
  exam: { code: string; name: LocalizedText; startsAt: string; timeZone: string };
  unitPriceFen: number;
  quantity: number;
}

/** One paid order's receipt, as plain data; every amount in integer fen as the pricing module computed it. */
export interface ReceiptDocument {
  orderId: string;
  purpose: (typeof ORDER_PURPOSES)[number];
  /** Who paid: the candidate, or a group's coordinator. The phone is E.164 and printed masked. */
  payer: { name: string; phone: string };
  /** The company running the service (COMPANY_NAME_ZH / COMPANY_NAME_EN). */
  issuer: LocalizedText;
  /** ISO instant the payment was confirmed. */
  paidAt: string;
  /** The provider's transaction id. */
  transactionId: string | null;
  items: ReceiptItem[];
  breakdown: Omit<PriceBreakdown, 'unitPriceFen' | 'quantity'>;
  promoCode: string | null;
  refunds: ReceiptRefund[];
}

/** One event of an .ics file, its texts already in the reader's language. */
export interface CalendarEvent {
  /** Stable per registration, so importing a newer file updates the event instead of adding a second. */
  uid: string;
  /** ISO instants. Exams have no recorded end: null writes an event that is a point in time (RFC 5545 3.6.1). */
  startsAt: string;
  endsAt: string | null;
  summary: string;
  location: string;
  description: string;
  /** A reminder this many minutes before the start, with its text; null for none. */
  alarm: { minutesBefore: number; description: string } | null;
}
