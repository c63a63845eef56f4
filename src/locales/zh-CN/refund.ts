/** 付款人看到的退款：退款原因（每个原因代码一句话）以及退款进度。 */
export default {
  'refund.reason.canceled': '您取消了本次报名。',
  'refund.reason.late_payment': '您的付款在座位保留期满后才到账，座位未能保留。',
  'refund.reason.change': '您改报了费用较低的考试，差额退还给您。',
  'refund.reason.change_failed': '您已付款的改报未能完成，该笔付款退还给您。',
  'refund.reason.exam_canceled': '考点取消了该场考试。',
  'refund.reason.manual': '平台工作人员为您办理了这笔退款。',
  'refund.state.requested': '退款处理中',
  'refund.state.succeeded': '已退款',
  'refund.state.failed': '退款失败，工作人员将为您处理',
  'refund.totals.refunded': '已退 {amount}',
  'refund.totals.pending': '退款处理中：{amount}',
  'refund.totals.failed': '退款 {amount} 失败，工作人员将为您处理',
  'refund.receipt.label': '退款（{date}）',
};
