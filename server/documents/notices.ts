import { z } from 'zod';
import type { NotificationEvent } from '../../contract';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../contract/format';
import type { DocumentLocale } from './messages';
import { arrivalClock } from './time';

/**
 * What the notification texts are written from: the `params` of an outbox row (domain/notify.ts), plain JSON.
 * Names and places carry both languages, so one row reads in either; instants are ISO strings, money integer fen.
 */
export const noticeExam = z.object({
  id: z.string(),
  code: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  /** ISO instant. */
  startsAt: z.string(),
  /** IANA zone the exam's clock is on (quiet hours and every time shown follow it). */
  timeZone: z.string(),
  arrivalLeadMinutes: z.number().int().positive(),
  /** Where to go, as the ticket prints it. */
  address: z.object({ zh: z.string(), en: z.string() }),
});
export type NoticeExam = z.infer<typeof noticeExam>;

/** The params each event's text needs (every event names its exam). */
export const NOTICE_PARAMS = {
  'booking.paid': z.object({
    exam: noticeExam,
    orderId: z.string(),
    seats: z.number().int().positive(),
    totalFen: z.number().int(),
  }),
  'exam.reminder': z.object({
    exam: noticeExam,
    registrationId: z.string(),
    days: z.union([z.literal(3), z.literal(1)]),
  }),
  'exam.changed': z.object({ exam: noticeExam, registrationId: z.string() }),
  'exam.canceled': z.object({ exam: noticeExam, registrationId: z.string() }),
  'ticket.released': z.object({ exam: noticeExam, registrationId: z.string() }),
  'waitlist.offer': z.object({ exam: noticeExam, offerExpiresAt: z.string() }),
  'waitlist.offer_expired': z.object({ exam: noticeExam }),
  'waitlist.closed': z.object({ exam: noticeExam }),
  'result.published': z.object({ exam: noticeExam, registrationId: z.string() }),
  'refund.completed': z.object({ exam: noticeExam, orderId: z.string(), amountFen: z.number().int().positive() }),
} satisfies Record<NotificationEvent, z.ZodType>;
export type NoticeParams<E extends NotificationEvent> = z.infer<(typeof NOTICE_PARAMS)[E]>;

const enUS = {
  'booking.paid.title': 'Booking confirmed',
  'booking.paid.body':
    'Your payment of {amount} for {exam} ({code}) went through. The exam starts {time}; your ticket is under My Exams.',
  'booking.paid.bodyGroup':
    "Your payment of {amount} for {seats} seats at {exam} ({code}) went through. The exam starts {time}; the members' tickets are on the group page.",
  'exam.reminder.title.days': 'Your exam is in {days} days',
  'exam.reminder.title.tomorrow': 'Your exam is tomorrow',
  'exam.reminder.body':
    '{exam} ({code}) starts {time}. Arrive by {arrive} at {address}. Bring your ID card and your ticket (printed or on your phone).',
  'exam.changed.title': 'Exam time or place changed',
  'exam.changed.body':
    'The test center changed {exam} ({code}): it now starts {time} at {address}. Arrive by {arrive}.',
  'exam.canceled.title': 'Exam canceled',
  'exam.canceled.body':
    'The test center canceled {exam} ({code}, {time}) you registered for. Any fee paid is refunded in full to the original payment.',
  'ticket.released.title': 'Your ticket is ready',
  'ticket.released.body':
    'The ticket for {exam} ({code}, {time}) is out: your room and seat are final. Open or print it under My Exams.',
  'waitlist.offer.title': 'A seat is held for you',
  'waitlist.offer.body':
    'A seat at {exam} ({code}, {time}) came free and is held for you until {expires}. Pay before then, or it passes to the next in line.',
  'waitlist.offer_expired.title': 'Your held seat has lapsed',
  'waitlist.offer_expired.body':
    'The seat held for you at {exam} ({code}) was not paid in time and has passed to the next in line.',
  'waitlist.closed.title': 'Waiting list closed',
  'waitlist.closed.body':
    'Registration for {exam} ({code}) has ended and its waiting list is closed: no seat came free for you.',
  'result.published.title': 'Your result is out',
  'result.published.body': 'The results of {exam} ({code}) are published. See yours under My Results.',
  'refund.completed.title': 'Refund completed',
  'refund.completed.body':
    'Your refund of {amount} for {exam} ({code}) has gone back to the original payment (order {order}).',
};

const zhCN: Record<NoticeTextKey, string> = {
  'booking.paid.title': '报名成功',
  'booking.paid.body':
    '您已成功支付「{exam}」（{code}）的报名费 {amount}。考试于 {time} 开始，准考证请在“我的考试”中查看。',
  'booking.paid.bodyGroup':
    '您已成功为 {seats} 位考生支付「{exam}」（{code}）的报名费 {amount}。考试于 {time} 开始，考生的准考证请在团体报名页查看。',
  'exam.reminder.title.days': '考试提醒：{days} 天后开考',
  'exam.reminder.title.tomorrow': '考试提醒：明天开考',
  'exam.reminder.body':
    '「{exam}」（{code}）将于 {time} 开考。请于 {arrive} 前到达 {address}，携带身份证和准考证（打印或手机出示均可）。',
  'exam.changed.title': '考试时间或地点变更',
  'exam.changed.body': '考点变更了「{exam}」（{code}）：现于 {time} 在 {address} 开考，请于 {arrive} 前到达。',
  'exam.canceled.title': '考试已取消',
  'exam.canceled.body': '您报名的考试「{exam}」（{code}，{time}）已被考点取消，已付费用将原路全额退还。',
  'ticket.released.title': '准考证已发放',
  'ticket.released.body': '「{exam}」（{code}，{time}）的准考证已发放，考场和座位已确定，请在“我的考试”中查看或打印。',
  'waitlist.offer.title': '候补名额已为您保留',
  'waitlist.offer.body':
    '「{exam}」（{code}，{time}）有名额空出，已为您保留至 {expires}。请在此之前完成支付，逾期名额将让给下一位。',
  'waitlist.offer_expired.title': '候补名额已过期',
  'waitlist.offer_expired.body': '为您保留的「{exam}」（{code}）名额未在期限内支付，已让给下一位候补考生。',
  'waitlist.closed.title': '候补已结束',
  'waitlist.closed.body': '「{exam}」（{code}）报名已截止，候补名单随之关闭，未能为您空出名额。',
  'result.published.title': '成绩已发布',
  'result.published.body': '「{exam}」（{code}）的成绩已发布，请在“我的成绩”中查看。',
  'refund.completed.title': '退款已完成',
  'refund.completed.body': '您在「{exam}」（{code}）的退款 {amount} 已原路退回（订单 {order}）。',
};

export type NoticeTextKey = keyof typeof enUS;

export const NOTICE_TEXTS: Record<DocumentLocale, Record<NoticeTextKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

/** What a candidate reads: the in-app list's and the e-mail's title and body, and the SMS (short, signed). */
export interface RenderedNotice {
  title: string;
  body: string;
  sms: string;
}

/** Every SMS in China opens with the sender's registered signature. */
export const SMS_SIGNATURE = '【考试能力】';

function fill(locale: DocumentLocale, key: NoticeTextKey, values: Record<string, string | number>): string {
  return NOTICE_TEXTS[locale][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** An instant on the exam's clock with its offset, e.g. 2026-12-05 09:00 GMT+8: short enough for an SMS. */
function clock(iso: string, timeZone: string, locale: DocumentLocale): string {
  return `${formatInZone(iso, timeZone)} ${zoneLabel(iso, timeZone, locale)}`;
}

function examValues(exam: NoticeExam, locale: DocumentLocale): Record<string, string> {
  return {
    exam: pickText(exam.name, locale),
    code: exam.code,
    time: clock(exam.startsAt, exam.timeZone, locale),
    arrive: arrivalClock(exam.startsAt, exam.arrivalLeadMinutes, exam.timeZone),
    address: pickText(exam.address, locale),
  };
}

function titleAndBody(
  event: NotificationEvent,
  params: Record<string, unknown>,
  locale: DocumentLocale,
): { title: string; body: string } {
  const text = (key: NoticeTextKey, values: Record<string, string | number>) => fill(locale, key, values);
  switch (event) {
    case 'booking.paid': {
      const p = NOTICE_PARAMS[event].parse(params);
      const values = { ...examValues(p.exam, locale), amount: formatFen(p.totalFen, locale), seats: p.seats };
      const body = text(p.seats > 1 ? 'booking.paid.bodyGroup' : 'booking.paid.body', values);
      return { title: text('booking.paid.title', values), body };
    }
    case 'exam.reminder': {
      const p = NOTICE_PARAMS[event].parse(params);
      const values = { ...examValues(p.exam, locale), days: p.days };
      const title = text(p.days === 1 ? 'exam.reminder.title.tomorrow' : 'exam.reminder.title.days', values);
      return { title, body: text('exam.reminder.body', values) };
    }
    case 'waitlist.offer': {
      const p = NOTICE_PARAMS[event].parse(params);
      const values = { ...examValues(p.exam, locale), expires: clock(p.offerExpiresAt, p.exam.timeZone, locale) };
      return { title: text('waitlist.offer.title', values), body: text('waitlist.offer.body', values) };
    }
    case 'refund.completed': {
      const p = NOTICE_PARAMS[event].parse(params);
      const values = { ...examValues(p.exam, locale), amount: formatFen(p.amountFen, locale), order: p.orderId };
      return { title: text('refund.completed.title', values), body: text('refund.completed.body', values) };
    }
    default: {
      const p = NOTICE_PARAMS[event].parse(params);
      const values = examValues(p.exam, locale);
      return { title: text(`${event}.title`, values), body: text(`${event}.body`, values) };
    }
  }
}

/**
 * The texts of one notification in `locale`, from its event and params. Throws (a ZodError) when the params are not
 * the event's: a writer's bug the worker records on the row rather than sending a half-filled message.
 */
export function renderNotice(
  event: NotificationEvent,
  params: Record<string, unknown>,
  locale: DocumentLocale,
): RenderedNotice {
  const { title, body } = titleAndBody(event, params, locale);
  return { title, body, sms: `${SMS_SIGNATURE}${body}` };
}

/** The zone an event happens in (its exam's), for quiet hours; null when the params name none. */
export function noticeTimeZone(params: Record<string, unknown>): string | null {
  const parsed = z.object({ exam: z.object({ timeZone: z.string() }) }).safeParse(params);
  return parsed.success ? parsed.data.exam.timeZone : null;
}

/** Where the app takes the candidate for a notification (a path of the app), or null. */
export function noticeLink(event: NotificationEvent): string | null {
  switch (event) {
    case 'booking.paid':
    case 'exam.reminder':
    case 'exam.changed':
    case 'ticket.released':
      return '/home/ticket';
    case 'exam.canceled':
    case 'refund.completed':
      return '/home/transaction';
    case 'result.published':
      return '/home/result';
    case 'waitlist.offer':
    case 'waitlist.offer_expired':
    case 'waitlist.closed':
      return '/home/examlist';
  }
}
