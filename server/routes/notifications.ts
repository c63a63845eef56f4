import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import {
  getNotificationSettings,
  type InboxDeps,
  listNotifications,
  markNotificationsRead,
  saveNotificationSettings,
  unreadNotifications,
} from '../domain/notifications';
import { endpointRegistrar } from '../http/route';

/** The candidate's in-app notifications (list, unread badge, mark read) and notification settings. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const deps: InboxDeps = { repos: app.repos, now: app.now, log: app.log };
  const route = endpointRegistrar(app);

  route(api.notifications, ({ user, query }) => listNotifications(deps, user, query));
  route(api.unreadNotifications, ({ user }) => unreadNotifications(deps, user));
  route(api.markNotificationsRead, ({ user, body }) => markNotificationsRead(deps, user, body));
  route(api.notificationSettings, ({ user }) => getNotificationSettings(deps, user));
  route(api.saveNotificationSettings, ({ user, body }) => saveNotificationSettings(deps, user, body));
}
