import { useEventListener } from 'ahooks';
import { Button, message, notification } from 'antd';
import { useEffect } from 'react';
import { useNewContent } from '@/hooks/useNewContent';
import { useIntl } from '@/intl';
import { bindFeedback } from '@/utils/feedback';

const NETWORK_KEY = 'network-status';

/**
 * App-wide notices: going offline and back online, and a newer deployment being available. It also renders the themed
 * message and notification holders that the request error handler and pages use through `feedback`.
 */
export default function AppNotices() {
  const intl = useIntl();
  const [messageApi, messageHolder] = message.useMessage();
  const [api, notificationHolder] = notification.useNotification();
  useEffect(() => bindFeedback({ message: messageApi, notification: api }), [messageApi, api]);

  useEventListener(
    'offline',
    () =>
      api.warning({ key: NETWORK_KEY, message: intl.formatMessage({ id: 'component.network.offline' }), duration: 0 }),
    { target: () => window },
  );
  useEventListener(
    'online',
    () => api.success({ key: NETWORK_KEY, message: intl.formatMessage({ id: 'component.network.online' }) }),
    { target: () => window },
  );
  useNewContent(() =>
    api.info({
      message: intl.formatMessage({ id: 'component.newContent.title' }),
      description: intl.formatMessage({ id: 'component.newContent.description' }),
      duration: 0,
      btn: (
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          {intl.formatMessage({ id: 'component.newContent.refresh' })}
        </Button>
      ),
    }),
  );

  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
