/**
 * Every text the server's documents print (admission ticket, receipt, calendar file), in both languages, same keys.
 * The browser's texts live in src/locales; these are the server's own, since a PDF is made where no browser is.
 * `{name}` marks a value filled in by `documentText`.
 */
export type DocumentLocale = 'zh-CN' | 'en-US';

export const DOCUMENT_LOCALES: readonly DocumentLocale[] = ['zh-CN', 'en-US'];

const enUS = {
  'service.name': 'Exam Ability',
  'field.separator': ': ',
  'time.inZone': '{dateTime} {offset} ({zone})',

  'ticket.title': 'Admission Ticket',
  'ticket.field.name': 'Candidate',
  'ticket.field.idNumber': 'ID number',
  'ticket.field.exam': 'Exam',
  'ticket.field.examCode': 'Exam code',
  'ticket.field.startsAt': 'Date and time',
  'ticket.field.arriveBy': 'Arrive by',
  'ticket.field.center': 'Test center',
  'ticket.field.address': 'Address',
  'ticket.field.room': 'Room',
  'ticket.field.seat': 'Seat',
  'ticket.arriveBy': '{time} ({minutes} minutes before the start)',
  'ticket.room.place': '{room} ({place})',
  'ticket.room.floor': 'floor {floor}',
  'ticket.toBeAnnounced': 'To be announced',
  'ticket.photo.missing': 'Photo missing',
  'ticket.photo.missingHint': 'Upload an ID photo in your profile',
  'ticket.qr.caption': 'Show this code at the door',
  'ticket.rules.title': 'Rules for candidates',
  'ticket.rule.documents':
    'Bring this ticket and the identity card whose number is shown above; the examiner compares your face, photo and card.',
  'ticket.rule.arrival': 'Arrive by {time}. Candidates who arrive after the start may be refused entry.',
  'ticket.rule.seat': 'Sit only in the room and seat shown on this ticket.',
  'ticket.rule.devices': 'Switch off phones, smart watches and other electronic devices and leave them where told.',
  'ticket.rule.conduct': 'Impersonation or cheating voids the exam and withholds the result.',
  'ticket.footer.registration': 'Registration {id}',

  'calendar.summary': '{exam} ({code})',
  'calendar.alarm': 'Arrive at {center} by {time}',

  'receipt.title': 'Receipt',
  'receipt.field.orderId': 'Order number',
  'receipt.field.purpose': 'For',
  'receipt.field.payer': 'Payer',
  'receipt.field.paidAt': 'Paid on',
  'receipt.field.transactionId': 'Transaction ID',
  'receipt.purpose.booking': 'Exam registration',
  'receipt.purpose.change': 'Reservation change',
  'receipt.items.exam': 'Exam',
  'receipt.items.date': 'Exam date',
  'receipt.items.unitPrice': 'Unit price',
  'receipt.items.quantity': 'Quantity',
  'receipt.line.subtotal': 'Subtotal',
  'receipt.line.referralDiscount': 'Referral discount',
  'receipt.line.promotionDiscount': 'Promotion discount',
  'receipt.line.promotionDiscountCode': 'Promotion discount ({code})',
  'receipt.line.groupDiscount': 'Group discount',
  'receipt.line.handling': 'Handling charge',
  'receipt.line.total': 'Total paid',
  'receipt.refunds.title': 'Refunds',
  'receipt.refunds.none': 'None',
  'receipt.refund.date': 'Requested on',
  'receipt.refund.reason': 'Reason',
  'receipt.refund.state': 'State',
  'receipt.refund.amount': 'Amount',
  'receipt.refund.reason.canceled': 'Registration canceled',
  'receipt.refund.reason.late_payment': 'Paid after the seat hold expired',
  'receipt.refund.reason.change': 'Changed to a cheaper exam',
  'receipt.refund.reason.change_failed': 'The paid change could not be made',
  'receipt.refund.reason.exam_canceled': 'Exam canceled by the test center',
  'receipt.refund.state.requested': 'Pending',
  'receipt.refund.state.succeeded': 'Refunded',
  'receipt.refund.state.failed': 'Failed; our staff will handle it',
  'receipt.notInvoice': 'This receipt is not a tax invoice (fapiao).',
  'receipt.issuedBy': 'Issued by {company} through {service}',
} as const;

export type DocumentTextKey = keyof typeof enUS;

const zhCN: Record<DocumentTextKey, string> = {
  'service.name': '考试能力',
  'field.separator': '：',
  'time.inZone': '{dateTime} {offset}（{zone}）',

  'ticket.title': '准考证',
  'ticket.field.name': '姓名',
  'ticket.field.idNumber': '身份证号',
  'ticket.field.exam': '考试名称',
  'ticket.field.examCode': '考试代码',
  'ticket.field.startsAt': '考试时间',
  'ticket.field.arriveBy': '最迟到达',
  'ticket.field.center': '考点',
  'ticket.field.address': '地址',
  'ticket.field.room': '考场',
  'ticket.field.seat': '座位号',
  'ticket.arriveBy': '{time}（开考前 {minutes} 分钟）',
  'ticket.room.place': '{room}（{place}）',
  'ticket.room.floor': '{floor} 层',
  'ticket.toBeAnnounced': '待公布',
  'ticket.photo.missing': '缺少照片',
  'ticket.photo.missingHint': '请在个人信息中上传证件照',
  'ticket.qr.caption': '入场时请出示此二维码',
  'ticket.rules.title': '考生须知',
  'ticket.rule.documents': '请携带本准考证及上方号码对应的身份证，考官将核对本人、照片与证件。',
  'ticket.rule.arrival': '请于 {time} 前到达考点。开考后到达的考生可能被拒绝入场。',
  'ticket.rule.seat': '请按本准考证所列考场和座位号就座。',
  'ticket.rule.devices': '手机、智能手表等电子设备须关闭，并按考官要求存放。',
  'ticket.rule.conduct': '冒名顶替或作弊者，考试无效并扣留成绩。',
  'ticket.footer.registration': '报名编号 {id}',

  'calendar.summary': '{exam}（{code}）',
  'calendar.alarm': '请于 {time} 前到达{center}',

  'receipt.title': '收据',
  'receipt.field.orderId': '订单号',
  'receipt.field.purpose': '用途',
  'receipt.field.payer': '付款人',
  'receipt.field.paidAt': '支付时间',
  'receipt.field.transactionId': '交易号',
  'receipt.purpose.booking': '考试报名',
  'receipt.purpose.change': '预约更改',
  'receipt.items.exam': '考试',
  'receipt.items.date': '考试日期',
  'receipt.items.unitPrice': '单价',
  'receipt.items.quantity': '数量',
  'receipt.line.subtotal': '小计',
  'receipt.line.referralDiscount': '推荐优惠',
  'receipt.line.promotionDiscount': '促销优惠',
  'receipt.line.promotionDiscountCode': '促销优惠（{code}）',
  'receipt.line.groupDiscount': '团体优惠',
  'receipt.line.handling': '手续费',
  'receipt.line.total': '实付金额',
  'receipt.refunds.title': '退款',
  'receipt.refunds.none': '无',
  'receipt.refund.date': '申请时间',
  'receipt.refund.reason': '原因',
  'receipt.refund.state': '状态',
  'receipt.refund.amount': '金额',
  'receipt.refund.reason.canceled': '取消报名',
  'receipt.refund.reason.late_payment': '座位保留期满后付款',
  'receipt.refund.reason.change': '改报费用较低的考试',
  'receipt.refund.reason.change_failed': '已付款的改报未能完成',
  'receipt.refund.reason.exam_canceled': '考点取消考试',
  'receipt.refund.state.requested': '退款处理中',
  'receipt.refund.state.succeeded': '已退款',
  'receipt.refund.state.failed': '退款失败，工作人员将处理',
  'receipt.notInvoice': '本收据不作为发票使用。',
  'receipt.issuedBy': '由{company}通过{service}开具',
};

export const DOCUMENT_TEXTS: Record<DocumentLocale, Record<DocumentTextKey, string>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
};

/** The text of `key` in `locale`, with each `{name}` replaced by `values[name]`. */
export function documentText(
  locale: DocumentLocale,
  key: DocumentTextKey,
  values: Record<string, string | number> = {},
): string {
  return DOCUMENT_TEXTS[locale][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
