import { useRequest } from 'ahooks';
import { Card, Empty, Skeleton, Switch, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useIntl } from '@/intl';
import { notificationSettings, saveNotificationSettings } from '@/services/notifications';
import { handledHere } from '@/utils/failure';
import { feedback } from '@/utils/feedback';

type Channel = 'sms' | 'email';

/** The profile's "Notifications" section: SMS and e-mail switched on or off, each saved at once. */
export default function NotificationSettingsCard() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data, loading, mutate } = useRequest(() => notificationSettings(handledHere));
  const [saving, setSaving] = useState<Channel | null>(null);
  const ids = { sms: useId(), email: useId() };

  const toggle = async (channel: Channel, on: boolean) => {
    setSaving(channel);
    try {
      mutate(await saveNotificationSettings({ [channel]: on }));
      feedback.message.success(text('pages.profile.notifications.saved'));
    } catch {
      // The request error handler has shown why; the switch stays as saved.
    } finally {
      setSaving(null);
    }
  };

  let body: ReactNode;
  if (loading && !data) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (!data) body = <Empty description={text('pages.profile.notifications.loadFailed')} />;
  else {
    const noEmail = data.emailAddress === '';
    const rows: { channel: Channel; checked: boolean; disabled: boolean; help: string }[] = [
      { channel: 'sms', checked: data.sms, disabled: false, help: text('pages.profile.notifications.sms.help') },
      {
        channel: 'email',
        checked: data.email && !noEmail,
        disabled: noEmail,
        help: noEmail
          ? text('pages.profile.notifications.email.missing')
          : text('pages.profile.notifications.email.help', { email: data.emailAddress }),
      },
    ];
    body = (
      <>
        <Typography.Paragraph>{text('pages.profile.notifications.intro')}</Typography.Paragraph>
        {rows.map(({ channel, checked, disabled, help }) => (
          <div key={channel} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', marginBottom: 16 }}>
            <Switch
              id={ids[channel]}
              checked={checked}
              disabled={disabled}
              loading={saving === channel}
              aria-describedby={`${ids[channel]}-help`}
              onChange={(on) => toggle(channel, on)}
            />
            <div>
              <label htmlFor={ids[channel]} style={{ fontWeight: 500 }}>
                {text(`pages.profile.notifications.${channel}`)}
              </label>
              <Typography.Paragraph id={`${ids[channel]}-help`} type="secondary" style={{ margin: 0 }}>
                {help}
              </Typography.Paragraph>
            </div>
          </div>
        ))}
      </>
    );
  }
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('pages.profile.notifications.title')}</h2>}
      style={{ maxWidth: 880, margin: '16px auto' }}
    >
      {body}
    </Card>
  );
}
