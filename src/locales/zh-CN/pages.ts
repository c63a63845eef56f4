/** Texts a page needs before its own arrive: the exception page (spec section 8), the lead its document paints on My Exams. */
export default {
  'pages.exception.title': '出错了',
  'pages.exception.code': '错误代码：{code}',
  'pages.examlist.lead': '这里是您的考试和可报名的考试：可按名称或代码搜索，也可按类别、地区和日期筛选。',
};
