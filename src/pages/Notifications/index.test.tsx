import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { history, TestBrowser } from '@umijs/max';
import { callsTo, loginAs, ok, serve } from '@/testing/fakeServer';

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

interface Item {
  id: string;
  readAt: string | null;
  [field: string]: unknown;
}

function notification(n: number, overrides: Record<string, unknown> = {}): Item {
  return {
    id: `0192f0c0-0000-7000-8000-${(9000 + n).toString(16).padStart(12, '0')}`,
    event: 'exam.reminder',
    title: `Title ${n}`,
    body: `Body ${n}`,
    createdAt: '2026-03-01T02:30:00.000Z',
    readAt: null,
    link: null,
    ...overrides,
  };
}

/** A server holding these notifications, marking them read as the real one does. */
function serveNotifications(items: Item[]) {
  const unread = () => items.filter((item) => item.readAt === null).length;
  return serve({
    'GET /api/front/notifications': (call) =>
      ok({ list: items, total: items.length, current: 1, pageSize: Number(call.params.pageSize), unread: unread() }),
    'GET /api/front/notifications/unread': () => ok({ unread: unread() }),
    'POST /api/front/notifications/read': (call) => {
      const body = call.body as { ids?: string[]; all?: true };
      for (const item of items) {
        if (body.all || body.ids?.includes(item.id)) item.readAt = '2026-03-02T00:00:00.000Z';
      }
      return ok({ unread: unread() });
    },
  });
}

describe('notifications', () => {
  it('lists them newest first with the unread ones marked; the bell counts them; mark all read clears both', async () => {
    const calls = serveNotifications([
      notification(1, { title: 'Your exam is in 3 days' }),
      notification(2, { title: 'Your booking is paid' }),
      notification(3, { title: 'Your result is out', readAt: '2026-02-01T00:00:00.000Z' }),
    ]);
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/notifications' }} />);
    expect(await screen.findByText('Your exam is in 3 days', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Body 1')).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/home/notifications',
    );
    expect(callsTo(calls, 'GET', '/api/front/notifications')[0]?.params).toMatchObject({ lang: 'en-US' });

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByText('New')).toHaveLength(0));
    expect(callsTo(calls, 'POST', '/api/front/notifications/read')[0]?.body).toEqual({ all: true });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it("opens a notification's link and marks it read, in Chinese", async () => {
    const calls = serveNotifications([
      notification(1, { title: '成绩已发布', body: '在成绩页面查看。', link: '/home/result' }),
    ]);
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/notifications' }} />);
    const item = (await screen.findByText('成绩已发布', {}, { timeout: 15_000 })).closest('li') as HTMLElement;
    expect(within(item).getByText('未读')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: '查看: 成绩已发布' }));
    await waitFor(() => expect(history.location.pathname).toBe('/home/result'));
    expect(callsTo(calls, 'POST', '/api/front/notifications/read')[0]?.body).toEqual({
      ids: ['0192f0c0-0000-7000-8000-000000002329'],
    });
  });

  it('says so when there are none', async () => {
    serveNotifications([]);
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/notifications' }} />);
    expect(await screen.findByText('You have no notifications yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
