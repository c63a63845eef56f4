import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Badge, Button, Card, Empty, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { useIntl } from '@/intl';
import enNotifications from '@/locales/en-US/notifications';
import zhNotifications from '@/locales/zh-CN/notifications';
import { markNotificationsRead, NOTIFICATIONS_READ_EVENT, notifications } from '@/services/notifications';
import { feedback } from '@/utils/feedback';
import type { NotificationView } from '../../../contract';
import { formatInZone } from '../../../contract/format';

const PAGE_SIZE = 20;

/** Only the app's own paths are followed: a link is a path of the app, never another site. */
const isAppPath = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

/** /home/notifications: my in-app notifications, newest first, each opening what it is about. */
function NotificationsPage() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const lang = intl.locale === 'en-US' ? 'en-US' : 'zh-CN';
  const [current, setCurrent] = useState(1);
  const { data, loading, error, refresh } = useRequest(
    () => notifications({ current, pageSize: PAGE_SIZE, lang }, { skipErrorHandler: true }),
    { refreshDeps: [current, lang] },
  );

  const markRead = async (body: { ids: string[] } | { all: true }) => {
    await markNotificationsRead(body);
    window.dispatchEvent(new Event(NOTIFICATIONS_READ_EVENT));
    refresh();
  };
  const open = (item: NotificationView) => {
    if (item.readAt === null) markRead({ ids: [item.id] }).catch(() => undefined);
    if (isAppPath(item.link)) history.push(item.link);
  };
  const markAll = async () => {
    try {
      await markRead({ all: true });
      feedback.message.success(text('pages.notifications.markedAllRead'));
    } catch {
      // The request error handler has shown why.
    }
  };

  const unread = data?.unread ?? 0;
  return (
    <Card
      style={{ maxWidth: 720, margin: '16px auto' }}
      title={
        <Space wrap>
          <h1 style={{ fontSize: 20, margin: 0 }}>{text('pages.notifications.title')}</h1>
          {unread > 0 ? <Badge count={text('pages.notifications.unread', { count: unread })} /> : null}
        </Space>
      }
      extra={
        <Button onClick={markAll} disabled={unread === 0}>
          {text('pages.notifications.markAllRead')}
        </Button>
      }
    >
      {error && !data ? (
        <Empty description={text('pages.notifications.loadFailed')}>
          <Button onClick={refresh}>{text('pages.notifications.retry')}</Button>
        </Empty>
      ) : (
        <List<NotificationView>
          loading={loading && !data}
          dataSource={data?.list ?? []}
          locale={{ emptyText: <Empty description={text('pages.notifications.empty')} /> }}
          pagination={
            (data?.total ?? 0) > PAGE_SIZE
              ? { current, pageSize: PAGE_SIZE, total: data?.total, onChange: setCurrent, showSizeChanger: false }
              : false
          }
          renderItem={(item) => {
            const isUnread = item.readAt === null;
            const title = (
              <Space size={6} wrap>
                {isUnread ? <Badge status="processing" text={text('pages.notifications.new')} /> : null}
                <span style={{ fontWeight: isUnread ? 600 : 400 }}>{item.title}</span>
              </Space>
            );
            return (
              <List.Item
                actions={[
                  isAppPath(item.link) ? (
                    <Button
                      key="open"
                      type="link"
                      onClick={() => open(item)}
                      aria-label={`${text('pages.notifications.open')}: ${item.title}`}
                    >
                      {text('pages.notifications.open')}
                    </Button>
                  ) : isUnread ? (
                    <Button
                      key="read"
                      type="link"
                      onClick={() => markRead({ ids: [item.id] }).catch(() => undefined)}
                      aria-label={`${text('pages.notifications.markRead')}: ${item.title}`}
                    >
                      {text('pages.notifications.markRead')}
                    </Button>
                  ) : null,
                ]}
              >
                <List.Item.Meta
                  title={title}
                  description={
                    <>
                      <Typography.Paragraph style={{ marginBottom: 4 }}>{item.body}</Typography.Paragraph>
                      <time dateTime={item.createdAt}>{formatInZone(item.createdAt, undefined)}</time>
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

export default withPageTexts(NotificationsPage, { 'en-US': enNotifications, 'zh-CN': zhNotifications });
