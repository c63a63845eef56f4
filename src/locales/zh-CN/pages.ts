/** The exception page (spec section 8). */
export default {
  'pages.exception.title': '出错了',
  'pages.exception.code': '错误代码：{code}',
};
