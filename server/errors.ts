import { ERROR_CATALOGUE, type ErrorCode, type ShowType } from '../contract';

/** The English sentence each code answers with; the front end shows its own localized text for the code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Some fields are missing or invalid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted here.',
  PHONE_INVALID: 'Enter a mainland China mobile number.',
  KIND_INVALID: 'Choose Individual, TestCenter or Examiner.',
  OTP_INVALID: 'The verification code is wrong or was already used.',
  OTP_EXPIRED: 'The verification code has expired. Request a new one.',
  OTP_LOCKED: 'Too many wrong codes. Request a new one.',
  OTP_TOO_SOON: 'A code was sent moments ago. Wait before requesting another.',
  OTP_PHONE_DAILY_LIMIT: 'This number has received too many codes today. Try again tomorrow.',
  OTP_PHONE_LOCKED: 'Too many wrong codes for this number. Try again in an hour.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  UNAUTHORIZED: 'Please log in.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  NOT_READY: 'The service is starting or its database is unavailable.',
  SMS_SEND_FAILED: 'The code could not be sent. Try again shortly.',
  PROFILE_INCOMPLETE: 'Please complete your profile before booking.',
  STUDENTS_ONLY: 'Only student can register for Exam',
  ID_CARD_INVALID: 'The ID card number is not valid.',
  ID_CARD_BIRTH_MISMATCH: 'The date of birth does not match the ID card number.',
  INVITATION_CODE_INVALID: '*Invalid Invitation code',
  ORGANIZATION_INVALID: 'No organization has this id.',
  CITY_INVALID: 'Please select city and state!',
  IMAGE_INVALID: 'Upload a JPG, PNG or WebP image.',
  IMAGE_TOO_LARGE: 'Image size is exceed 2MB!',
  ACCESS_CODE_INVALID: 'This exam needs its access code, and the one given is wrong.',
  PROMO_CODE_INVALID: 'This promo code is unknown or no longer valid.',
  PROMO_CODE_NOT_FOR_EXAM: 'This promo code is not valid for this exam.',
  PROMO_CODE_USED_UP: 'This promo code has been used up.',
  REGISTRATION_CLOSED: 'Registration for this exam is closed.',
  SOLD_OUT: 'No seats are left for this exam.',
  ALREADY_REGISTERED: 'You already hold a registration for this exam.',
  RESERVATION_LOCKED: 'A reservation cannot be changed or canceled within 72 hours of the test.',
  CHANGE_TARGET_INVALID: 'A reservation can move only to an open exam with the same exam code or category.',
  STATUS_TRANSITION_INVALID: 'This registration cannot do that in its current state.',
  ORDER_EXPIRED: 'This order has expired; its seats were released.',
  TICKET_NOT_ISSUED: 'The ticket is issued once the registration is paid.',
  PAYMENT_PROVIDER_FAILED: 'The payment service did not answer. Try again shortly.',
  PRICE_CHANGED: 'The price changed since it was shown. Nothing was charged; quote again and confirm the new total.',
  GROUP_FILE_INVALID: 'Please upload file in proper format',
  GROUP_FILE_EMPTY: 'The file holds no member rows.',
  GROUP_FILE_HEADERS_MISSING: 'The file lacks required columns (see the template).',
  GROUP_FILE_TOO_MANY_ROWS: 'A file may list at most 1,000 members.',
  GROUP_FILE_TOO_LARGE: 'The file is larger than 2 MB.',
  GROUP_NO_MEMBERS: 'No accepted members to pay for. Upload a file first.',
  GROUP_LOCKED: 'This group is already paid or awaiting payment.',
  GROUP_CHANGED: 'Some members changed since the upload. Please upload the file again.',
  GROUP_SEAT_PAYER_ONLY:
    'This seat was booked and paid for by your group coordinator; ask them to cancel or change it.',
  TEST_CENTERS_ONLY: 'Only a test center can do this.',
  EXAMINERS_ONLY: 'Only an examiner can do this.',
  OPERATORS_ONLY: 'Only an operator can do this.',
  PERMISSION_DENIED: 'Your operator account does not have the permission for this.',
  OPERATOR_EXISTS: 'This phone is already an operator.',
  OPERATOR_SELF_REMOVAL: 'You cannot remove yourself.',
  CENTER_VERIFICATION_CONFLICT: "The center's verification has changed; reload to see where it stands.",
  CENTER_NOT_APPROVED: 'This exam is not taking registrations now.',
  CATEGORY_CODE_TAKEN: 'Another category has this code.',
  CATEGORY_RETIRED: 'This category has been retired; please choose another.',
  ORGANIZATION_RETIRED: 'This organization has been retired; please choose another.',
  PROMO_CODE_TAKEN: 'Another promotion or invitation has this code.',
  PROMOTION_WINDOW_INVALID: 'The validity must end after it starts.',
  PROMOTION_CODE_FIXED: 'A code and its kind cannot change once created; add a new code instead.',
  PROMOTION_SCOPE_INVALID: 'The exam or category this code is limited to does not exist.',
  ORDER_NOT_REFUNDABLE: 'Only a paid order can be refunded.',
  REFUND_EXCEEDS_REFUNDABLE: 'That is more than what is still refundable on this order.',
  REFUND_NOT_FAILED: 'Only a failed refund can be tried again; this one has moved on. Reload to see where it stands.',
  RECONCILIATION_UNAVAILABLE: "The payment provider's record for that day is not available yet.",
  ERASURE_CONFIRMATION_MISMATCH: "The phone number typed is not this candidate's.",
  ERASURE_BLOCKED: 'The candidate still has a registration awaiting payment, booked or checked in.',
  TAX_ID_INVALID: 'The tax ID must be an 18-character unified social credit code.',
  LICENSE_INVALID: 'Upload the business license as a JPG, PNG or WebP image or a PDF.',
  LICENSE_TOO_LARGE: 'The business license file is larger than 2 MB.',
  CENTER_PROFILE_INCOMPLETE: 'Please complete the test center profile first.',
  EXAM_CODE_TAKEN: 'Another exam already has this exam code.',
  EXAM_CAPACITY_EXCEEDS_CENTER: "An exam cannot seat more candidates than the center's capacity.",
  EXAM_CAPACITY_BELOW_TAKEN: 'The capacity cannot be less than the seats already taken.',
  REGISTRATION_ENDS_AFTER_START: 'Registration must end before the exam starts.',
  EXAM_NOT_EDITABLE: 'A canceled, completed or started exam cannot be changed.',
  TICKET_INVALID: 'This is not a valid ticket.',
  TICKET_OTHER_EXAM: 'This ticket is for another exam.',
  TICKET_CANCELED: 'This registration was canceled.',
  RESULT_NEEDS_CHECKIN: 'Results are entered only for checked-in candidates.',
  RESULTS_PUBLISHED: 'The results of this exam are already published.',
  RESULT_FILE_INVALID: 'Please upload file in proper format',
  RESULT_FILE_TOO_LARGE: 'The file is larger than 2 MB.',
  ROOM_NAME_TAKEN: 'Another room of your center has this name.',
  ROOM_IN_USE: 'This room is used by an exam that has not finished; take it off the exam first.',
  ROOM_SEATS_IN_USE: 'A candidate sits beyond that seat number in this room; move them or allocate again first.',
  EXAM_ROOMS_TOO_SMALL: "The rooms chosen do not have enough seats for the exam's capacity.",
  EXAM_NO_ROOMS: "Choose the exam's rooms before allocating seats.",
  SEATING_LOCKED: 'Tickets are released: seats can no longer be allocated again, only moved one by one.',
  SEAT_TAKEN: 'Another candidate already has this seat.',
  SEAT_NOT_IN_ROOM: 'This room has no seat with that number, or the exam does not use it.',
  TICKET_NOT_RELEASED: 'The ticket is not released yet.',
  TICKET_SUPERSEDED: 'This ticket was replaced by a newer one (the seat changed): ask for the current ticket.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The one error type domain and HTTP code throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly showType: ShowType;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    showType?: ShowType,
    readonly details?: ErrorDetail[],
    message?: string,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = status ?? ERROR_CATALOGUE[code].status;
    this.showType = showType ?? ERROR_CATALOGUE[code].showType;
  }
}
