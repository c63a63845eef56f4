import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, ok } from '@/testing/fakeServer';
import type { Operator } from '../../../../contract/ops';
import { loginAsOperator, operatorUser, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

const me = operatorUser();
const self: Operator = {
  id: me.id,
  phone: me.phone,
  name: me.name,
  permissions: ['centers', 'catalog', 'finance', 'support', 'operators', 'audit'],
  invitedAt: '2026-11-01T02:00:00.000Z',
  invitedBy: null,
  lastLoginAt: '2026-11-24T01:00:00.000Z',
};

function operatorsServer() {
  const list: Operator[] = [self];
  return serveOps({
    // A copy each time, as every answer off the wire is.
    'GET /api/ops/operators': () => ok([...list]),
    'POST /api/ops/operators': (call) => {
      const body = call.body as { phone: string; name: string; permissions: Operator['permissions'] };
      if (list.some((operator) => operator.phone === body.phone)) return err('OPERATOR_EXISTS');
      list.push({
        ...body,
        id: '0192f0c0-0000-7000-8000-000000000f02',
        phone: '+8613800137777',
        invitedAt: '2026-11-24T02:00:00.000Z',
        invitedBy: { id: me.id, name: me.name },
        lastLoginAt: null,
      });
      return ok([...list]);
    },
  });
}

describe('the operators page', () => {
  it('adds an operator by phone, name and permissions, and never offers to remove oneself', async () => {
    const calls = operatorsServer();
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops/operators' }} />);
    await screen.findByText('Wang Fang', {}, { timeout: 15_000 });
    expect(screen.queryByLabelText('Remove operator Wang Fang')).not.toBeInTheDocument();

    await person.click(screen.getByText('Add operator').closest('button') as HTMLButtonElement);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const submit = within(dialog).getByText('Add').closest('button') as HTMLButtonElement;
    await person.click(submit);
    expect(await within(dialog).findByText('Choose at least one permission.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a mainland China mobile number.')).toBeInTheDocument();

    await person.click(within(dialog).getByLabelText('Phone number'));
    await person.paste('13800137777');
    await person.click(within(dialog).getByLabelText('Name'));
    await person.paste('Sun Li');
    await person.click(within(dialog).getByLabelText('Audit log'));
    await person.click(submit);
    expect(await screen.findByText('Sun Li can now log in at the operations console.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/ops/operators')[0]?.body).toEqual({
      phone: '13800137777',
      name: 'Sun Li',
      permissions: ['audit'],
    });
    expect(await screen.findByLabelText('Remove operator Sun Li', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
