import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Messages and notifications for code outside React (the request error handler). Once the app has mounted they are
 * antd App's instances, which follow the theme, locale and text direction; before that, and in unit tests that
 * render no app, antd's static functions.
 */
export const feedback: { message: MessageInstance; notification: NotificationInstance } = { message, notification };

export function bindFeedback(instances: typeof feedback): void {
  Object.assign(feedback, instances);
}
