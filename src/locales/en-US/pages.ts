/** Texts a page needs before its own arrive: the exception page (spec section 8), the lead its document paints on My Exams. */
export default {
  'pages.exception.title': 'Something went wrong',
  'pages.exception.code': 'Error code: {code}',
  'pages.examlist.lead':
    'Your exams, and the exams open for booking: search them by name or code, or narrow them down by category, region and date.',
};
