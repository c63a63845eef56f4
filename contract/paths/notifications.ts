/** The candidate's in-app notifications and notification settings (src/services/notifications.ts). */
export const notifications = { method: 'GET', path: '/api/front/notifications' } as const;
export const unreadNotifications = { method: 'GET', path: '/api/front/notifications/unread' } as const;
export const markNotificationsRead = { method: 'POST', path: '/api/front/notifications/read' } as const;
export const notificationSettings = { method: 'GET', path: '/api/front/notification-settings' } as const;
export const saveNotificationSettings = { method: 'PUT', path: '/api/front/notification-settings' } as const;
