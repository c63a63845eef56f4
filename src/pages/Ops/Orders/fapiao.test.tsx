import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, ok } from '@/testing/fakeServer';
import type { OpsFapiao } from '../../../../contract/receipts';
import { loginAsOperator, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

const request: OpsFapiao = {
  id: '0192f0c0-0000-7000-8000-0000000e0001',
  title: '海淀实验中学',
  taxId: '91110108MA01C3X2L4',
  email: 'finance@example.cn',
  status: 'requested',
  note: '',
  requestedAt: '2026-11-18T02:00:00.000Z',
  updatedAt: '2026-11-18T02:00:00.000Z',
  orderId: '0192f0c0-0000-7000-8000-0000000d0001',
  orderTotalFen: 32_000,
  orderRefundedFen: 0,
  payer: { name: 'Li Lei', phone: '+8613800138000' },
  exam: { code: 'HSK-4-2026-12', name: { zh: 'HSK 四级', en: 'HSK Level 4' } },
};

describe('fapiao requests in the console', () => {
  it('lists requested ones by default, says issuing is outside, and records a rejection with its note', async () => {
    const stored = { ...request };
    const calls = serveOps(
      {
        'GET /api/ops/fapiao': (call) => {
          const list = call.params.status && call.params.status !== stored.status ? [] : [stored];
          return ok({ list, total: list.length, current: 1, pageSize: 20 });
        },
        [`POST /api/ops/fapiao/${request.id}/decision`]: (call) => {
          Object.assign(stored, call.body as object);
          return ok(stored);
        },
      },
      ['finance'],
    );
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops/orders' }} />);
    await person.click(await screen.findByText('Fapiao requests', { selector: '[role="tab"]' }, { timeout: 15_000 }));
    expect(await screen.findByText('海淀实验中学')).toBeInTheDocument();
    expect(screen.getByText(/issued on the tax platform, outside this console/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/ops/fapiao')[0]?.params).toMatchObject({ status: 'requested' });

    await person.click(
      screen.getByRole('button', { name: 'Record the outcome of the fapiao request of 海淀实验中学' }),
    );
    const dialog = await screen.findByRole('dialog');
    await person.click(within(dialog).getByLabelText('Rejected'));
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Say why the request is rejected')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/fapiao/${request.id}/decision`)).toHaveLength(0);
    await person.type(within(dialog).getByLabelText('Note for the payer'), 'Tax ID does not match the title');
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The fapiao request of 海淀实验中学 is rejected.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/fapiao/${request.id}/decision`)[0]?.body).toEqual({
      status: 'rejected',
      note: 'Tax ID does not match the title',
    });
    await waitFor(() => expect(screen.getByText('No fapiao request in this state.')).toBeInTheDocument());
  });
});
