/** One entry per code of contract/errors.ts (src/locales/locales.test.ts checks that none is missing). */
export default {
  'errors.VALIDATION_FAILED': 'Some of the information you entered is not valid. Please check it and try again.',
  'errors.MALFORMED_JSON': 'The request could not be read. Please refresh the page and try again.',
  'errors.UNSUPPORTED_MEDIA_TYPE': 'This kind of file or data is not supported.',
  'errors.PHONE_INVALID': 'Invalid phone number',
  'errors.KIND_INVALID': 'Please choose Individual, Test center or Examiner.',
  'errors.OTP_INVALID': 'The verification code is wrong. Please check it and try again.',
  'errors.OTP_EXPIRED': 'The verification code has expired. Please request a new one.',
  'errors.OTP_LOCKED': 'Too many wrong codes. Please request a new verification code.',
  'errors.OTP_TOO_SOON': 'A code was sent a moment ago. Please wait before requesting another one.',
  'errors.RATE_LIMITED': 'Too many requests. Please wait a little and try again.',
  'errors.UNAUTHORIZED': 'Please log in to continue.',
  'errors.FORBIDDEN': 'Your account is not allowed to do this.',
  'errors.NOT_FOUND': 'What you are looking for does not exist or is not yours.',
  'errors.PAYLOAD_TOO_LARGE': 'The file is too large.',
  'errors.NOT_READY': 'The service is starting up. Please try again in a moment.',
  'errors.INTERNAL': 'Something went wrong on our side. Please try again later.',
};
