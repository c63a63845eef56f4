import type {
  MarkReadRequest,
  NotificationEvent,
  NotificationList,
  NotificationSettings,
  NotificationSettingsRequest,
  NotificationView,
  UnreadCount,
} from '../../contract';
import type { NotificationRow, UserRow } from '../db/rows';
import type { DocumentLocale } from '../documents/messages';
import { noticeLink, renderNotice } from '../documents/notices';
import type { DomainLogger, Repositories } from './ports';

/** The candidate's in-app notifications and notification settings (routes/notifications.ts). */
export interface InboxDeps {
  repos: Pick<Repositories, 'notifications'>;
  now: () => Date;
  log: DomainLogger;
}

/** One in-app row as the list shows it, written in `locale`. */
function toNotificationView(deps: InboxDeps, row: NotificationRow, locale: DocumentLocale): NotificationView {
  const event = row.event as NotificationEvent;
  let texts: { title: string; body: string };
  try {
    texts = renderNotice(event, row.params, locale);
  } catch (error) {
    // A row a writer filled wrongly still shows (its event's title) rather than breaking the whole list.
    deps.log.error({ err: error, notificationId: row.id, event }, 'notification params do not fit its event');
    texts = { title: event, body: '' };
  }
  return {
    id: row.id,
    event,
    title: texts.title,
    body: texts.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    link: noticeLink(event),
  };
}

/** My in-app notifications, newest first, in `lang`, with how many are unread. */
export async function listNotifications(
  deps: InboxDeps,
  user: UserRow,
  query: { current: number; pageSize: number; lang: DocumentLocale },
): Promise<NotificationList> {
  const page = await deps.repos.notifications.inbox(user.id, (query.current - 1) * query.pageSize, query.pageSize);
  return {
    list: page.rows.map((row) => toNotificationView(deps, row, query.lang)),
    total: page.total,
    current: query.current,
    pageSize: query.pageSize,
    unread: page.unread,
  };
}

export async function unreadNotifications(deps: InboxDeps, user: UserRow): Promise<UnreadCount> {
  return { unread: await deps.repos.notifications.unreadCount(user.id) };
}

/** Marks some of my notifications (or all) read; ids that are not mine, or already read, change nothing. */
export async function markNotificationsRead(
  deps: InboxDeps,
  user: UserRow,
  request: MarkReadRequest,
): Promise<UnreadCount> {
  await deps.repos.notifications.markRead(user.id, 'ids' in request ? request.ids : 'all', deps.now());
  return unreadNotifications(deps, user);
}

export async function getNotificationSettings(deps: InboxDeps, user: UserRow): Promise<NotificationSettings> {
  const recipient = await deps.repos.notifications.recipient(user.id);
  return {
    sms: recipient?.notifySms ?? true,
    email: recipient?.notifyEmail ?? true,
    locale: recipient?.locale ?? 'zh-CN',
    emailAddress: recipient?.email ?? '',
  };
}

/**
 * Switches SMS or e-mail notifications, or the language they are written in. Rows already waiting follow the
 * switch: the worker skips a channel switched off since they were written.
 */
export async function saveNotificationSettings(
  deps: InboxDeps,
  user: UserRow,
  request: NotificationSettingsRequest,
): Promise<NotificationSettings> {
  await deps.repos.notifications.saveSettings(user.id, request);
  return getNotificationSettings(deps, user);
}
