import { z } from 'zod';
import { id, isoDateTime } from './common';
import { paged, pageQuery } from './envelope';

/** Where a notification goes: a text message, an e-mail (only to a candidate who gave one), the in-app list. */
export const NOTIFICATION_CHANNELS = ['sms', 'email', 'inapp'] as const;
export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannel>;

/** pending (to deliver at its next attempt), sent, failed (gave up after its retries) or skipped (nowhere to send). */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const notificationStatus = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof notificationStatus>;

/**
 * What a notification tells (the texts are in src/locales and server/notifications; both languages):
 * - booking.paid: a booking (or a group's seats) is paid; the ticket follows.
 * - exam.reminder: the exam is 3 days (`days` 3) or 1 day (`days` 1) away: address, time to arrive, what to bring.
 * - exam.changed / exam.canceled: the center changed (time, place) or cancelled the exam.
 * - ticket.released: the room and seat are final; the ticket can be opened.
 * - waitlist.offer / waitlist.offer_expired / waitlist.closed: a seat held for a waiting candidate until a time,
 *   that hold lapsing, registration ending for those still waiting.
 * - result.published, refund.completed.
 */
export const NOTIFICATION_EVENTS = [
  'booking.paid',
  'exam.reminder',
  'exam.changed',
  'exam.canceled',
  'ticket.released',
  'waitlist.offer',
  'waitlist.offer_expired',
  'waitlist.closed',
  'result.published',
  'refund.completed',
] as const;
export const notificationEvent = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof notificationEvent>;

/**
 * One entry of the candidate's in-app notification list (`GET /api/front/notifications`), newest first. The server
 * writes `title` and `body` in the language the list is asked for (`lang`), from the event's values.
 */
export const notificationView = z.object({
  id,
  event: notificationEvent,
  title: z.string(),
  body: z.string(),
  createdAt: isoDateTime,
  /** Null while unread. */
  readAt: isoDateTime.nullable(),
  /** Where the app takes the candidate for it (a path of the app, e.g. /home/ticket/<id>), or null. */
  link: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const notificationListQuery = pageQuery.extend({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });
export const notificationList = paged(notificationView).extend({ unread: z.number().int().nonnegative() });
export type NotificationList = z.infer<typeof notificationList>;

/** `GET /api/front/notifications/unread`: the header's badge (cheap, polled every minute and on focus). */
export const unreadCount = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** `POST /api/front/notifications/read`: marks these (or, with `all`, every one) read; answers the new count. */
export const markReadRequest = z.union([
  z.object({ ids: z.array(id).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadRequest = z.infer<typeof markReadRequest>;

/**
 * `GET/PUT /api/front/notification-settings`: the channels besides the in-app list, and the language messages are
 * written in (the app sends its own when the candidate logs in or switches language). `email` is the profile's
 * address (read-only here; empty when none was given, and then no e-mail is sent).
 */
export const notificationSettings = z.object({
  sms: z.boolean(),
  email: z.boolean(),
  locale: z.enum(['zh-CN', 'en-US']),
  emailAddress: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const notificationSettingsRequest = z
  .object({ sms: z.boolean().optional(), email: z.boolean().optional(), locale: z.enum(['zh-CN', 'en-US']).optional() })
  .strict();
export type NotificationSettingsRequest = z.infer<typeof notificationSettingsRequest>;
