import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { history, TestBrowser } from '@umijs/max';
import { act } from 'react';
import { err, INDIVIDUAL, loginAs, lost, ok, serve, serverDown } from '@/testing/fakeServer';

function row(n: number, overrides: Record<string, unknown> = {}) {
  return {
    orderId: `0192f0c0-0000-7000-8000-${(6000 + n).toString(16).padStart(12, '0')}`,
    purpose: 'booking',
    paymentDate: '2026-03-01T02:30:00.000Z',
    transactionId: `TX${n}`,
    examName: { zh: `考试 ${n}`, en: `Exam ${n}` },
    unitPriceFen: 15_000,
    quantity: 1,
    totalFen: 15_090,
    refundedFen: 0,
    refundPendingFen: 0,
    refundFailedFen: 0,
    status: 'paid',
    createdAt: '2026-03-01T02:00:00.000Z',
    ...overrides,
  };
}

const ROWS = Array.from({ length: 12 }, (_, i) =>
  i === 0 ? row(1, { status: 'refunded', refundedFen: 15_090 }) : row(i + 1),
);
/** Canceled bookings whose refunds are on their way (partly back already), or failed. */
const REFUNDING = [row(21, { refundedFen: 5_000, refundPendingFen: 10_090 }), row(22, { refundFailedFen: 15_090 })];

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('My Transaction', () => {
  it('shows a page of orders from the server and asks for the next page', async () => {
    const calls = serve({
      'GET /api/front/transactions': (call) => {
        const current = Number(call.params.current);
        const pageSize = Number(call.params.pageSize);
        return ok({ list: ROWS.slice((current - 1) * pageSize, current * pageSize), total: 12, current, pageSize });
      },
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(await screen.findByText('TX1', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('My Transaction')).toBeInTheDocument();
    expect(screen.getByText('Exam 1')).toBeInTheDocument();
    expect(screen.getByText('Refunded CN¥150.90')).toBeInTheDocument();
    expect(screen.getAllByText('Paid')).toHaveLength(9);
    expect(screen.getAllByText(/CN¥150\.00/).length).toBeGreaterThan(0);
    expect(screen.queryByText('TX11')).not.toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('TX11')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/front/transactions').at(-1)?.params).toEqual({
      current: 2,
      pageSize: 10,
    });

    await user.click(screen.getByLabelText('View the receipt of Exam 12'));
    await waitFor(() => expect(history.location.pathname).toBe(`/home/transaction/${ROWS[11].orderId}/receipt`));
  });

  it('shows refunds not yet confirmed as pending, and failed ones as left to our staff, in both languages', async () => {
    serve({ 'GET /api/front/transactions': () => ok({ list: REFUNDING, total: 2, current: 1, pageSize: 10 }) });
    loginAs('en-US');
    const { unmount } = render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(await screen.findByText('Refund pending: CN¥100.90', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Refunded CN¥50.00')).toBeInTheDocument();
    expect(screen.getByText('Refund of CN¥150.90 failed: our staff will handle it')).toBeInTheDocument();
    expect(screen.getAllByText('Paid')).toHaveLength(2);
    unmount();

    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(await screen.findByText('退款处理中：¥100.90', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('退款 ¥150.90 失败，工作人员将为您处理')).toBeInTheDocument();
  });

  it('says so when there are none, in Chinese too', async () => {
    serve({ 'GET /api/front/transactions': () => ok({ list: [], total: 0, current: 1, pageSize: 10 }) });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(await screen.findByText('您还没有交易记录。', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('says what went wrong when the list cannot be loaded, and keeps the page', async () => {
    serve({ 'GET /api/front/transactions': () => err('INTERNAL') });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(
      await screen.findByText('Something went wrong on our side. Please try again later.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('My Transaction')).toBeInTheDocument();
  });

  it('says a lost network as such, not as "no transactions", and Retry loads them', async () => {
    let down = true;
    serve({
      'GET /api/front/transactions': () =>
        down ? lost() : ok({ list: ROWS.slice(0, 2), total: 2, current: 1, pageSize: 10 }),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(
      await screen.findByText('Your network is abnormal and cannot connect to the server', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('You have no transactions yet.')).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('TX1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a server breakdown (an HTML 500 page) in Chinese, and loads again when the connection comes back', async () => {
    let down = true;
    serve({
      'GET /api/front/transactions': () =>
        down ? serverDown() : ok({ list: ROWS.slice(0, 1), total: 1, current: 1, pageSize: 10 }),
    });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(
      await screen.findByText('服务器出错（HTTP 500），并非您的网络问题，请稍后重试。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重试/ })).toBeInTheDocument();
    down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('TX1')).toBeInTheDocument();
  });

  it('keeps the session when the network fails while the app opens: no login page, one failure said in place', async () => {
    let down = true;
    serve({
      'GET /api/front/currentUser': () => (down ? lost() : ok(INDIVIDUAL)),
      'GET /api/front/transactions': () =>
        down ? lost() : ok({ list: ROWS.slice(0, 1), total: 1, current: 1, pageSize: 10 }),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    expect(
      await screen.findByText('Your network is abnormal and cannot connect to the server', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/home/transaction');
    expect(localStorage.getItem('access_token')).toBe('token-1');
    expect(screen.queryByText('Network exception')).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('TX1')).toBeInTheDocument();
  });

  it('ends the session on a 401 from the server alone', async () => {
    serve({ 'GET /api/front/currentUser': () => err('UNAUTHORIZED') });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/transaction' }} />);
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 15_000 });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
