/** Screens built by later issues show these empty states until then. */
export default {
  'pages.pending.examlist': 'You have not booked any exam yet. Pick one from the upcoming exams to get started.',
  'pages.pending.profile': 'Your personal information will be shown and edited here.',
  'pages.pending.singleRegistration': 'Choose an exam from the list of upcoming exams to register for it.',
  'pages.pending.gRegistration': 'Choose an exam from the list of upcoming exams to register a group for it.',
  'pages.pending.ticket': 'Your tickets appear here once a registration is paid.',
  'pages.pending.result': 'Your results and certificates appear here after your exam has been marked.',
  'pages.pending.transaction': 'Your payments and refunds will be listed here.',
  'pages.exception.title': 'Something went wrong',
  'pages.exception.code': 'Error code: {code}',
};
