import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/notifications';
import { type CallOptions, callApi } from './client';

/** The notification list tells the header's bell it marked some read (a window event), so the badge follows at once. */
export const NOTIFICATIONS_READ_EVENT = 'app:notifications-read';

export function notifications(query: QueryOf<'notifications'>, options?: CallOptions) {
  return callApi(paths.notifications, { params: query, ...options });
}

/** The header badge's count: one small read, polled. */
export function unreadNotifications(options?: CallOptions) {
  return callApi(paths.unreadNotifications, { ...options });
}

export function markNotificationsRead(body: BodyOf<'markNotificationsRead'>, options?: CallOptions) {
  return callApi(paths.markNotificationsRead, { data: body, ...options });
}

export function notificationSettings(options?: CallOptions) {
  return callApi(paths.notificationSettings, { ...options });
}

export function saveNotificationSettings(body: BodyOf<'saveNotificationSettings'>, options?: CallOptions) {
  return callApi(paths.saveNotificationSettings, { data: body, ...options });
}

/**
 * Tells the server the app's language, so notifications are written in it: after an individual logs in and when they
 * switch language. Fire and forget: it never holds anything up and a failure shows nothing (the next switch or login
 * sends it again).
 */
export function shareNotificationLocale(locale: string): void {
  if (locale !== 'zh-CN' && locale !== 'en-US') return;
  saveNotificationSettings({ locale }, { skipErrorHandler: true }).catch(() => undefined);
}
