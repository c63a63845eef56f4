import { render, screen } from '@testing-library/react';
import { TestBrowser } from '@umijs/max';
import { loginAs, ok, serve } from '../SingleRegistration/testing/fakeServer';

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
