/** Registration and order statuses, shown as tags on My Exams, tickets, receipts and transactions. */
export default {
  'status.registration.pending': '待支付',
  'status.registration.register': '已报名',
  'status.registration.checkin': '已签到',
  'status.registration.completed': '已完成',
  'status.registration.canceled': '已取消',
  'status.order.pending': '待支付',
  'status.order.paid': '已支付',
  'status.order.expired': '已过期',
  'status.order.canceled': '已取消',
  'status.order.refunded': '已退款',
};
