/** The examiner's exams, the check-in scan page and the examiner profile. */
export default {
  // Errors only an examiner's calls meet travel with its pages (the request handler finds them once loaded).
  'errors.EXAMINERS_ONLY': 'Only an examiner can do this.',
  'errors.TICKET_INVALID': 'This is not a valid ticket.',
  'errors.TICKET_OTHER_EXAM': 'This ticket is for another exam.',
  'errors.TICKET_CANCELED': 'This registration was canceled: do not admit.',
};
