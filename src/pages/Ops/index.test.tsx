import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { history, TestBrowser } from '@umijs/max';
import { ok } from '@/testing/fakeServer';
import {
  callsTo,
  centerFixture,
  dashboardFixture,
  loginAsOperator,
  operatorUser,
  serveOps,
} from './testing/opsFixtures';

// jsdom has no canvas to draw the dashboard's charts on (its own test reads their figures from the tables).
jest.mock('@ant-design/plots', () => ({ Bar: () => null, Column: () => null, Line: () => null }));

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const CENTERS = { list: [centerFixture(1)], total: 1, current: 1, pageSize: 10 };

describe('the operators console', () => {
  it("menus only the sections the operator's permissions open, and refuses the others", async () => {
    serveOps(
      { 'GET /api/ops/centers': () => ok(CENTERS), 'GET /api/ops/dashboard': () => ok(dashboardFixture(false)) },
      ['centers'],
    );
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops' }} />);
    const nav = await screen.findByRole('navigation', { name: 'Operations console' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/ops');
    expect(within(nav).getByRole('link', { name: 'Centers' })).toHaveAttribute('href', '/ops/centers');
    expect(within(nav).queryByRole('link', { name: 'Catalog' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();

    act(() => history.push('/ops/audit'));
    expect(
      await screen.findByText('Sorry, you are not authorized to access this page.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows every section to an operator holding every permission', async () => {
    serveOps({ 'GET /api/ops/dashboard': () => ok(dashboardFixture()) });
    loginAsOperator('zh-CN');
    render(<TestBrowser location={{ pathname: '/ops' }} />);
    const nav = await screen.findByRole('navigation', { name: '运营后台' }, { timeout: 15_000 });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['概览', '考点审核', '目录', '订单与资金', '客服', '运营人员', '审计日志']);
  });
});

describe('the operators login (/ops/login)', () => {
  it('asks no account type, sends the code and logs in as an operator, landing on the console', async () => {
    localStorage.clear();
    localStorage.setItem('umi_locale', 'en-US');
    const calls = serveOps({
      'POST /api/ops/auth/otp': () => ok({ sentTo: '+86 138****9999', resendAfterSeconds: 60, expiresInSeconds: 300 }),
      'POST /api/ops/auth/login': () => ok({ access_token: 'token-ops', type: 'operator' }),
      'GET /api/front/currentUser': () => ok(operatorUser()),
      'GET /api/ops/dashboard': () => ok(dashboardFixture()),
    });
    render(<TestBrowser location={{ pathname: '/ops/login' }} />);
    expect(await screen.findByRole('heading', { name: 'Operations console' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Account type')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Individual')).not.toBeInTheDocument();
    expect(screen.getByText('Only a phone number an operator has added can log in here.')).toBeInTheDocument();

    await person.type(screen.getByLabelText('Phone number'), '13800139999');
    await person.click(screen.getByText('Send code').closest('button') as HTMLButtonElement);
    expect(await screen.findByText(/A code was sent to \+86 138\*\*\*\*9999/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/ops/auth/otp')[0]?.body).toEqual({ phone: '13800139999' });
    expect(callsTo(calls, 'POST', '/api/front/otp')).toHaveLength(0);

    await person.type(screen.getByLabelText('Verification code'), '123456');
    await person.click(screen.getByText('Log in').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(history.location.pathname).toBe('/ops'));
    expect(callsTo(calls, 'POST', '/api/ops/auth/login')[0]?.body).toEqual({ phone: '13800139999', code: '123456' });
    expect(localStorage.getItem('type')).toBe('operator');
  });

  it('sends a visitor of a console page to the operators login, not the public one', async () => {
    localStorage.clear();
    localStorage.setItem('umi_locale', 'en-US');
    serveOps({});
    render(<TestBrowser location={{ pathname: '/ops/centers' }} />);
    await waitFor(() => expect(history.location.pathname).toBe('/ops/login'), { timeout: 15_000 });
    expect(history.location.search).toBe(`?redirect=${encodeURIComponent('/ops/centers')}`);
  });
});
