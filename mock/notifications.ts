/**
 * A candidate's in-app notifications and notification settings in `npm run dev`. Each candidate starts with a few
 * notifications (one read), written in the language the list asks for, as the server writes them from each event.
 */
import { api, type CurrentUser, type NotificationEvent, type NotificationSettings } from '../contract';
import { profileOf } from './lib/accounts';
import { newId } from './lib/fixtures';
import { on, page } from './lib/http';

interface MockNotification {
  id: string;
  event: NotificationEvent;
  title: { zh: string; en: string };
  body: { zh: string; en: string };
  createdAt: string;
  readAt: string | null;
  link: string | null;
}

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function samplesOf(): MockNotification[] {
  return [
    {
      id: newId(),
      event: 'exam.reminder',
      title: { zh: '考试还有 3 天', en: 'Your exam is in 3 days' },
      body: {
        zh: '请于开考前 30 分钟到达考点，携带身份证和准考证。',
        en: 'Arrive 30 minutes before the start with your ID card and ticket.',
      },
      createdAt: ago(2),
      readAt: null,
      link: '/home/ticket',
    },
    {
      id: newId(),
      event: 'booking.paid',
      title: { zh: '报名已支付', en: 'Your booking is paid' },
      body: { zh: '准考证发放后即可查看。', en: 'Your ticket follows once it is released.' },
      createdAt: ago(30),
      readAt: null,
      link: '/home/transaction',
    },
    {
      id: newId(),
      event: 'result.published',
      title: { zh: '成绩已发布', en: 'Your result is out' },
      body: { zh: '在成绩页面查看。', en: 'See it on the Results page.' },
      createdAt: ago(24 * 20),
      readAt: ago(24 * 19),
      link: '/home/result',
    },
  ];
}

/** user id -> their notifications, newest first. */
const lists = new Map<string, MockNotification[]>();
/** user id -> the channels and language they chose. */
const settings = new Map<string, Pick<NotificationSettings, 'sms' | 'email' | 'locale'>>();

function listOf(user: CurrentUser): MockNotification[] {
  const list = lists.get(user.id) ?? samplesOf();
  lists.set(user.id, list);
  return list;
}

const unreadOf = (user: CurrentUser) => listOf(user).filter((item) => item.readAt === null).length;

function settingsOf(user: CurrentUser): NotificationSettings {
  const chosen = settings.get(user.id) ?? { sms: true, email: true, locale: 'zh-CN' };
  return { ...chosen, emailAddress: profileOf(user).email };
}

export default Object.fromEntries([
  on(api.notifications, ({ user, query }) => {
    const zh = query.lang === 'zh-CN';
    const list = listOf(user).map(({ title, body, ...item }) => ({
      ...item,
      title: zh ? title.zh : title.en,
      body: zh ? body.zh : body.en,
    }));
    return { ...page(list, query), unread: unreadOf(user) };
  }),
  on(api.unreadNotifications, ({ user }) => ({ unread: unreadOf(user) })),
  on(api.markNotificationsRead, ({ user, body }) => {
    const now = new Date().toISOString();
    for (const item of listOf(user)) {
      if (item.readAt === null && ('all' in body || body.ids.includes(item.id))) item.readAt = now;
    }
    return { unread: unreadOf(user) };
  }),
  on(api.notificationSettings, ({ user }) => settingsOf(user)),
  on(api.saveNotificationSettings, ({ user, body }) => {
    const { emailAddress, ...current } = settingsOf(user);
    settings.set(user.id, { ...current, ...body });
    return settingsOf(user);
  }),
]);
