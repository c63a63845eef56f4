/** Screens built by later issues show these empty states until then. */
export default {
  'pages.pending.examlist': '您还没有报名任何考试。请从近期考试中选择一场开始报名。',
  'pages.pending.profile': '您的个人信息将在这里显示和编辑。',
  'pages.pending.singleRegistration': '请从近期考试列表中选择要报名的考试。',
  'pages.pending.gRegistration': '请从近期考试列表中选择要进行团体报名的考试。',
  'pages.pending.ticket': '报名缴费成功后，您的准考证将显示在这里。',
  'pages.pending.result': '考试评定完成后，您的成绩和证书将显示在这里。',
  'pages.pending.transaction': '您的付款和退款记录将显示在这里。',
  'pages.exception.title': '出错了',
  'pages.exception.code': '错误代码：{code}',
};
