import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, callsTo, ok } from '@/testing/fakeServer';
import type { AuditEntry } from '../../../../contract/ops';
import { catchDownloads, loginAsOperator, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const rejection: AuditEntry = {
  id: '0192f0c0-0000-7000-8000-000000000a01',
  at: '2026-11-24T02:30:00.000Z',
  actor: { id: '0192f0c0-0000-7000-8000-000000000f01', name: 'Wang Fang', phone: '+8613800139999' },
  action: 'center.reject',
  target: { type: 'center', id: '0192f0c0-0000-7000-8000-0000000c0002', label: 'Haidian Center' },
  before: { status: 'pending', reason: null },
  after: { status: 'rejected', reason: 'The license photo is unreadable.' },
  address: '203.0.113.7',
};

describe('the audit log', () => {
  it('lists who did what, when and from where, and opens a row to its before and after', async () => {
    const calls: Call[] = serveOps({
      'GET /api/ops/audit': () => ok({ list: [rejection], total: 1, current: 1, pageSize: 20 }),
    });
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops/audit' }} />);
    expect(await screen.findByText('Haidian Center', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Wang Fang (138****9999)')).toBeInTheDocument();
    expect(screen.getAllByText('Rejected a center').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-11-24 10:30:00')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();

    await person.click(screen.getByLabelText('Expand row'));
    expect(await screen.findByText('Before')).toBeInTheDocument();
    expect(screen.getByText(/"reason": "The license photo is unreadable\."/)).toBeInTheDocument();

    // Paged by the server, twenty rows at a time.
    const [first] = calls.filter((call) => call.url === '/api/ops/audit');
    expect(first?.params).toMatchObject({ current: 1, pageSize: 20 });
  });

  it('exports the rows the search finds as .xlsx and shows the export as a row of its own', async () => {
    const exported: AuditEntry = {
      ...rejection,
      id: '0192f0c0-0000-7000-8000-000000000a02',
      action: 'audit.export',
      target: { type: 'audit', id: 'audit_log', label: 'action=center.reject' },
      before: null,
      after: { filters: { action: 'center.reject' }, rows: 1 },
    };
    let rows = [rejection];
    const calls: Call[] = serveOps(
      {
        'GET /api/ops/audit': () => ok({ list: rows, total: rows.length, current: 1, pageSize: 20 }),
      },
      ['audit'],
      { '/api/ops/audit/export': new Blob(['audit'], { type: 'application/octet-stream' }) },
    );
    const downloads = catchDownloads();
    loginAsOperator('zh-CN');
    render(<TestBrowser location={{ pathname: '/ops/audit' }} />);
    expect(await screen.findByText('Haidian Center', {}, { timeout: 15_000 })).toBeInTheDocument();

    rows = [exported, rejection];
    const exportButton = screen.getByRole('button', { name: /导出 \.xlsx/ });
    exportButton.focus();
    await person.keyboard('{Enter}');
    await waitFor(() => expect(downloads.saved).toEqual(['audit.xlsx blob:ops']));
    const [file] = callsTo(calls, 'GET', '/api/ops/audit/export');
    expect(file?.headers.Authorization).toBe('Bearer token-ops');
    expect(await screen.findByText('导出审计日志')).toBeInTheDocument();
    downloads.restore();
  });
});
