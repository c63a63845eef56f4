/** My Transaction: the orders table and order status names (also on receipts). */
export default {
  'pages.transaction.title': 'My Transaction',
  'pages.transaction.empty': 'You have no transactions yet.',
  'pages.transaction.column.paymentDate': 'Payment date',
  'pages.transaction.column.transactionId': 'Transaction ID',
  'pages.transaction.column.examName': 'Exam name',
  'pages.transaction.column.unitPrice': 'Unit price',
  'pages.transaction.column.quantity': 'Quantity',
  'pages.transaction.column.total': 'Total amount',
  'pages.transaction.column.status': 'Status',
  'pages.transaction.column.receipt': 'Receipt',
  'pages.transaction.receipt': 'View receipt',
  'pages.transaction.receiptOf': 'View the receipt of {exam}',
  'pages.transaction.notPaid': 'Not paid',
};
