import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { ok } from '@/testing/fakeServer';
import { callsTo, dashboardFixture, loginAsOperator, serveOps } from '../testing/opsFixtures';

// jsdom has no canvas to draw a chart on; the figures each chart draws are also in the table that follows it.
jest.mock('@ant-design/plots', () => ({ Bar: () => null, Column: () => null, Line: () => null }));

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const DASHBOARD = '/api/ops/dashboard';

const statistic = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  return (heading.closest('.ant-card') as HTMLElement).querySelector('.ant-statistic-content')?.textContent;
};

describe('the dashboard, where operators land', () => {
  it('shows the last fourteen days, money for finance, and the figures of each chart as a table', async () => {
    const calls = serveOps({ 'GET /api/ops/dashboard': () => ok(dashboardFixture()) });
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops' }} />);
    expect(await screen.findByRole('heading', { name: 'Registrations paid' }, { timeout: 15_000 })).toBeInTheDocument();
    const [asked] = callsTo(calls, 'GET', DASHBOARD);
    const days = (Date.parse(String(asked?.params.to)) - Date.parse(String(asked?.params.from))) / 86_400_000;
    expect(days).toBe(13);

    expect(statistic('Registrations paid')).toBe('105');
    expect(statistic('Revenue')).toBe('CN¥10,500.00');
    expect(statistic('Check-in rate')).toBe('90.0%');
    expect(statistic('Centers waiting for verification')).toBe('3');
    expect(statistic('Failed refunds')).toBe('1');
    expect(screen.getByText('CN¥320.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the queue' })).toHaveAttribute('href', '/ops/centers');

    const perDay = screen.getByText('Registrations paid per day: the figures as a table');
    await person.click(perDay);
    const table = within(perDay.closest('details') as HTMLElement);
    expect(table.getByText('2026-11-24')).toBeInTheDocument();
    expect(table.getByText('14')).toBeInTheDocument();
    expect(screen.getByText('30 of 40 (75%)')).toBeInTheDocument();
    expect(screen.getByText('Revenue and refunds per day')).toBeInTheDocument();
  });

  it('leaves the money out for an operator without finance, and asks again for the days chosen', async () => {
    const calls = serveOps({ 'GET /api/ops/dashboard': () => ok(dashboardFixture(false)) }, ['support']);
    loginAsOperator('zh-CN');
    render(<TestBrowser location={{ pathname: '/ops' }} />);
    expect(await screen.findByRole('heading', { name: '已支付报名' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '收入' })).not.toBeInTheDocument();
    expect(screen.queryByText('每日收入与退款')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往审核' })).not.toBeInTheDocument();
    expect(statistic('签到率')).toBe('90.0%');

    await person.click(screen.getByLabelText('日期（北京时间）'));
    await person.click(await screen.findByText('最近 30 天'));
    await waitFor(() => expect(callsTo(calls, 'GET', DASHBOARD)).toHaveLength(2));
    const last = callsTo(calls, 'GET', DASHBOARD).at(-1);
    expect((Date.parse(String(last?.params.to)) - Date.parse(String(last?.params.from))) / 86_400_000).toBe(29);
  });
});
