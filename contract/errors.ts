/**
 * Every error code the API answers with. Stable strings: the front end localizes them as `errors.<CODE>`
 * (both locales carry every code; a test checks it). The HTTP status and showType here are the defaults the
 * server's error handler uses.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, showType: 2 },
  MALFORMED_JSON: { status: 400, showType: 2 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, showType: 2 },
  PHONE_INVALID: { status: 400, showType: 2 },
  KIND_INVALID: { status: 400, showType: 2 },
  OTP_INVALID: { status: 400, showType: 2 },
  OTP_EXPIRED: { status: 400, showType: 2 },
  OTP_LOCKED: { status: 400, showType: 2 },
  OTP_TOO_SOON: { status: 429, showType: 1 },
  RATE_LIMITED: { status: 429, showType: 1 },
  UNAUTHORIZED: { status: 401, showType: 0 },
  FORBIDDEN: { status: 403, showType: 2 },
  NOT_FOUND: { status: 404, showType: 2 },
  PAYLOAD_TOO_LARGE: { status: 413, showType: 2 },
  NOT_READY: { status: 503, showType: 2 },
  SMS_SEND_FAILED: { status: 502, showType: 2 },
  PROFILE_INCOMPLETE: { status: 409, showType: 0 },
  STUDENTS_ONLY: { status: 403, showType: 2 },
  ID_CARD_INVALID: { status: 400, showType: 2 },
  ID_CARD_BIRTH_MISMATCH: { status: 400, showType: 2 },
  INVITATION_CODE_INVALID: { status: 400, showType: 2 },
  ORGANIZATION_INVALID: { status: 400, showType: 2 },
  CITY_INVALID: { status: 400, showType: 2 },
  IMAGE_INVALID: { status: 400, showType: 2 },
  IMAGE_TOO_LARGE: { status: 413, showType: 2 },
  ACCESS_CODE_INVALID: { status: 400, showType: 2 },
  PROMO_CODE_INVALID: { status: 400, showType: 2 },
  REGISTRATION_CLOSED: { status: 409, showType: 2 },
  SOLD_OUT: { status: 409, showType: 2 },
  ALREADY_REGISTERED: { status: 409, showType: 2 },
  RESERVATION_LOCKED: { status: 409, showType: 2 },
  CHANGE_TARGET_INVALID: { status: 409, showType: 2 },
  STATUS_TRANSITION_INVALID: { status: 409, showType: 2 },
  ORDER_EXPIRED: { status: 409, showType: 2 },
  TICKET_NOT_ISSUED: { status: 409, showType: 2 },
  PAYMENT_PROVIDER_FAILED: { status: 502, showType: 2 },
  INTERNAL: { status: 500, showType: 2 },
} as const satisfies Record<string, { status: number; showType: 0 | 1 | 2 | 4 | 9 }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
