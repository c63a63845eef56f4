import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Answer, callsTo, loginAs, ok, type Route, serve } from '@/testing/fakeServer';
import { LOGOUT_SERVER_WAIT_MS } from './useLogout';

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
/** An empty page of a list (the transactions, then home's exams). */
const EMPTY_PAGE = { list: [], total: 0, current: 1, pageSize: 6 };

/** A logged-in candidate on their transactions opens the account menu and picks Logout; answers the server's calls. */
async function logOutWith(answerLogout: Route) {
  const calls = serve({
    'POST /api/front/logout': answerLogout,
    'GET /api/front/exams': () => ok(EMPTY_PAGE),
    'GET /api/front/transactions': () => ok(EMPTY_PAGE),
    'GET /api/front/notifications/unread': () => ok({ unread: 0 }),
  });
  loginAs('en-US');
  render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
  await person.click(await screen.findByLabelText('Account menu of Li Lei', {}, { timeout: 15_000 }));
  await person.click(await screen.findByText('Logout'));
  return calls;
}

describe('logging out from the account menu', () => {
  it('tells the server with the session’s token, then forgets the session and shows the login entry', async () => {
    const calls = await logOutWith(() => ok({ loggedOut: true }));
    expect(await screen.findByRole('link', { name: 'Log in' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/front/logout').map((call) => call.headers.Authorization)).toEqual([
      'Bearer token-1',
    ]);
    expect([localStorage.getItem('access_token'), localStorage.getItem('type')]).toEqual([null, '']);
  });

  it('does not hold the person while a server that never answers has the call', async () => {
    const calls = await logOutWith(() => new Promise<Answer>(() => undefined));
    // The server is asked first: the session is still here while it has the call.
    expect(callsTo(calls, 'POST', '/api/front/logout')).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBe('token-1');
    expect(
      await screen.findByRole('link', { name: 'Log in' }, { timeout: LOGOUT_SERVER_WAIT_MS + 3_000 }),
    ).toBeInTheDocument();
    expect([localStorage.getItem('access_token'), localStorage.getItem('type')]).toEqual([null, '']);
  });
});
