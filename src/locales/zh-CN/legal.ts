/** `{minutes}` is the default arrival lead time and `{hours}` the change lock, both from src/constants.ts. */
export default {
  'pages.legal.terms.title': '使用条款',
  'pages.legal.terms.intro':
    '本条款适用于您对“考试能力”的使用。该在线报名服务由本页底部列明的公司提供。登录即表示您接受本条款。',
  'pages.legal.terms.account.title': '您的账户',
  'pages.legal.terms.account.body':
    '您使用中国大陆手机号及发送到该手机的一次性验证码登录，首次登录即自动创建账户。请妥善保管手机，切勿向任何人透露验证码：获得验证码的人可以以您的名义操作。',
  'pages.legal.terms.registration.title': '报名与缴费',
  'pages.legal.terms.registration.body':
    '只有个人考生可以报名考试；考点和考官账户用于组织考试。您使用手机钱包扫描二维码付款期间，座位为您保留；付款到账后报名即确认。未付款的座位在保留期结束后释放。',
  'pages.legal.terms.examDay.title': '考试当天',
  'pages.legal.terms.examDay.body':
    '请携带与个人信息一致的身份证及准考证，并至少按准考证上注明的时间提前到达考点（如考试无特别说明，为开考前 {minutes} 分钟）。证件不全或迟到的考生可能被拒绝入场。',
  'pages.legal.terms.changes.title': '变更与取消',
  'pages.legal.terms.changes.body':
    '在考试开始前 {hours} 小时之前，您可以更改考试场次或取消报名。考试开始前 {hours} 小时内，报名将被锁定，不能再更改或取消。',
  'pages.legal.terms.refunds.title': '退款',
  'pages.legal.terms.refunds.body':
    '在锁定前取消报名的，考试费将原路退回您付款的钱包。考点取消考试的，您将获得全额退款，或可改报其他场次。缺考或在锁定期内申请取消的，不予退款。',
  'pages.legal.terms.conduct.title': '诚信使用',
  'pages.legal.terms.conduct.body':
    '请如实填写个人信息，仅以本人名义报名，或为您有权代为报名的团体报名。冒名顶替或作弊者将被取消考试资格并扣留成绩。',
  'pages.legal.terms.updates.title': '条款的更新',
  'pages.legal.terms.updates.body': '我们可能会更新本条款，以本页显示的版本为准；已付款的报名仍适用报名时的条件。',
  'pages.legal.privacy.title': '隐私政策',
  'pages.legal.privacy.intro': '本政策说明“考试能力”使用哪些个人信息、使用目的、谁可以看到以及保存多久。',
  'pages.legal.privacy.collected.title': '我们收集的信息',
  'pages.legal.privacy.collected.body':
    '您的手机号；您填写的个人信息（姓名、性别、出生日期、身份证号、地址、邮箱、所属机构、照片）；您的报名、准考证、成绩和证书编号；订单的付款和退款记录；以及请求的 IP 地址等技术记录。',
  'pages.legal.privacy.purpose.title': '使用目的',
  'pages.legal.privacy.purpose.body':
    '用于登录、考试签到时核验身份、出具准考证、成绩和证书、收款和退款，以及防止服务被滥用。我们不会将您的信息用于广告，也不会出售您的信息。',
  'pages.legal.privacy.sharing.title': '谁可以看到',
  'pages.legal.privacy.sharing.body':
    '您所报考考试的考点和考官可以看到签到和评定所需的信息。短信服务商获得您的手机号以发送验证码；支付服务商获得订单号和金额，绝不会获得您的钱包凭据。',
  'pages.legal.privacy.retention.title': '保存期限',
  'pages.legal.privacy.retention.body':
    '个人信息在账户存续期间保存。报名、成绩和证书编号会长期保存，以便日后核验证书。付款记录按会计法规要求的期限保存。一次性验证码在几分钟内失效，技术记录在短期内删除。',
  'pages.legal.privacy.browser.title': '浏览器中保存的信息',
  'pages.legal.privacy.browser.body':
    '您的浏览器会保存登录令牌、账户类型、所选考试和语言设置。退出登录会删除令牌并结束服务器上的会话。我们不使用广告类 Cookie。',
  'pages.legal.privacy.rights.title': '您的权利',
  'pages.legal.privacy.rights.body':
    '您可以随时查看和更正个人信息，也可以请求考点删除您的账户；法律要求保存的记录将在保存义务结束后删除。',
  'pages.legal.risk.title': '风险告知书',
  'pages.legal.risk.intro': '报名前请阅读以下事项。报名即表示您已了解这些内容。',
  'pages.legal.risk.documents.title': '身份证件',
  'pages.legal.risk.documents.body': '入场时须出示身份证和准考证。未携带的考生可能被拒绝入场，考试费不予退还。',
  'pages.legal.risk.arrival.title': '到达时间',
  'pages.legal.risk.arrival.body':
    '请至少按准考证上注明的时间提前到达（如考试无特别说明，为开考前 {minutes} 分钟）。开考时签到即截止，迟到考生可能被拒绝入场。',
  'pages.legal.risk.lock.title': '变更和取消锁定',
  'pages.legal.risk.lock.body': '考试开始前 {hours} 小时内，报名不能再更改或取消。如您的日程可能变动，请提前安排。',
  'pages.legal.risk.payment.title': '付款',
  'pages.legal.risk.payment.body':
    '请仅通过本网站显示的二维码付款，并在确认前核对钱包中显示的金额。付款到账后座位才属于您；未付款的座位在保留期结束后释放。',
  'pages.legal.risk.cancellation.title': '考点取消考试',
  'pages.legal.risk.cancellation.body':
    '考点可能因安全等原因取消或调整考试。届时您会收到通知，并获得全额退款或其他场次的座位。',
  'pages.legal.risk.results.title': '考试成绩',
  'pages.legal.risk.results.body': '成绩由考官依据考试规则评定。对成绩有疑问的，请联系举办考试的考点。',
};
