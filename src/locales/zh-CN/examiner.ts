/** The examiner's exams, the check-in scan page and the examiner profile. */
export default {
  // Errors only an examiner's calls meet travel with its pages (the request handler finds them once loaded).
  'errors.EXAMINERS_ONLY': '只有考官可以进行此操作。',
  'errors.TICKET_INVALID': '这不是有效的准考证。',
  'errors.TICKET_OTHER_EXAM': '此准考证属于其他考试。',
  'errors.TICKET_CANCELED': '该报名已取消：请勿放行。',
};
