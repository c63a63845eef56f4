import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, ok } from '@/testing/fakeServer';
import type { AuditEntry } from '../../../../contract/ops';
import { loginAsOperator, serveOps } from '../testing/opsFixtures';

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
});
