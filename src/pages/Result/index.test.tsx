import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { loginAs, ok, serve } from '@/testing/fakeServer';

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
