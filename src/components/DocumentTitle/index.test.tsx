import { render, waitFor } from '@testing-library/react';
import { TestBrowser } from '@umijs/max';
import en from '@/locales/en-US';
import zh from '@/locales/zh-CN';
import { loginAs, ok, serve } from '@/testing/fakeServer';
import routes from '../../../config/routes';
import { pageTitle } from '.';

const formatterOf =
  (messages: Record<string, string>) =>
  ({ id }: { id: string }) =>
    messages[id] ?? `[missing ${id}]`;

/** A path that reaches the route: its `:params` filled in. */
const pathOf = (path: string) => (path === '*' ? '/no/such/page' : path.replace(/:\w+/g, 'x'));

describe('every page has a title, in both languages', () => {
  it.each([
    ['en-US', en],
    ['zh-CN', zh],
  ])('%s: names each route that draws a page, before the site’s name', (_, messages) => {
    const site = messages['app.title'] as string;
    for (const route of routes.filter((one) => one.component)) {
      const title = pageTitle(pathOf(route.path), formatterOf(messages));
      expect({ path: route.path, title }).toEqual({ path: route.path, title: expect.stringMatching(` - ${site}$`) });
      expect(title).not.toContain('[missing');
    }
  });

  it('names the page of a path with parameters by its route', () => {
    expect(pageTitle('/pay/sandbox/0192f0c0-0000-7000-8000-000000005001', formatterOf(en))).toBe(
      'Test wallet - Exam Ability',
    );
    expect(pageTitle('/home/examlist', formatterOf(zh))).toBe('我的考试 - 考试能力');
  });

  it('sets the tab title of the page on screen, in its language', async () => {
    serve({ 'GET /api/front/exams': () => ok({ list: [], total: 0, current: 1, pageSize: 10 }) });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    await waitFor(() => expect(document.title).toBe('我的交易 - 考试能力'), { timeout: 15_000 });
  });
});
