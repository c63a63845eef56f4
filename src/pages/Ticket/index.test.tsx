import { render, screen } from '@testing-library/react';
import { TestBrowser } from '@umijs/max';
import {
  err,
  examFixture,
  loginAs,
  ok,
  orderFixture,
  registrationFixture,
  serve,
} from '../SingleRegistration/testing/fakeServer';

const registration = registrationFixture();
const exam = examFixture();
const TICKET_URL = `GET /api/front/registrations/${registration.id}/ticket`;

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    registrationId: registration.id,
    status: 'register',
    exam,
    candidate: { name: 'Li Lei', maskedIdNumber: '110101********123X', phone: '+8613800138000', avatar_small: null },
    token: 'eyJhbGciOiJFZERTQSJ9.ticket.signature',
    ...overrides,
  };
}

function open(locale: string, search: string) {
  loginAs(locale);
  render(<TestBrowser location={{ pathname: '/home/ticket', search }} />);
}

describe('admission ticket', () => {
  it("shows the candidate, the QR and the exam's arrival time in English", async () => {
    serve({ [TICKET_URL]: () => ok(ticket()) });
    open('en-US', `?registrationId=${registration.id}`);
    expect(
      await screen.findByText(
        'Please bring your identity card and this ticket, and arrive 45 minutes early for check-in.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('110101********123X')).toBeInTheDocument();
    expect(screen.getByText('13800138000')).toBeInTheDocument();
    expect(screen.getByText('Registered')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Admission QR code of Li Lei for HSK Level 4' })).toBeInTheDocument();
    expect(screen.getByText('Print').closest('button')).toBeEnabled();
    const styles = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '');
    expect(styles.some((css) => css.includes('@media print'))).toBe(true);
  });

  it('says the same number of minutes in Chinese', async () => {
    serve({ [TICKET_URL]: () => ok(ticket()) });
    open('zh-CN', `?registrationId=${registration.id}`);
    expect(
      await screen.findByText('请携带身份证和本准考证，并提前 45 分钟到达考点签到。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('汉语水平考试四级')).toBeInTheDocument();
  });

  it('shows a canceled ticket without its QR', async () => {
    serve({ [TICKET_URL]: () => ok(ticket({ status: 'canceled', token: null })) });
    open('en-US', `?registrationId=${registration.id}`);
    expect(
      await screen.findByText(
        'This registration was canceled. The ticket is no longer valid.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Admission QR code/ })).not.toBeInTheDocument();
  });

  it('sends an unpaid registration to its payment', async () => {
    serve({ [TICKET_URL]: () => err('TICKET_NOT_ISSUED') });
    open('en-US', `?registrationId=${registration.id}`);
    const link = await screen.findByText('Complete the payment', {}, { timeout: 15_000 });
    expect(screen.getByText('Your ticket is issued once the payment is complete.')).toBeInTheDocument();
    expect(link.closest('a')).toHaveAttribute('href', `/home/singleRegistration?registrationId=${registration.id}`);
  });
});

describe('receipt', () => {
  it('lists every line of the order, the transaction and the refund', async () => {
    const paid = orderFixture({
      status: 'refunded',
      paidAt: '2026-03-01T02:30:00.000Z',
      transactionId: 'SANDBOX123456',
      qrContent: null,
      refundedFen: 13_581,
    });
    serve({ [`GET /api/front/orders/${paid.id}`]: () => ok(paid) });
    open('en-US', `?orderId=${paid.id}`);
    expect(await screen.findByText('SANDBOX123456', {}, { timeout: 15_000 })).toBeInTheDocument();
    const value = (label: string) =>
      screen
        .getAllByText(label)
        .find((element) => element.closest('th'))
        ?.closest('tr')?.textContent;
    expect(value('Subtotal')).toContain('CN¥150.00');
    expect(value('Promotion discount')).toContain('-CN¥15.00');
    expect(value('Total')).toContain('CN¥135.81');
    expect(value('Payment date')).toContain('2026-03-01 10:30');
    expect(value('Refunded')).toContain('CN¥135.81');
    expect(value('Status')).toContain('Refunded');
  });
});
