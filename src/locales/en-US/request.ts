export default {
  'request.network.title': 'Network exception',
  'request.network.description': 'Your network is abnormal and cannot connect to the server',
  'request.fallback': 'Request error, please retry.',
  'request.timeout': 'timeout of {ms}ms exceeded',
};
