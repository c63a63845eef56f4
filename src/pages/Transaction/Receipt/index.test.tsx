import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { callsTo, err, loginAs, ok, serve } from '@/testing/fakeServer';
import { orderFixture } from '@/testing/fixtures';

const ORDER_ID = '0192f0c0-0000-7000-8000-000000005001';
const RECEIPT_URL = `/api/front/orders/${ORDER_ID}/receipt`;
const FAPIAO_URL = `/api/front/orders/${ORDER_ID}/fapiao`;
const TAX_ID = '91110108MA01C3X2L4';

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

function receipt(overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) {
  return {
    order: orderFixture({
      status: 'paid',
      paidAt: '2026-03-01T02:30:00.000Z',
      transactionId: '4200001234202603010123456789',
      qrContent: null,
      ...order,
    }),
    payer: { name: 'Li Lei', phone: '+86 138****8000' },
    issuer: { zh: '考试能力科技有限公司', en: 'Exam Ability Technology Co., Ltd.' },
    promoCode: 'SPRING10',
    items: [{ registrationId: '0192f0c0-0000-7000-8000-000000004001', candidateName: 'Li Lei' }],
    fapiao: null,
    canRequestFapiao: true,
    ...overrides,
  };
}

function open(locale: string) {
  loginAs(locale);
  render(<TestBrowser location={{ pathname: `/home/transaction/${ORDER_ID}/receipt` }} />);
}

describe('the receipt page', () => {
  it("shows the order's own lines, payer, transaction and refunds, and downloads the PDF in the page's language", async () => {
    const calls = serve(
      {
        [`GET ${RECEIPT_URL}`]: () =>
          ok(
            receipt(
              {},
              {
                refundedFen: 5_000,
                refunds: [
                  {
                    id: '0192f0c0-0000-7000-8000-000000007001',
                    amountFen: 5_000,
                    reason: 'change',
                    state: 'succeeded',
                    requestedAt: '2026-03-02T02:00:00.000Z',
                    completedAt: '2026-03-02T02:05:00.000Z',
                  },
                ],
              },
            ),
          ),
      },
      { [`${RECEIPT_URL.replace('/receipt', '/receipt.pdf')}`]: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
    );
    const created = jest.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    open('en-US');
    expect(await screen.findByRole('heading', { name: /Receipt/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Li Lei +86 138****8000')).toBeInTheDocument();
    expect(screen.getByText('4200001234202603010123456789')).toBeInTheDocument();
    expect(screen.getByText('Promotion discount (SPRING10)')).toBeInTheDocument();
    expect(screen.getByText('-CN¥15.00')).toBeInTheDocument();
    expect(screen.getByText('CN¥0.81')).toBeInTheDocument();
    expect(screen.getByText('CN¥135.81')).toBeInTheDocument();
    expect(screen.getByText('CN¥50.00 · Refunded')).toBeInTheDocument();
    expect(screen.getByText('Issued by Exam Ability Technology Co., Ltd.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const pdf = calls.find((call) => call.url.endsWith('/receipt.pdf'));
    expect(pdf?.params).toEqual({ lang: 'en-US' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('asks for a fapiao with a checked tax ID, then shows it requested', async () => {
    let requested = false;
    const calls = serve({
      [`GET ${RECEIPT_URL}`]: () =>
        ok(
          requested
            ? receipt({
                canRequestFapiao: false,
                fapiao: {
                  id: '0192f0c0-0000-7000-8000-000000008001',
                  title: '海淀实验中学',
                  taxId: TAX_ID,
                  email: 'finance@example.cn',
                  status: 'requested',
                  note: '',
                  requestedAt: '2026-03-03T02:00:00.000Z',
                  updatedAt: '2026-03-03T02:00:00.000Z',
                },
              })
            : receipt(),
        ),
      [`POST ${FAPIAO_URL}`]: (call) => {
        requested = true;
        return ok({ ...(call.body as object), id: '0192f0c0-0000-7000-8000-000000008001' });
      },
    });
    open('en-US');
    const title = await screen.findByLabelText('Fapiao title', {}, { timeout: 15_000 });
    await user.type(title, '海淀实验中学');
    await user.type(screen.getByLabelText('Tax ID (unified social credit code)'), '91110108MA01C3X2L0');
    await user.type(screen.getByLabelText('E-mail for the fapiao'), 'finance@example.cn');
    await user.click(screen.getByRole('button', { name: 'Request fapiao' }));
    expect(
      await screen.findByText('Enter a valid 18-character unified social credit code, or leave it empty'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', FAPIAO_URL)).toHaveLength(0);

    const taxId = screen.getByLabelText('Tax ID (unified social credit code)');
    await user.clear(taxId);
    await user.type(taxId, TAX_ID);
    await user.click(screen.getByRole('button', { name: 'Request fapiao' }));
    expect(
      await screen.findByText('Our finance staff will issue it and e-mail it to finance@example.cn.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', FAPIAO_URL)[0]?.body).toEqual({
      title: '海淀实验中学',
      taxId: TAX_ID,
      email: 'finance@example.cn',
    });
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request fapiao' })).not.toBeInTheDocument();
  });

  it("shows a rejected request with the staff's note in Chinese, and lets the payer ask again", async () => {
    serve({
      [`GET ${RECEIPT_URL}`]: () =>
        ok(
          receipt({
            fapiao: {
              id: '0192f0c0-0000-7000-8000-000000008001',
              title: '海淀实验中学',
              taxId: '',
              email: 'finance@example.cn',
              status: 'rejected',
              note: '抬头需与税号一致',
              requestedAt: '2026-03-03T02:00:00.000Z',
              updatedAt: '2026-03-04T02:00:00.000Z',
            },
          }),
        ),
    });
    open('zh-CN');
    expect(await screen.findByText('已驳回', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('抬头需与税号一致')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申请发票' })).toBeInTheDocument();
    expect(screen.getByText('本收据不作为发票使用。如需发票，请在下方申请。')).toBeInTheDocument();
  });

  it('says the receipt could not be loaded for an order that is not paid', async () => {
    serve({ [`GET ${RECEIPT_URL}`]: () => err('ORDER_NOT_PAID') });
    open('en-US');
    expect(await screen.findByText('The receipt could not be loaded.', {}, { timeout: 15_000 })).toBeInTheDocument();
    // The reason is the request's error message, which shows a moment after the page's failed state.
    expect(await screen.findByText('This order is not paid, so it has no receipt.')).toBeInTheDocument();
  });
});
