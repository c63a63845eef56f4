import { act, render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { err, loginAs, lost, ok, serve, serverDown, timedOut } from '@/testing/fakeServer';
import { examFixture, orderFixture, registrationFixture } from '@/testing/fixtures';
import { clearSession } from '@/utils/session';

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
    seat: null,
    releasesAt: null,
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

  it('shows the room and the seat once released', async () => {
    const seat = { room: '301', building: 'Building A', floor: '3', seat: 17 };
    serve({ [TICKET_URL]: () => ok(ticket({ seat })) });
    open('en-US', `?registrationId=${registration.id}`);
    expect(await screen.findByText('301 · Building A · floor 3', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('17')).toBeInTheDocument();
    expect(screen.getByText('Download PDF').closest('button')).toBeEnabled();
  });

  it('says when the ticket is released, without QR, and in Chinese too', async () => {
    const releasesAt = '2026-12-05T01:00:00.000Z';
    serve({ [TICKET_URL]: () => ok(ticket({ token: null, releasesAt })) });
    open('zh-CN', `?registrationId=${registration.id}`);
    expect(
      await screen.findByText(/准考证（含二维码、考场和座位号）将于 2026-12-05 09:00/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /准考证二维码|Admission QR code/ })).not.toBeInTheDocument();
    expect(screen.getByText('下载 PDF').closest('button')).toBeDisabled();
  });

  it('sends an unpaid registration to its payment', async () => {
    serve({ [TICKET_URL]: () => err('TICKET_NOT_ISSUED') });
    open('en-US', `?registrationId=${registration.id}`);
    const link = await screen.findByText('Complete the payment', {}, { timeout: 15_000 });
    expect(screen.getByText('Your ticket is issued once the payment is complete.')).toBeInTheDocument();
    expect(link.closest('a')).toHaveAttribute('href', `/home/singleRegistration?registrationId=${registration.id}`);
  });

  it('says the photo was rejected and why, and leads to the profile to upload a new one', async () => {
    serve({ [TICKET_URL]: () => err('TICKET_PHOTO_REJECTED', [{ path: 'reason', message: 'Not a face' }]) });
    open('en-US', `?registrationId=${registration.id}`);
    const link = await screen.findByText('Upload a new photo on your profile', {}, { timeout: 15_000 });
    expect(
      screen.getByText('Your photo was rejected: upload a new one on your profile to get your ticket.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason given: Not a face')).toBeInTheDocument();
    expect(link.closest('a')).toHaveAttribute('href', '/home/profile');
    expect(screen.queryByRole('img', { name: /Admission QR code/ })).not.toBeInTheDocument();
  });

  it('says a ticket needs a photo when the profile has none, in Chinese too', async () => {
    serve({ [TICKET_URL]: () => err('TICKET_PHOTO_REQUIRED') });
    open('zh-CN', `?registrationId=${registration.id}`);
    const link = await screen.findByText('在个人资料中上传新照片', {}, { timeout: 15_000 });
    expect(screen.getByText('个人资料中有照片后才能出具准考证，请在个人资料中上传照片。')).toBeInTheDocument();
    expect(link.closest('a')).toHaveAttribute('href', '/home/profile');
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

  it('shows each refund with its state and its reason in words, never its code; pending is not refunded', async () => {
    const refund = (n: number, reason: string, state: string, amountFen: number) => ({
      id: `0192f0c0-0000-7000-8000-00000000700${n}`,
      amountFen,
      reason,
      state,
      requestedAt: `2026-03-0${n}T02:00:00.000Z`,
      completedAt: state === 'requested' ? null : `2026-03-0${n}T03:00:00.000Z`,
    });
    const paid = orderFixture({
      status: 'paid',
      paidAt: '2026-03-01T02:30:00.000Z',
      transactionId: 'SANDBOX654321',
      qrContent: null,
      refundedFen: 3_000,
      refunds: [
        refund(2, 'change', 'succeeded', 3_000),
        refund(3, 'late_payment', 'requested', 5_000),
        refund(4, 'exam_canceled', 'failed', 5_581),
      ],
    });
    serve({ [`GET /api/front/orders/${paid.id}`]: () => ok(paid) });
    open('en-US', `?orderId=${paid.id}`);
    expect(await screen.findByText('SANDBOX654321', {}, { timeout: 15_000 })).toBeInTheDocument();
    const value = (label: string | RegExp) => screen.getByText(label).closest('tr')?.textContent;
    expect(value('Refunded')).toContain('CN¥30.00');
    // Labelled with when it was asked for, in the exam's zone (Beijing time).
    expect(value(/^Refund of 2026-03-02 10:00/)).toMatch(
      /CN¥30\.00 · RefundedYou moved to a cheaper exam, so the difference comes back to you\.$/,
    );
    expect(value(/^Refund of 2026-03-03 10:00/)).toMatch(
      /CN¥50\.00 · Refund pendingYour payment arrived after the seat hold had expired, so the seat could not be kept\.$/,
    );
    expect(value(/^Refund of 2026-03-04 10:00/)).toMatch(
      /CN¥55\.81 · Refund failed: our staff will handle itThe test center canceled the exam\.$/,
    );
    expect(document.body.textContent).not.toMatch(/late_payment|exam_canceled/);
  });
});

describe('a ticket when the server cannot be reached', () => {
  const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const QR = { name: 'Admission QR code of Li Lei for HSK Level 4' };

  it('says the ticket could not be loaded and why, and Retry loads it', async () => {
    let answer = lost;
    serve({ [TICKET_URL]: () => answer() });
    open('en-US', `?registrationId=${registration.id}`);
    expect(await screen.findByText('Your ticket could not be loaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Your network is abnormal and cannot connect to the server')).toBeInTheDocument();
    answer = () => ok(ticket());
    await person.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('img', QR)).toBeInTheDocument();
  });

  it('shows the copy saved when it was last opened, saying so and since when, until the connection returns', async () => {
    let answer = () => ok(ticket());
    serve({ [TICKET_URL]: () => answer() });
    open('en-US', `?registrationId=${registration.id}`);
    expect(await screen.findByRole('img', QR, { timeout: 15_000 })).toBeInTheDocument();

    // Exam day, in a basement: the same phone opens the ticket again with no signal.
    answer = lost;
    const { unmount } = render(
      <TestBrowser location={{ pathname: '/home/ticket', search: `?registrationId=${registration.id}` }} />,
    );
    expect(
      await screen.findByText(
        /^Saved copy from \d{4}-\d{2}-\d{2} \d{2}:\d{2}, kept on this phone/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img', QR).length).toBeGreaterThan(0);
    expect(screen.getByText('Your network is abnormal and cannot connect to the server')).toBeInTheDocument();
    answer = () => ok(ticket());
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('Download PDF');
    expect(screen.queryByText(/^Saved copy from/)).not.toBeInTheDocument();
    unmount();
  });

  it('says a server breakdown and a timeout in Chinese beside the saved copy; a logout forgets the copy', async () => {
    let answer = () => ok(ticket());
    serve({ [TICKET_URL]: () => answer() });
    open('zh-CN', `?registrationId=${registration.id}`);
    expect(await screen.findByText('下载 PDF', {}, { timeout: 15_000 })).toBeInTheDocument();
    answer = serverDown;
    const again = () =>
      render(<TestBrowser location={{ pathname: '/home/ticket', search: `?registrationId=${registration.id}` }} />);
    const first = again();
    expect(await screen.findByText(/^这是 .* 保存在本机的副本/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('服务器出错（HTTP 500），并非您的网络问题，请稍后重试。')).toBeInTheDocument();
    first.unmount();

    clearSession();
    localStorage.setItem('access_token', 'token-1');
    localStorage.setItem('type', 'individual');
    answer = timedOut;
    again();
    expect(await screen.findByText('未能加载您的准考证', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('服务器在 15 秒内没有应答（请求超时，15000 毫秒），请重试。')).toBeInTheDocument();
  });

  it('the list of tickets says a failure apart from having none, and Retry loads it', async () => {
    let answer = lost;
    serve({ 'GET /api/front/registrations': () => answer() });
    open('en-US', '');
    expect(await screen.findByText('Your tickets could not be loaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('You have no registrations yet.')).not.toBeInTheDocument();
    answer = () => ok({ list: [registration], total: 1, current: 1, pageSize: 20 });
    await person.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Ticket for HSK Level 4')).toBeInTheDocument();
  });
});
