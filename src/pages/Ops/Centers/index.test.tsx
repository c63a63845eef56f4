import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, ok } from '@/testing/fakeServer';
import type { OpsCenter } from '../../../../contract/ops';
import { centerFixture, loginAsOperator, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

const first = centerFixture(1, { businessName: 'Chaoyang Center' });
const second = centerFixture(2, {
  businessName: 'Haidian Center',
  taxId: '91310115MA1K3YJ8X1',
  taxIdCheck: 'checkCharacterMismatch',
});

/** The queue as a server keeps it: a decision moves the center out of the pending list. */
function queueServer() {
  const queue = new Map<string, OpsCenter>([first, second].map((center) => [center.id, center]));
  const decide = (id: string, verification: OpsCenter['verification']) => {
    const center = queue.get(id);
    if (!center) return err('NOT_FOUND');
    const decided = { ...center, verification };
    queue.set(id, decided);
    return ok(decided);
  };
  const at = '2026-11-24T02:00:00.000Z';
  return serveOps({
    'GET /api/ops/centers': (call) => {
      const list = [...queue.values()].filter((center) => center.verification.status === call.params.status);
      return ok({ list, total: list.length, current: 1, pageSize: 10 });
    },
    [`POST /api/ops/centers/${first.id}/approve`]: () =>
      decide(first.id, { status: 'approved', reason: null, decidedAt: at }),
    [`POST /api/ops/centers/${second.id}/reject`]: (call) =>
      decide(second.id, { status: 'rejected', reason: (call.body as { reason: string }).reason, decidedAt: at }),
  });
}

async function openQueue() {
  loginAsOperator('en-US');
  render(<TestBrowser location={{ pathname: '/ops/centers' }} />);
  await screen.findByText('Chaoyang Center', {}, { timeout: 15_000 });
}

describe('the centers verification queue', () => {
  it('shows each pending center with its tax ID check result and license', async () => {
    queueServer();
    await openQueue();
    expect(screen.getByRole('heading', { name: 'Centers verification' })).toBeInTheDocument();
    expect(screen.getByText('Check character valid')).toBeInTheDocument();
    expect(screen.getByText('Check character wrong')).toBeInTheDocument();
    expect(screen.getByLabelText('View the business license of Haidian Center')).toBeInTheDocument();
  });

  it('approves a center once confirmed, and it leaves the pending queue', async () => {
    const calls = queueServer();
    await openQueue();
    await person.click(screen.getByLabelText('Approve Chaoyang Center'));
    const confirm = await screen.findByText(/Approve Chaoyang Center\? Its exams become listed and bookable/);
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await person.click(within(popup).getByText('Approve').closest('button') as HTMLButtonElement);
    expect(await screen.findByText('Chaoyang Center is approved.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/centers/${first.id}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Chaoyang Center')).not.toBeInTheDocument());
    expect(screen.getByText('Haidian Center')).toBeInTheDocument();
  });

  it('rejects a center only with a reason, which it sends', async () => {
    const calls = queueServer();
    await openQueue();
    await person.click(screen.getByLabelText('Reject Haidian Center'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const submit = within(dialog).getByText('Reject').closest('button') as HTMLButtonElement;
    await person.click(submit);
    expect(await within(dialog).findByText('Say why the center is rejected.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/centers/${second.id}/reject`)).toHaveLength(0);

    await person.click(within(dialog).getByLabelText('Reason'));
    await person.paste('The license photo is unreadable.');
    await person.click(submit);
    expect(await screen.findByText('Haidian Center is rejected.')).toBeInTheDocument();
    const [rejection] = callsTo(calls, 'POST', `/api/ops/centers/${second.id}/reject`);
    expect(rejection?.body).toEqual({ reason: 'The license photo is unreadable.' });
    await waitFor(() => expect(screen.queryByText('Haidian Center')).not.toBeInTheDocument());
  });
});
