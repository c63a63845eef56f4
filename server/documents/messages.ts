/**
 * Every text the server's documents print (the admission ticket), in both languages, same keys.
 * The browser's texts live in src/locales; these are the server's own, since a PDF is made where no browser is.
 * `{name}` marks a value filled in by `documentText`.
 */
export type DocumentLocale = 'zh-CN' | 'en-US';

export const DOCUMENT_LOCALES: readonly DocumentLocale[] = ['zh-CN', 'en-US'];

const enUS = {
  'service.name': 'Exam Ability',
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
} as const;

export type DocumentTextKey = keyof typeof enUS;

const zhCN: Record<DocumentTextKey, string> = {
  'service.name': '考试能力',
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
