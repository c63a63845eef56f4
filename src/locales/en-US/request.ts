export default {
  'request.network.title': 'Network exception',
  'request.network.description': 'Your network is abnormal and cannot connect to the server',
  'request.fallback': 'Request error, please retry.',
  'request.timeout': 'The server did not answer within {seconds} seconds (timeout of {ms}ms exceeded). Please retry.',
  'request.server': 'The server ran into an error (HTTP {status}); your network is fine. Please retry in a moment.',
  'request.loading': 'Loading…',
  'request.waiting': 'Still waiting for the server: {seconds} of {limit} seconds',
  'request.failed.title': 'Could not load this',
  'request.retry': 'Retry',
  'request.reconnected': 'Back online: loading again',
};
