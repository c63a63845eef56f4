/** 我的考试成绩。 */
export default {
  'pages.result.title': '成绩',
  'pages.result.empty': '您还没有可查看成绩的报名。',
  'pages.result.pass': '通过',
  'pages.result.fail': '未通过',
  'pages.result.notPublished': '成绩尚未公布',
  'pages.result.certificate': '证书编号：{number}',
  'pages.result.date': '考试日期：{date}',
  'pages.result.showAll': '查看全部成绩',
  'pages.result.notFound': '未找到该报名的成绩。',
};
