/** Screens built by later issues show these empty states until then. */
export default {
  'pages.pending.gRegistration': 'Choose an exam from the list of upcoming exams to register a group for it.',
  'pages.exception.title': 'Something went wrong',
  'pages.exception.code': 'Error code: {code}',
};
