import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { err, ok, serve } from '@/testing/fakeServer';

const ORDER_ID = '0192f0c0-0000-7000-8000-000000005001';
const URL = `/api/pay/sandbox/orders/${ORDER_ID}`;

function walletOrder(state: 'open' | 'paid' | 'closed') {
  return {
    orderId: ORDER_ID,
    payee: { zh: '考试能力', en: 'Exam Ability' },
    description: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
    amountFen: 13_581,
    state,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
}

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

function open(locale: string) {
  // Opened on a phone by scanning: nobody is logged in there.
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  render(<TestBrowser location={{ pathname: `/pay/sandbox/${ORDER_ID}` }} />);
}

describe('sandbox wallet', () => {
  it('shows payee, purpose and amount, marked as a test wallet, and confirms the payment', async () => {
    const calls = serve({
      [`GET ${URL}`]: () => ok(walletOrder('open')),
      [`POST ${URL}/confirm`]: () => ok(walletOrder('paid')),
    });
    open('en-US');
    const confirm = await screen.findByText('Confirm payment', {}, { timeout: 15_000 });
    expect(screen.getByText(/this is not WeChat Pay/)).toBeInTheDocument();
    expect(screen.getByText('Exam Ability')).toBeInTheDocument();
    expect(screen.getByText('HSK Level 4')).toBeInTheDocument();
    expect(screen.getByText('CN¥135.81')).toBeInTheDocument();
    await user.click(confirm);
    expect(await screen.findByText('Payment complete, you can return to the exam site.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it.each([
    ['en-US', /^Pay before \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+8$/, 'Back to the exam site'],
    ['zh-CN', /^请在 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+8 前/, '返回考试网站'],
  ])(
    '%s: says in which time zone the payment closes, and links back to the exam site',
    async (locale, closes, back) => {
      serve({ [`GET ${URL}`]: () => ok(walletOrder('open')) });
      open(locale);
      expect(await screen.findByText(closes, {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', '/home');
    },
  );

  it('cancels without charging and without asking the server', async () => {
    const calls = serve({ [`GET ${URL}`]: () => ok(walletOrder('open')) });
    open('zh-CN');
    await user.click(await screen.findByText(/^取\s?消$/, {}, { timeout: 15_000 }));
    expect(await screen.findByText('已取消支付，未产生扣款。')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows an order that was already paid or has closed', async () => {
    serve({ [`GET ${URL}`]: () => ok(walletOrder('closed')) });
    open('en-US');
    expect(await screen.findByText(/can no longer be paid/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Confirm payment')).not.toBeInTheDocument();
  });

  it('says when the order does not exist', async () => {
    serve({ [`GET ${URL}`]: () => err('NOT_FOUND') });
    open('en-US');
    expect(await screen.findByText('This payment order was not found.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
