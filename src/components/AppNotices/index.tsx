import { useIntl } from '@umijs/max';
import { useEventListener } from 'ahooks';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useNewContent } from '@/hooks/useNewContent';
import { bindFeedback } from '@/utils/feedback';

const NETWORK_KEY = 'network-status';

/**
 * App-wide notices: going offline and back online, and a newer deployment being available. It also hands antd App's
 * themed message and notification to the request error handler, which lives outside React.
 */
export default function AppNotices() {
  const intl = useIntl();
  const { message, notification: api } = App.useApp();
  useEffect(() => bindFeedback({ message, notification: api }), [message, api]);

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

  return null;
}
