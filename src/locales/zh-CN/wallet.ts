/** 扫描支付二维码打开的沙箱钱包（仅用于本地测试，并非真实钱包）。 */
export default {
  'pages.wallet.title': '测试钱包',
  'pages.wallet.badge': '沙箱',
  'pages.wallet.back': '返回考试网站',
  'pages.wallet.sandbox': '沙箱环境：用于试用支付的测试钱包，不会产生真实扣款，这不是微信支付。',
  'pages.wallet.payee': '收款方',
  'pages.wallet.description': '用途',
  'pages.wallet.amount': '金额',
  'pages.wallet.expires': '请在 {time} 前支付',
  'pages.wallet.confirm': '确认支付',
  'pages.wallet.cancel': '取消',
  'pages.wallet.paid': '支付完成，您可以返回考试网站。',
  'pages.wallet.canceled': '已取消支付，未产生扣款。',
  'pages.wallet.closed': '该订单已过期或已关闭，无法支付，未产生扣款。',
  'pages.wallet.notFound': '未找到该支付订单。',
};
