import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Messages and notifications for pages and for code outside React (the request error handler). Once the app has
 * mounted they are the hook instances of AppNotices, which follow the theme, locale and text direction; before that,
 * and in unit tests that render no app, antd's static functions. (antd's App component would do the same but pulls
 * Modal and Watermark into every first load: +14 KB gzipped.)
 */
export const feedback: { message: MessageInstance; notification: NotificationInstance } = { message, notification };

export function bindFeedback(instances: typeof feedback): void {
  Object.assign(feedback, instances);
}
