/** The sandbox wallet a scanned payment QR opens (local testing only, not a real wallet). */
export default {
  'pages.wallet.title': 'Test wallet',
  'pages.wallet.badge': 'Sandbox',
  'pages.wallet.back': 'Back to the exam site',
  'pages.wallet.sandbox': 'Sandbox: a test wallet for trying payments. No real money moves; this is not WeChat Pay.',
  'pages.wallet.payee': 'Payee',
  'pages.wallet.description': 'For',
  'pages.wallet.amount': 'Amount',
  'pages.wallet.expires': 'Pay before {time}',
  'pages.wallet.confirm': 'Confirm payment',
  'pages.wallet.cancel': 'Cancel',
  'pages.wallet.paid': 'Payment complete, you can return to the exam site.',
  'pages.wallet.canceled': 'Payment canceled. Nothing was charged.',
  'pages.wallet.closed': 'This order can no longer be paid: it has expired or was closed. Nothing was charged.',
  'pages.wallet.notFound': 'This payment order was not found.',
};
