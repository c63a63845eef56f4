/** Refunds as the payer reads them: why the money goes back (one sentence per reason code) and how far it is. */
export default {
  'refund.reason.canceled': 'You canceled this registration.',
  'refund.reason.late_payment': 'Your payment arrived after the seat hold had expired, so the seat could not be kept.',
  'refund.reason.change': 'You moved to a cheaper exam, so the difference comes back to you.',
  'refund.reason.change_failed': 'Your paid change could not be made, so its payment comes back to you.',
  'refund.reason.exam_canceled': 'The test center canceled the exam.',
  'refund.reason.manual': 'Our staff refunded this payment to you.',
  'refund.state.requested': 'Refund pending',
  'refund.state.succeeded': 'Refunded',
  'refund.state.failed': 'Refund failed: our staff will handle it',
  'refund.totals.refunded': 'Refunded {amount}',
  'refund.totals.pending': 'Refund pending: {amount}',
  'refund.totals.failed': 'Refund of {amount} failed: our staff will handle it',
  'refund.receipt.label': 'Refund of {date}',
};
