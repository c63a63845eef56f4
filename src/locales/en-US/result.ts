/** Results of my registrations. */
export default {
  'pages.result.title': 'Result',
  'pages.result.empty': 'You have no registrations with results yet.',
  'pages.result.pass': 'Pass',
  'pages.result.fail': 'Fail',
  'pages.result.notPublished': 'Not yet published',
  'pages.result.certificate': 'Certificate number: {number}',
  'pages.result.date': 'Test date: {date}',
  'pages.result.showAll': 'Show all results',
  'pages.result.notFound': 'No result was found for this registration.',
};
