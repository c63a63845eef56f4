import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { history, TestBrowser } from '@umijs/max';
import { type Answer, err, ok, serve } from '@/testing/fakeServer';

const NUMBER = 'EA-2026-7K3M9QXP-B';
const CERTIFICATE = {
  certificateNumber: NUMBER,
  maskedName: '李*',
  exam: {
    code: 'HSK-4',
    name: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
    startsAt: '2026-03-01T01:00:00.000Z',
    timeZone: 'Asia/Shanghai',
  },
  outcome: 'pass',
  publishedAt: '2026-03-10T02:00:00.000Z',
};

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** A visitor with no account, reading English. */
function openVerify(search: string, answers: Record<string, () => Answer>) {
  const calls = serve(answers);
  localStorage.clear();
  localStorage.setItem('umi_locale', 'en-US');
  render(<TestBrowser location={{ pathname: '/verify', search }} />);
  return calls;
}

const lookups = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/verify/'));

describe('certificate verification (/verify, no login)', () => {
  it('looks up the number a certificate QR opens the page with, as typed with spaces and small letters', async () => {
    openVerify('?number=ea 2026 7k3m9qxp b', { [`GET /api/verify/${NUMBER}`]: () => ok(CERTIFICATE) });
    const found = (await screen.findByText('This certificate is genuine', {}, { timeout: 15_000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(found).getByText('李*')).toBeInTheDocument();
    expect(within(found).getByText('HSK Level 4 (HSK-4)')).toBeInTheDocument();
    expect(within(found).getByText('2026-03-01')).toBeInTheDocument();
    expect(within(found).getByText('Pass')).toBeInTheDocument();
    expect(screen.getByLabelText('Certificate number')).toHaveValue(NUMBER);
    expect(history.location.search).toBe(`?number=${NUMBER}`);
    expect(history.location.pathname).toBe('/verify');
  });

  it('says when no certificate has the number, and when the look-ups must wait', async () => {
    let limited = false;
    openVerify('', {
      'GET /api/verify/EA-2026-ABCDEFGH-G': () => (limited ? err('RATE_LIMITED') : err('NOT_FOUND')),
    });
    const field = await screen.findByLabelText('Certificate number', {}, { timeout: 15_000 });
    await person.type(field, 'EA-2026-ABCDEFGH-G{Enter}');
    expect(await screen.findByText('No certificate has this number.')).toBeInTheDocument();

    limited = true;
    await person.click(screen.getByText('Verify', { selector: 'button span' }));
    expect(
      await screen.findByText('Too many look-ups from your network. Please wait a minute and try again.'),
    ).toBeInTheDocument();
  });

  it('catches a mistyped number by its check character without asking the server', async () => {
    const calls = openVerify('', {});
    const field = await screen.findByLabelText('Certificate number', {}, { timeout: 15_000 });
    await person.type(field, 'EA-2026-7K3M9QXP-C{Enter}');
    expect(await screen.findByText(/This is not a certificate number\./)).toBeInTheDocument();
    await waitFor(() => expect(lookups(calls)).toEqual([]));
  });
});
