export default {
  'request.network.title': '网络异常',
  'request.network.description': '您的网络发生异常，无法连接服务器',
  'request.fallback': '请求出错，请重试。',
  'request.timeout': '请求超时（{ms} 毫秒）',
};
