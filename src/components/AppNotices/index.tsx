import { useIntl } from '@umijs/max';
import { useEventListener } from 'ahooks';
import { Button, notification } from 'antd';
import { useNewContent } from '@/hooks/useNewContent';

const NETWORK_KEY = 'network-status';

/** App-wide notices: going offline and back online, and a newer deployment being available. */
export default function AppNotices() {
  const intl = useIntl();
  const [api, holder] = notification.useNotification();

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

  return holder;
}
