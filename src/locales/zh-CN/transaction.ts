/** 我的交易：订单表格与订单状态名称（收据也用）。 */
export default {
  'pages.transaction.title': '我的交易',
  'pages.transaction.empty': '您还没有交易记录。',
  'pages.transaction.column.paymentDate': '支付日期',
  'pages.transaction.column.transactionId': '交易号',
  'pages.transaction.column.examName': '考试名称',
  'pages.transaction.column.unitPrice': '单价',
  'pages.transaction.column.quantity': '数量',
  'pages.transaction.column.total': '总金额',
  'pages.transaction.column.status': '状态',
  'pages.transaction.column.receipt': '收据',
  'pages.transaction.receipt': '查看收据',
  'pages.transaction.receiptOf': '查看 {exam} 的收据',
  'pages.transaction.notPaid': '未支付',
};
