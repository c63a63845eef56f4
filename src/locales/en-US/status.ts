/** Registration and order statuses, shown as tags on My Exams, tickets, receipts and transactions. */
export default {
  'status.registration.pending': 'Awaiting payment',
  'status.registration.register': 'Registered',
  'status.registration.checkin': 'Checked in',
  'status.registration.completed': 'Completed',
  'status.registration.canceled': 'Canceled',
  'status.order.pending': 'Pending',
  'status.order.paid': 'Paid',
  'status.order.expired': 'Expired',
  'status.order.canceled': 'Canceled',
  'status.order.refunded': 'Refunded',
};
