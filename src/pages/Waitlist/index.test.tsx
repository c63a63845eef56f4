import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { history, TestBrowser } from '@umijs/max';
import { clearCache } from 'ahooks';
import { MY_WAITLIST_CACHE } from '@/components/WaitlistButton';
import { callsTo, err, loginAs, ok, serve } from '@/testing/fakeServer';
import { examFixture } from '@/testing/fixtures';

const uuid = (n: number) => `0192f0c0-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const EXPIRES = '2026-12-01T04:30:00.000Z';

function place(n: number, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(500 + n),
    exam: examFixture({
      id: uuid(100 + n),
      name: { zh: `考试 ${n}`, en: `Exam ${n}` },
      startsAt: '2026-12-05T01:00:00.000Z',
      seatsLeft: 0,
    }),
    status,
    position: status === 'waiting' ? n : null,
    joinedAt: '2026-11-20T02:00:00.000Z',
    offeredAt: status === 'offered' ? '2026-12-01T02:30:00.000Z' : null,
    offerExpiresAt: status === 'offered' ? EXPIRES : null,
    endedAt: status === 'waiting' || status === 'offered' ? null : '2026-11-21T02:00:00.000Z',
    ...overrides,
  };
}

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const LONG = { timeout: 15_000 };

const cardOf = (examName: string) =>
  screen.getByRole('heading', { name: examName }).closest('.ant-card') as HTMLElement;

beforeEach(() => clearCache(MY_WAITLIST_CACHE));

describe('My waiting list', () => {
  it('shows each place: the place in line, an offer with its expiry and Pay now, and ended ones', async () => {
    serve({
      'GET /api/front/waitlist': () => ok({ list: [place(1, 'offered'), place(3, 'waiting'), place(4, 'lapsed')] }),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/waitlist' }} />);
    expect(await screen.findByRole('heading', { name: 'My waiting list' }, LONG)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Exam 1' }, LONG);
    const offer = cardOf('Exam 1');
    expect(within(offer).getByText('Offer')).toBeInTheDocument();
    // Shown in the exam's zone (Beijing time): 04:30 UTC is 12:30.
    expect(within(offer).getByText(/Seat held for you until 2026-12-01 12:30/)).toBeInTheDocument();
    expect(within(cardOf('Exam 3')).getByText('No. 3 in line')).toBeInTheDocument();
    const lapsed = cardOf('Exam 4');
    expect(within(lapsed).getByText('Offer expired')).toBeInTheDocument();
    expect(within(lapsed).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(history.location.pathname).toBe('/home/singleRegistration'));
    expect(new URLSearchParams(history.location.search).get('examId')).toBe(uuid(101));
    expect(new URLSearchParams(history.location.search).get('offer')).toBe('1');
  });

  it('leaves the list only after the candidate confirms, then shows the place as left', async () => {
    const calls = serve({
      'GET /api/front/waitlist': () => ok({ list: [place(2, 'waiting')] }),
      [`DELETE /api/front/exams/${uuid(102)}/waitlist`]: () =>
        ok(place(2, 'left', { position: null, endedAt: '2026-11-22T02:00:00.000Z' })),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/waitlist' }} />);
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting list' }, LONG));
    expect(await screen.findByText('Leave the waiting list of Exam 2?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(callsTo(calls, 'DELETE', `/api/front/exams/${uuid(102)}/waitlist`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, leave' }));
    expect(await within(cardOf('Exam 2')).findByText('Left')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/front/exams/${uuid(102)}/waitlist`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Leave the waiting list' })).not.toBeInTheDocument();
  });

  it('says so in Chinese when the candidate is on no list, and links to the exams', async () => {
    serve({ 'GET /api/front/waitlist': () => ok({ list: [] }) });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/waitlist' }} />);
    expect(await screen.findByText(/您尚未加入任何候补名单/, {}, LONG)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '我的候补' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查找考试' })).toHaveAttribute('href', '/home/examlist');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let failing = true;
    serve({
      'GET /api/front/waitlist': () => (failing ? err('OVERLOADED') : ok({ list: [place(5, 'waiting')] })),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/waitlist' }} />);
    expect(await screen.findByText('Your waiting list could not be loaded.', {}, LONG)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No. 5 in line')).toBeInTheDocument();
  });
});
