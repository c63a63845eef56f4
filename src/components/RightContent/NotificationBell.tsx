import { BellOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Badge } from 'antd';
import { useEffect } from 'react';
import { useIntl } from '@/intl';
import { NOTIFICATIONS_READ_EVENT, unreadNotifications } from '@/services/notifications';

/** At most one poll a minute, and one when the window regains focus (no sooner than a minute after the last). */
const POLL_MS = 60_000;

/** The header's bell: the unread count of my in-app notifications, opening the list. Individuals only. */
export default function NotificationBell() {
  const intl = useIntl();
  const { data, refresh } = useRequest(() => unreadNotifications({ skipErrorHandler: true }), {
    pollingInterval: POLL_MS,
    pollingWhenHidden: false,
    refreshOnWindowFocus: true,
    focusTimespan: POLL_MS,
  });
  useEffect(() => {
    window.addEventListener(NOTIFICATIONS_READ_EVENT, refresh);
    return () => window.removeEventListener(NOTIFICATIONS_READ_EVENT, refresh);
  }, [refresh]);
  const unread = data?.unread ?? 0;
  const label =
    unread > 0
      ? intl.formatMessage({ id: 'component.notifications.bellUnread' }, { count: unread })
      : intl.formatMessage({ id: 'component.notifications.bell' });
  return (
    <Link
      to="/home/notifications"
      aria-label={label}
      title={label}
      style={{ display: 'inline-flex', alignItems: 'center', padding: '0 8px', minHeight: 44, minWidth: 44 }}
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <BellOutlined style={{ fontSize: 18 }} aria-hidden="true" />
      </Badge>
    </Link>
  );
}
