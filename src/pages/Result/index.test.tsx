import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { act } from 'react';
import { loginAs, lost, ok, serve, serverDown, timedOut } from '@/testing/fakeServer';

const exam = {
  id: '0192f0c0-0000-7000-8000-000000000101',
  code: 'HSK-4',
  startsAt: '2026-03-01T01:00:00.000Z',
  timeZone: 'Asia/Shanghai',
};
const RESULTS = [
  {
    registrationId: '0192f0c0-0000-7000-8000-000000005000',
    exam: { ...exam, name: { zh: '四级', en: 'HSK Level 4' } },
    registrationStatus: 'register',
    outcome: null,
    certificateNumber: null,
    publishedAt: null,
  },
  {
    registrationId: '0192f0c0-0000-7000-8000-000000005002',
    exam: { ...exam, name: { zh: '五级', en: 'HSK Level 5' } },
    registrationStatus: 'completed',
    outcome: 'pass',
    certificateNumber: 'CERT-2026-0001',
    publishedAt: '2026-03-10T01:00:00.000Z',
  },
];

describe('results', () => {
  it('shows "Not yet published" until a result is, then Pass with the certificate number', async () => {
    serve({ 'GET /api/front/results': () => ok(RESULTS) });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/result' }} />);
    expect(await screen.findByText('Not yet published', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Pass')).toBeInTheDocument();
    expect(screen.getByText('Certificate number: CERT-2026-0001')).toBeInTheDocument();
    expect(screen.getAllByText('Test date: 2026-03-01 09:00 GMT+8')).toHaveLength(2);
  });

  it('shows only the registration it was opened for', async () => {
    serve({ 'GET /api/front/results': () => ok(RESULTS) });
    loginAs('zh-CN');
    render(
      <TestBrowser location={{ pathname: '/home/result', search: `?registrationId=${RESULTS[1].registrationId}` }} />,
    );
    expect(await screen.findByText('证书编号：CERT-2026-0001', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('成绩尚未公布')).not.toBeInTheDocument();
    expect(screen.getByText('查看全部成绩')).toBeInTheDocument();
  });
});

describe('results that cannot be loaded', () => {
  const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

  it('says the network failed, not "no result", and Retry loads the results', async () => {
    let answer = lost;
    serve({ 'GET /api/front/results': () => answer() });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/result' }} />);
    expect(await screen.findByText('Your results could not be loaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Your network is abnormal and cannot connect to the server')).toBeInTheDocument();
    expect(screen.queryByText('You have no registrations with results yet.')).not.toBeInTheDocument();
    answer = () => ok(RESULTS);
    await person.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Certificate number: CERT-2026-0001')).toBeInTheDocument();
  });

  it('says a timeout and a server breakdown apart, in Chinese, and reloads when the connection returns', async () => {
    let answer = timedOut;
    serve({ 'GET /api/front/results': () => answer() });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/result' }} />);
    expect(
      await screen.findByText('服务器在 15 秒内没有应答（请求超时，15000 毫秒），请重试。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    answer = serverDown;
    await person.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('服务器出错（HTTP 500），并非您的网络问题，请稍后重试。')).toBeInTheDocument();
    answer = () => ok(RESULTS);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('证书编号：CERT-2026-0001')).toBeInTheDocument();
  });

  it('says when there are none, apart from a failure', async () => {
    serve({ 'GET /api/front/results': () => ok([]) });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/result' }} />);
    expect(
      await screen.findByText('You have no registrations with results yet.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('certificates', () => {
  const PASS = {
    registrationId: '0192f0c0-0000-7000-8000-000000005003',
    exam: { ...exam, name: { zh: '六级', en: 'HSK Level 6' } },
    registrationStatus: 'completed',
    outcome: 'pass',
    certificateNumber: 'EA-2026-7K3M9QXP-B',
    publishedAt: '2026-03-10T02:00:00.000Z',
  };
  const FAIL = {
    ...PASS,
    registrationId: '0192f0c0-0000-7000-8000-000000005004',
    exam: { ...exam, name: { zh: '三级', en: 'HSK Level 3' } },
    outcome: 'fail',
    certificateNumber: null,
  };
  const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

  it('prints a pass certificate with the name, the exam, its date, the number and a QR that verifies it', async () => {
    serve({ 'GET /api/front/results': () => ok([PASS, FAIL]) });
    loginAs('en-US');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<TestBrowser location={{ pathname: '/home/result' }} />);
    const failed = (await screen.findByText('HSK Level 3', {}, { timeout: 15_000 })).closest('li') as HTMLElement;
    expect(within(failed).getByText('Fail')).toBeInTheDocument();
    expect(within(failed).queryByText('Print certificate')).not.toBeInTheDocument();

    await person.click(screen.getByText('Print certificate'));
    const sheet = (await screen.findByText('This is to certify that')).closest('.print-sheet') as HTMLElement;
    expect(within(sheet).getByText('Li Lei')).toBeInTheDocument();
    expect(within(sheet).getByText('HSK Level 6 (HSK-4)')).toBeInTheDocument();
    expect(within(sheet).getByText('2026-03-01')).toBeInTheDocument();
    expect(within(sheet).getByText('EA-2026-7K3M9QXP-B')).toBeInTheDocument();
    expect(within(sheet).getByText('2026-03-10')).toBeInTheDocument();
    const url = 'http://localhost/verify?number=EA-2026-7K3M9QXP-B';
    expect(
      within(sheet).getByRole('img', { name: 'QR code that opens the verification of certificate EA-2026-7K3M9QXP-B' }),
    ).toBeInTheDocument();
    expect(within(sheet).getByText(`Scan the code or visit ${url} to verify this certificate.`)).toBeInTheDocument();

    await person.click(within(sheet).getByText('Print'));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });
});
