/** Screens built by later issues show these empty states until then. */
export default {
  'pages.pending.gRegistration': '请从近期考试列表中选择要进行团体报名的考试。',
  'pages.exception.title': '出错了',
  'pages.exception.code': '错误代码：{code}',
};
