export default {
  'request.network.title': '网络异常',
  'request.network.description': '您的网络发生异常，无法连接服务器',
  'request.fallback': '请求出错，请重试。',
  'request.timeout': '服务器在 {seconds} 秒内没有应答（请求超时，{ms} 毫秒），请重试。',
  'request.server': '服务器出错（HTTP {status}），并非您的网络问题，请稍后重试。',
  'request.loading': '加载中…',
  'request.waiting': '仍在等待服务器：已 {seconds} 秒，最长 {limit} 秒',
  'request.failed.title': '未能加载',
  'request.retry': '重试',
  'request.reconnected': '网络已恢复，正在重新加载',
};
