import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, ok } from '@/testing/fakeServer';
import type { OpsFailedRefund, OpsOrderDetail, Reconciliation } from '../../../../contract/ops';
import { catchDownloads, loginAsOperator, orderDetailFixture, orderRowFixture, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);
const button = (name: string | RegExp, container: HTMLElement | Document = document) =>
  [...container.querySelectorAll('button')].find((candidate) =>
    typeof name === 'string' ? candidate.textContent === name : name.test(candidate.textContent ?? ''),
  ) as HTMLButtonElement;
const tab = (name: string) => screen.getByText(name, { selector: '[role="tab"]' });

const row = orderRowFixture();
const ORDER_URL = `/api/ops/orders/${row.id}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const failed: OpsFailedRefund = {
  id: '0192f0c0-0000-7000-8000-0000000f0002',
  orderId: '0192f0c0-0000-7000-8000-0000000d0002',
  amountFen: 32_000,
  reason: 'canceled',
  note: null,
  requestedBy: null,
  state: 'failed',
  requestedAt: '2026-11-18T02:00:00.000Z',
  completedAt: '2026-11-19T02:00:00.000Z',
  attempts: 5,
  lastError: 'ABNORMAL: the payer account is frozen',
  order: {
    id: '0192f0c0-0000-7000-8000-0000000d0002',
    totalFen: 32_000,
    provider: 'sandbox',
    transactionId: 'SBX0000000D0002',
    payer: row.payer,
    exam: row.exam,
  },
};

const day: Reconciliation = {
  date: '2026-11-23',
  provider: 'sandbox',
  platform: { paidCount: 2, paidFen: 39_800, refundedCount: 0, refundedFen: 0 },
  providerTotals: { paidCount: 2, paidFen: 39_700, refundedCount: 0, refundedFen: 0 },
  mismatches: [
    {
      kind: 'amount_differs',
      subject: 'payment',
      orderId: '0192f0c0-0000-7000-8000-0000000d0004',
      refundId: null,
      transactionId: 'SBX0000000D0004',
      platform: { amountFen: 39_800, status: 'paid' },
      provider: { amountFen: 39_700, status: 'SUCCESS' },
    },
  ],
  generatedAt: '2026-11-24T02:00:00.000Z',
};

/** The finance side of a server: the order search, one order that refunds as the real one does, the failed refund. */
function moneyServer() {
  let order: OpsOrderDetail = orderDetailFixture();
  let owed = [failed];
  return serveOps(
    {
      'GET /api/ops/orders': () => ok({ list: [row], total: 1, current: 1, pageSize: 20 }),
      [`GET ${ORDER_URL}`]: () => ok(order),
      [`POST ${ORDER_URL}/refund`]: (call) => {
        const { amountFen } = call.body as { amountFen: number };
        if (amountFen > order.refundableFen) return err('REFUND_EXCEEDS_REFUNDABLE');
        order = {
          ...order,
          refundedFen: order.refundedFen + amountFen,
          refundableFen: order.refundableFen - amountFen,
        };
        return ok(order);
      },
      'GET /api/ops/refunds/failed': () => ok({ list: owed, total: owed.length, current: 1, pageSize: 20 }),
      [`POST /api/ops/refunds/${failed.id}/retry`]: () => {
        owed = [];
        return ok({ ...failed, state: 'succeeded', completedAt: '2026-11-24T02:00:00.000Z' });
      },
      'GET /api/ops/reconciliation': () => ok(day),
    },
    ['finance'],
    {
      '/api/ops/orders.xlsx': new Blob(['orders'], { type: XLSX }),
      '/api/ops/reconciliation.xlsx': new Blob(['day'], { type: XLSX }),
    },
  );
}

async function openOrders(locale: string) {
  loginAsOperator(locale);
  render(<TestBrowser location={{ pathname: '/ops/orders' }} />);
  await screen.findByText('HSK-4-20261201', {}, { timeout: 15_000 });
}

describe('orders and money', () => {
  it("searches orders by the payer's phone and exports what the search finds", async () => {
    const calls = moneyServer();
    const downloads = catchDownloads();
    await openOrders('en-US');
    expect(screen.getByRole('heading', { name: 'Orders and money' })).toBeInTheDocument();
    expect(screen.getByText('Li Lei')).toBeInTheDocument();
    expect(screen.getByText('139****9001')).toBeInTheDocument();

    await person.type(screen.getByLabelText("Payer's phone"), '13900139001');
    await person.click(button('Search'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/ops/orders').at(-1)?.params).toMatchObject({
        phone: '13900139001',
        current: 1,
        pageSize: 20,
      }),
    );
    await person.click(button('Export .xlsx'));
    await waitFor(() => expect(downloads.saved).toEqual(['orders.xlsx blob:ops']));
    const [file] = callsTo(calls, 'GET', '/api/ops/orders.xlsx');
    expect(file?.params).toMatchObject({ phone: '13900139001' });
    expect(file?.headers.Authorization).toBe('Bearer token-ops');
    downloads.restore();
  });

  it('opens an order to its timeline and refunds part of it in fen, refusing more than what is left', async () => {
    const calls = moneyServer();
    await openOrders('en-US');
    await person.click(screen.getByLabelText('Details of the order for HSK-4-20261201 paid by Li Lei'));
    expect(await screen.findByText('Timeline', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      screen.getByText(/Notification from sandbox refused: it failed verification\. signature invalid/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Payment notification from sandbox verified and applied/)).toBeInTheDocument();
    expect(
      screen.getByText(/Refund of CN¥50\.00 requested \(Manual refund by an operator\) by Wang Fang/),
    ).toBeInTheDocument();
    expect(screen.getByText('Room changed at short notice.')).toBeInTheDocument();

    await person.click(button('Refund'));
    const refundable = await screen.findByText('Still refundable: CN¥230.00');
    const dialog = refundable.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Refund the order for HSK-4-20261201')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount (yuan)');
    await person.type(amount, '230.01');
    await person.click(within(dialog).getByLabelText('Reason'));
    await person.paste('The room was changed at short notice.');
    await person.click(button('Refund', dialog));
    expect(await within(dialog).findByText('Enter an amount from 0.01 up to CN¥230.00.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${ORDER_URL}/refund`)).toHaveLength(0);

    await person.clear(amount);
    await person.type(amount, '19.9');
    await person.click(button('Refund', dialog));
    const confirm = await screen.findByText('Refund CN¥19.90 of the order for HSK-4-20261201?', {
      selector: '.ant-modal-confirm-title',
    });
    expect(callsTo(calls, 'POST', `${ORDER_URL}/refund`)).toHaveLength(0);
    const confirmation = confirm.closest('.ant-modal-confirm') as HTMLElement;
    await person.click(button('Refund', confirmation));
    expect(await screen.findByText('A refund of CN¥19.90 is on its way.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${ORDER_URL}/refund`).map((call) => call.body)).toEqual([
      { amountFen: 1990, reason: 'The room was changed at short notice.' },
    ]);
  });
});

describe('订单与资金（中文）', () => {
  it('重试失败的退款，并显示对账的不一致项和导出', async () => {
    const calls = moneyServer();
    const downloads = catchDownloads();
    await openOrders('zh-CN');
    await person.click(tab('失败的退款'));
    expect(await screen.findByText('ABNORMAL: the payer account is frozen')).toBeInTheDocument();
    await person.click(screen.getByLabelText('重试退还 Li Lei 的 ¥320.00'));
    const prompt = await screen.findByText('再次请求支付机构退还 Li Lei 的 ¥320.00？');
    await person.click(
      button('重 试', prompt.closest('.ant-popover') as HTMLElement) ??
        button('重试', prompt.closest('.ant-popover') as HTMLElement),
    );
    expect(await screen.findByText('¥320.00 的退款现为：已退款。')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/refunds/${failed.id}/retry`)).toHaveLength(1);
    expect(await screen.findByText('没有失败的退款，无待付款项。')).toBeInTheDocument();

    await person.click(tab('对账'));
    expect(await screen.findByText('金额不符')).toBeInTheDocument();
    expect(screen.getByText('不一致：1 项')).toBeInTheDocument();
    expect(screen.getByText('¥398.00 (paid)')).toBeInTheDocument();
    expect(screen.getByText('¥397.00 (SUCCESS)')).toBeInTheDocument();
    const [asked] = callsTo(calls, 'GET', '/api/ops/reconciliation');
    expect(asked?.params.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await person.click(button('导出 .xlsx'));
    await waitFor(() => expect(downloads.saved).toEqual([`reconciliation-${asked?.params.date}.xlsx blob:ops`]));
    expect(callsTo(calls, 'GET', '/api/ops/reconciliation.xlsx')[0]?.params).toEqual({ date: asked?.params.date });
    downloads.restore();
  });
});
