/** The exception page (spec section 8). */
export default {
  'pages.exception.title': 'Something went wrong',
  'pages.exception.code': 'Error code: {code}',
};
