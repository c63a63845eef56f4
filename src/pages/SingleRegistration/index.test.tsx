import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Answer, type Call, err, loginAs, lost, ok, serve } from '@/testing/fakeServer';
import { examFixture, orderFixture, registrationFixture } from '@/testing/fixtures';

const exam = examFixture();
const EXAM_URL = `/api/front/exams/${exam.id}`;
// Its ids and amounts; each answer builds its own order, so the time left to pay starts at 15 minutes whenever a test runs.
const order = orderFixture();
const registration = registrationFixture({ status: 'pending', canChange: false, canCancel: false });

function profile(complete: boolean) {
  return {
    name: 'Li Lei',
    gender: 'male',
    email: 'li@example.com',
    phone: '+8613800138000',
    contactPhone: '+8613800138000',
    address: '1 Road',
    idNumber: complete ? '11010119900307123X' : '',
    organizationId: null,
    invitationCode: '',
    dateOfBirth: '1990-03-07',
    provinceCode: '11',
    cityCode: '1101',
    avatarId: null,
    avatarUrl: null,
    avatar_small: null,
    complete,
    missing: complete ? [] : ['idNumber'],
  };
}

const PROMOTIONS: Record<string, number> = { SPRING10: 1_000, WELCOME20: 0 };
const AMOUNTS_OFF: Record<string, number> = { SPRING10: 0, WELCOME20: 2_000 };

/** The server's lines for one seat at `feeFen` with `promoCode` (10 % or 20 yuan off; 0.6 % handling). */
function quoteOf(promoCode: string | undefined, feeFen = exam.feeFen) {
  const promotionDiscountFen = promoCode
    ? Math.round((feeFen * (PROMOTIONS[promoCode] ?? 0)) / 10_000) + (AMOUNTS_OFF[promoCode] ?? 0)
    : 0;
  const discounted = feeFen - promotionDiscountFen;
  const handlingFen = Math.round((discounted * 60) / 10_000);
  return {
    ...order.breakdown,
    unitPriceFen: feeFen,
    subtotalFen: feeFen,
    promotionDiscountFen,
    handlingFen,
    totalFen: discounted + handlingFen,
    examId: exam.id,
    testDate: exam.startsAt,
    promoCode: promoCode ?? null,
    referralCode: null,
  };
}

const promoOf = (call: Call) => (call.body as { promoCode?: string }).promoCode?.trim().toUpperCase() || undefined;

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const button = (name: string | RegExp) => screen.getByText(name).closest('button') as HTMLButtonElement;

function bookingServer(overrides: Record<string, (call: Call) => ReturnType<typeof ok>> = {}) {
  return serve({
    [`GET ${EXAM_URL}`]: () => ok(exam),
    'GET /api/front/profile': () => ok(profile(true)),
    'POST /api/front/checkout/quote': (call) => {
      const promoCode = promoOf(call);
      if (promoCode === 'NOPE') return err('PROMO_CODE_INVALID');
      if (promoCode === 'ALLGONE') return err('PROMO_CODE_USED_UP');
      if (promoCode === 'ELSEWHERE') return err('PROMO_CODE_NOT_FOR_EXAM');
      return ok(quoteOf(promoCode));
    },
    'POST /api/front/student-registration': () =>
      ok({ registration, order: orderFixture(), payment: { qrContent: order.qrContent } }),
    [`GET /api/front/orders/${order.id}`]: () => ok(orderFixture()),
    ...overrides,
  });
}

async function openCheckout(locale = 'en-US') {
  loginAs(locale);
  render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?examId=${exam.id}` }} />);
  await screen.findByText(locale === 'en-US' ? 'Continue to check out' : '去结算', {}, { timeout: 15_000 });
}

describe('single registration', () => {
  it('shows the exam, then the checkout lines of the quote in yuan with discounts as negatives', async () => {
    bookingServer();
    await openCheckout();
    expect(screen.getByText('HSK Level 4')).toBeInTheDocument();
    expect(screen.getByText('1 Example Road, Beijing')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Promo code (optional)'), 'spring10');
    await user.click(button('Continue to check out'));

    expect(await screen.findByRole('heading', { name: 'Check Out' })).toBeInTheDocument();
    const line = (label: string) => screen.getByText(label).closest('tr') as HTMLElement;
    expect(within(line('Quantity')).getByText('1')).toBeInTheDocument();
    expect(within(line('Subtotal')).getByText('CN¥150.00')).toBeInTheDocument();
    expect(within(line('Referral discount')).getByText('CN¥0.00')).toBeInTheDocument();
    expect(within(line('Promotion discount')).getByText('-CN¥15.00')).toBeInTheDocument();
    expect(within(line('Handling charges')).getByText('CN¥0.81')).toBeInTheDocument();
    expect(within(line('Total')).getByText('CN¥135.81')).toBeInTheDocument();
    expect(button('Pay now')).toBeEnabled();
  });

  it('says when booking opens for an exam not open yet, without a waiting room, and keeps checkout closed', async () => {
    bookingServer({
      [`GET ${EXAM_URL}`]: () => ok(examFixture({ registrationOpensAt: '2099-06-01T01:00:00.000Z' })),
    });
    await openCheckout();
    expect(screen.getByText('Booking opens at 2099-06-01 09:00 GMT+8.')).toBeInTheDocument();
    expect(button('Continue to check out')).toBeDisabled();
  });

  it('keeps checkout closed on a sold-out exam, but opens it to the candidate a waiting-list seat is held for', async () => {
    bookingServer({ [`GET ${EXAM_URL}`]: () => ok(examFixture({ seatsLeft: 0 })) });
    await openCheckout();
    expect(button('Continue to check out')).toBeDisabled();
    cleanup();
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?examId=${exam.id}&offer=1` }} />);
    await screen.findByText('Continue to check out', {}, { timeout: 15_000 });
    expect(button('Continue to check out')).toBeEnabled();
  });

  it('shows an unknown promo code on its field and stays on the details', async () => {
    bookingServer();
    await openCheckout();
    await user.type(screen.getByLabelText('Promo code (optional)'), 'NOPE');
    await user.click(button('Continue to check out'));
    expect(await screen.findByText('This promo code is unknown or no longer valid.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check Out' })).not.toBeInTheDocument();
  });

  it.each([
    ['ALLGONE', 'This promo code has been used up.'],
    ['ELSEWHERE', 'This promo code is not valid for this exam.'],
  ])('shows why the promo code %s does not apply, on its field', async (promoCode, reason) => {
    bookingServer();
    await openCheckout();
    await user.type(screen.getByLabelText('Promo code (optional)'), promoCode);
    await user.click(button('Continue to check out'));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check Out' })).not.toBeInTheDocument();
  });

  it('books once for a double click on Pay now, with one idempotency key', async () => {
    const calls = bookingServer();
    await openCheckout();
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.dblClick(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    const bookings = calls.filter((call) => call.url === '/api/front/student-registration');
    expect(bookings).toHaveLength(1);
    expect(bookings[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bookings[0].body).toEqual({ examId: exam.id, expectedTotalFen: 15_090 });

    // Back closes the QR and leaves the order pending; paying again asks for the same order with the same key.
    await user.click(within(screen.getByRole('dialog')).getByText('Back'));
    await waitFor(() => expect(screen.queryByText('Please Scan QrCode For Payment')).not.toBeInTheDocument());
    await user.click(button('Pay now'));
    await screen.findByText('Please Scan QrCode For Payment');
    const again = calls.filter((call) => call.url === '/api/front/student-registration');
    expect(again).toHaveLength(2);
    expect(again[1].headers['Idempotency-Key']).toBe(bookings[0].headers['Idempotency-Key']);
  });

  it('retries a failed Pay now with the same key', async () => {
    let attempts = 0;
    const calls = bookingServer({
      'POST /api/front/student-registration': () => {
        attempts += 1;
        return attempts === 1
          ? err('INTERNAL')
          : ok({ registration, order: orderFixture(), payment: { qrContent: order.qrContent } });
      },
    });
    await openCheckout();
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.click(button('Pay now'));
    await waitFor(() => expect(button('Pay now')).toBeEnabled());
    await user.click(button('Pay now'));
    await screen.findByText('Please Scan QrCode For Payment');
    const keys = calls
      .filter((call) => call.url === '/api/front/student-registration')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the QR with a countdown, reloads from the provider and moves to Done once a poll says paid', async () => {
    let paid = false;
    const calls = bookingServer({
      [`GET /api/front/orders/${order.id}`]: (call) => {
        if (call.params.refresh === '1') paid = true;
        return ok(orderFixture({ status: 'pending' }));
      },
    });
    await openCheckout();
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.click(button('Pay now'));

    expect(await screen.findByRole('img', { name: 'Payment QR code, CN¥135.81' })).toBeInTheDocument();
    expect(screen.getByText('Amount: CN¥135.81')).toBeInTheDocument();
    const first = screen.getByRole('timer').textContent;
    expect(first).toMatch(/^Time left to pay: 1[45]:\d\d$/);
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(first), { timeout: 3_000 });
    expect(screen.getByText('Open the wallet').closest('a')).toHaveAttribute('target', '_blank');

    await user.click(button('Reload'));
    expect(await screen.findByText('No payment has arrived yet.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith(order.id) && call.params.refresh === '1')).toBe(true);
    expect(paid).toBe(true);

    bookingServer({
      [`GET /api/front/orders/${order.id}`]: () => ok(orderFixture({ status: 'paid', qrContent: null })),
      [`GET /api/front/registrations/${registration.id}`]: () => ok(registrationFixture()),
    });
    expect(await screen.findByText('Registration complete', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(screen.queryByText('Please Scan QrCode For Payment')).not.toBeInTheDocument();
    expect(button('View ticket')).toBeEnabled();
    expect(button('Change Reservation')).toBeEnabled();
  });

  it('asks for a complete profile before booking, and leads to the profile and back', async () => {
    bookingServer({ 'GET /api/front/profile': () => ok(profile(false)) });
    await openCheckout();
    expect(await screen.findByText('Profile Required')).toBeInTheDocument();
    expect(screen.getByText('Please Complete Your Profile')).toBeInTheDocument();
    await user.click(button('Complete my profile'));
    const { history } = await import('@umijs/max');
    await waitFor(() => expect(history.location.pathname).toBe('/home/profile'));
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe(
      `/home/singleRegistration?examId=${exam.id}`,
    );
  });

  it('shows the same prompt when the server refuses the booking for an incomplete profile', async () => {
    bookingServer({ 'POST /api/front/student-registration': () => err('PROFILE_INCOMPLETE') });
    await openCheckout('zh-CN');
    await user.click(button('去结算'));
    await screen.findByRole('heading', { name: '结算' });
    await user.click(button('立即支付'));
    expect(await screen.findByText('需要完善资料')).toBeInTheDocument();
    expect(screen.getByText('请完善个人资料')).toBeInTheDocument();
  });
});

/** The body of every booking request the page sent. */
const bookingBodies = (calls: Call[]) =>
  calls.filter((call) => call.url === '/api/front/student-registration').map((call) => call.body);
const totalLine = () => screen.getByText('Total').closest('tr') as HTMLElement;

describe('Pay now books what Check Out shows, after the details form has left the screen', () => {
  it.each([
    ['SPRING10', 'spring10', 'CN¥135.81', 13_581],
    ['WELCOME20', ' WELCOME20 ', 'CN¥130.78', 13_078],
  ])('sends the promo code %s and the total shown', async (code, typed, shown, totalFen) => {
    const calls = bookingServer();
    await openCheckout();
    await user.type(screen.getByLabelText('Promo code (optional)'), typed);
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    expect(screen.queryByLabelText('Promo code (optional)')).not.toBeInTheDocument();
    expect(within(totalLine()).getByText(shown)).toBeInTheDocument();
    await user.click(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    expect(bookingBodies(calls)).toEqual([{ examId: exam.id, promoCode: code, expectedTotalFen: totalFen }]);
  });

  it('sends the access code of an exam that needs one (COACH-FIT with COACH2024)', async () => {
    const coach = examFixture({ code: 'COACH-FIT', requiresAccessCode: true });
    const calls = bookingServer({ [`GET ${EXAM_URL}`]: () => ok(coach) });
    await openCheckout();
    await user.click(button('Continue to check out'));
    expect(await screen.findByText('Please enter the access code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Access code'), 'COACH2024');
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.click(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    expect(bookingBodies(calls)).toEqual([{ examId: exam.id, accessCode: 'COACH2024', expectedTotalFen: 15_090 }]);
  });

  it.each([['en-US'], ['zh-CN']])(
    '%s: a price changed since Check Out shows the new lines, and Pay now then books them',
    async (locale) => {
      let feeFen = exam.feeFen;
      const calls = bookingServer({
        'POST /api/front/checkout/quote': (call) => ok(quoteOf(promoOf(call), feeFen)),
        'POST /api/front/student-registration': (call) =>
          (call.body as { expectedTotalFen: number }).expectedTotalFen === quoteOf('SPRING10', feeFen).totalFen
            ? ok({ registration, order: orderFixture(), payment: { qrContent: order.qrContent } })
            : err('PRICE_CHANGED'),
      });
      const en = locale === 'en-US';
      await openCheckout(locale);
      await user.type(screen.getByLabelText(en ? 'Promo code (optional)' : '优惠码（选填）'), 'SPRING10');
      await user.click(button(en ? 'Continue to check out' : '去结算'));
      await screen.findByRole('heading', { name: en ? 'Check Out' : '结算' });
      feeFen = 16_000;
      await user.click(button(en ? 'Pay now' : '立即支付'));
      const changed = en
        ? 'The price changed since it was shown: the total is now CN¥144.86. Nothing was charged. Check the lines and press Pay now to confirm the new total.'
        : '价格在显示后有变动，现在合计 ¥144.86，尚未扣款。请核对明细，再点击“立即支付”确认新的合计金额。';
      expect(await screen.findByText(changed)).toBeInTheDocument();
      const total = screen.getByText(en ? 'Total' : '合计').closest('tr') as HTMLElement;
      expect(within(total).getByText(en ? 'CN¥144.86' : '¥144.86')).toBeInTheDocument();
      expect(screen.queryByText(en ? 'Please Scan QrCode For Payment' : '请扫码支付')).not.toBeInTheDocument();

      await user.click(button(en ? 'Pay now' : '立即支付'));
      expect(await screen.findByText(en ? 'Please Scan QrCode For Payment' : '请扫码支付')).toBeInTheDocument();
      expect(bookingBodies(calls).map((body) => (body as { expectedTotalFen: number }).expectedTotalFen)).toEqual([
        13_581, 14_486,
      ]);
      const keys = calls
        .filter((call) => call.url === '/api/front/student-registration')
        .map((call) => call.headers['Idempotency-Key']);
      expect(keys[1]).toBe(keys[0]);
    },
  );
});

/** Every refusal Pay now can meet, with what the candidate reads on the Check Out step in each language. */
const REFUSALS: Array<[string, Answer, string, string]> = [
  ['sold out', err('SOLD_OUT'), 'Sorry, no seats are left for this exam.', '抱歉，该考试名额已满。'],
  ['registration closed', err('REGISTRATION_CLOSED'), 'Registration for this exam is closed.', '该考试报名已截止。'],
  ['already registered', err('ALREADY_REGISTERED'), 'You are already registered for this exam.', '您已报名该考试。'],
  [
    'access code',
    err('ACCESS_CODE_INVALID'),
    'This exam needs its access code, and the code entered is wrong.',
    '该考试需要准入码，您输入的准入码不正确。',
  ],
  ['promo code', err('PROMO_CODE_INVALID'), 'This promo code is unknown or no longer valid.', '优惠码不存在或已失效。'],
  ['promo code used up', err('PROMO_CODE_USED_UP'), 'This promo code has been used up.', '此优惠码已被用完。'],
  ['profile incomplete', err('PROFILE_INCOMPLETE'), 'Please Complete Your Profile', '请完善个人资料'],
  [
    'payment provider',
    err('PAYMENT_PROVIDER_FAILED'),
    'The payment service did not answer. Please try again in a moment.',
    '支付服务暂无响应，请稍后再试。',
  ],
  [
    'network',
    lost(),
    'No answer came back, so the booking may or may not have been made. Check your connection and press Pay now again: you will not be charged twice.',
    '未收到答复，无法确定是否已预订成功。请检查网络后再次点击“立即支付”，不会重复扣款。',
  ],
];

describe('a refused Pay now says why, on the Check Out step', () => {
  it.each(REFUSALS)('%s, in English', async (_, answer, english) => {
    bookingServer({ 'POST /api/front/student-registration': () => answer });
    await openCheckout();
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.click(button('Pay now'));
    expect(await screen.findByText(english)).toBeInTheDocument();
    expect(screen.getByText('Check Out', { selector: 'h2' })).toBeInTheDocument();
    expect(button('Pay now')).toBeEnabled();
  });

  it.each(REFUSALS)('%s, in Chinese', async (_, answer, _english, chinese) => {
    bookingServer({ 'POST /api/front/student-registration': () => answer });
    await openCheckout('zh-CN');
    await user.click(button('去结算'));
    await screen.findByRole('heading', { name: '结算' });
    await user.click(button('立即支付'));
    expect(await screen.findByText(chinese)).toBeInTheDocument();
    expect(screen.getByText('结算', { selector: 'h2' })).toBeInTheDocument();
  });
});

describe('a booked registration', () => {
  const soon = examFixture({ startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString() });
  const locked = registrationFixture({
    exam: soon,
    canChange: false,
    canCancel: false,
    lockedFrom: new Date(Date.parse(soon.startsAt) - 72 * 3_600_000).toISOString(),
  });

  it('reads the one registration it opens, and says once that an unknown id is not found', async () => {
    const calls = serve({});
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?registrationId=${locked.id}` }} />);
    const notFound = 'What you are looking for does not exist or is not yours.';
    expect(await screen.findByText(notFound, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getAllByText(notFound)).toHaveLength(1);
    const reads = calls.filter((call) => call.url.startsWith('/api/front/registrations'));
    expect(reads.map((call) => `${call.method} ${call.url}`)).toEqual([`GET /api/front/registrations/${locked.id}`]);
  });

  it('disables change and cancel within the lock period and says why', async () => {
    serve({ [`GET /api/front/registrations/${locked.id}`]: () => ok(locked) });
    loginAs('en-US');
    render(
      <TestBrowser
        location={{ pathname: '/home/singleRegistration', search: `?registrationId=${locked.id}&change=1` }}
      />,
    );
    expect(await screen.findByText('Registration complete', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(button('Change Reservation')).toBeDisabled();
    expect(button('Cancel registration')).toBeDisabled();
    expect(
      screen.getByText(/^Reservations cannot be changed or canceled within 72 hours of the test \(from /),
    ).toBeInTheDocument();
    expect(screen.queryByText('No other session is open for this exam.')).not.toBeInTheDocument();
  });

  it('opens the change modal from My Exams, moves to a cheaper session and says what is refunded', async () => {
    const open = registrationFixture();
    const cheaper = examFixture({
      id: '0192f0c0-0000-7000-8000-000000000102',
      name: { zh: '汉语水平考试四级（周日）', en: 'HSK Level 4 (Sunday)' },
      feeFen: 12_000,
    });
    serve({
      [`GET /api/front/registrations/${open.id}`]: () => ok(open),
      [`GET /api/front/registrations/${open.id}/change-options`]: () => ok([cheaper]),
      [`POST /api/front/registrations/${open.id}/change`]: () =>
        ok({ registration: { ...open, exam: cheaper }, order: null, payment: null, refundFen: 3_000 }),
    });
    loginAs('en-US');
    render(
      <TestBrowser
        location={{ pathname: '/home/singleRegistration', search: `?registrationId=${open.id}&change=1` }}
      />,
    );
    const move = await screen.findByLabelText(/^Move to HSK Level 4 \(Sunday\) on /, {}, { timeout: 15_000 });
    await user.click(move);
    expect(
      await screen.findByText('Your reservation was moved to HSK Level 4 (Sunday). CN¥30.00 will be refunded.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['en-US', /^Move to HSK Level 4 \(Club\) on /, 'Access code for HSK Level 4 (Club)', 'Move with this code'],
    ['zh-CN', /^改到 汉语水平考试四级（俱乐部）（/, '汉语水平考试四级（俱乐部） 的准入码', '凭此准入码改到此场'],
  ])(
    '%s: asks for the access code of a session that needs one and says in place when it is wrong',
    async (locale, moveLabel, codeLabel, confirm) => {
      const en = locale === 'en-US';
      const open = registrationFixture();
      const invited = examFixture({
        id: '0192f0c0-0000-7000-8000-000000000103',
        name: { zh: '汉语水平考试四级（俱乐部）', en: 'HSK Level 4 (Club)' },
        requiresAccessCode: true,
      });
      const calls = serve({
        [`GET /api/front/registrations/${open.id}`]: () => ok(open),
        [`GET /api/front/registrations/${open.id}/change-options`]: () => ok([invited]),
        [`POST /api/front/registrations/${open.id}/change`]: (call) =>
          (call.body as { accessCode?: string }).accessCode === 'CLUB2026'
            ? ok({ registration: { ...open, exam: invited }, order: null, payment: null, refundFen: 0 })
            : err('ACCESS_CODE_INVALID'),
      });
      loginAs(locale);
      render(
        <TestBrowser
          location={{ pathname: '/home/singleRegistration', search: `?registrationId=${open.id}&change=1` }}
        />,
      );
      const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
      expect(await within(dialog).findByText(en ? 'Access code needed' : '需要准入码')).toBeInTheDocument();
      await user.click(await within(dialog).findByLabelText(moveLabel));
      const changes = () => calls.filter((call) => call.url === `/api/front/registrations/${open.id}/change`);
      expect(changes()).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(codeLabel), 'WRONG');
      await user.click(within(dialog).getByText(confirm));
      const wrong = en
        ? 'This exam needs its access code, and the code entered is wrong.'
        : '该考试需要准入码，您输入的准入码不正确。';
      expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
      expect(changes().map((call) => call.body)).toEqual([{ examId: invited.id, accessCode: 'WRONG' }]);

      await user.clear(within(dialog).getByLabelText(codeLabel));
      await user.type(within(dialog).getByLabelText(codeLabel), ' CLUB2026 ');
      await user.click(within(dialog).getByText(confirm));
      const moved = en
        ? 'Your reservation was moved to HSK Level 4 (Club).'
        : '您的预约已改到 汉语水平考试四级（俱乐部）。';
      expect(await screen.findByText(moved)).toBeInTheDocument();
      expect(changes()[1]?.body).toEqual({ examId: invited.id, accessCode: 'CLUB2026' });
    },
  );

  it.each([
    {
      locale: 'en-US',
      done: 'Registration complete',
      ticket: 'View ticket',
      note: 'Your group coordinator, 王老师, booked and paid for this seat, so only they can change or cancel it: ask them if you need to.',
    },
    {
      locale: 'zh-CN',
      done: '报名成功',
      ticket: '查看准考证',
      note: '该座位由团体报名负责人王老师预订并付款，只有负责人可以更改或取消。如需更改或取消，请联系负责人。',
    },
  ])('$locale: a seat the group coordinator paid for offers no change or cancel, and says whom to ask', async (t) => {
    const seat = registrationFixture({ canChange: false, canCancel: false, groupSeat: { coordinatorName: '王老师' } });
    const calls = serve({
      [`GET /api/front/registrations/${seat.id}`]: () => ok(seat),
    });
    loginAs(t.locale);
    render(
      <TestBrowser
        location={{ pathname: '/home/singleRegistration', search: `?registrationId=${seat.id}&change=1` }}
      />,
    );
    expect(await screen.findByText(t.done, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(t.note)).toBeInTheDocument();
    expect(button(t.ticket)).toBeEnabled();
    const actions = button(t.ticket).parentElement as HTMLElement;
    expect(actions.querySelectorAll('button')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/change-options'))).toHaveLength(0);
  });

  it('resumes the QR of a pending registration', async () => {
    const pending = registrationFixture({ status: 'pending', canChange: false, canCancel: false });
    serve({
      [`GET /api/front/registrations/${pending.id}`]: () => ok(pending),
      [`GET /api/front/orders/${order.id}`]: () => ok(orderFixture()),
    });
    loginAs('en-US');
    render(
      <TestBrowser location={{ pathname: '/home/singleRegistration', search: `?registrationId=${pending.id}` }} />,
    );
    expect(await screen.findByText('Please Scan QrCode For Payment', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Payment QR code, CN¥135.81' })).toBeInTheDocument();
  });

  it('says when the time to pay has run out and starts again from the exam', async () => {
    const pending = registrationFixture({ status: 'pending', canChange: false, canCancel: false });
    const expired = orderFixture({
      status: 'expired',
      qrContent: null,
      expiresAt: new Date(Date.now() - 1_000).toISOString(),
    });
    serve({
      [`GET /api/front/registrations/${pending.id}`]: () => ok(pending),
      [`GET /api/front/orders/${order.id}`]: () => ok(expired),
    });
    loginAs('en-US');
    render(
      <TestBrowser location={{ pathname: '/home/singleRegistration', search: `?registrationId=${pending.id}` }} />,
    );
    expect(
      await screen.findByText(
        'The time to pay has run out and the seat was released. Nothing was charged.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Payment QR code/ })).not.toBeInTheDocument();
    await user.click(button('Start again'));
    const { history } = await import('@umijs/max');
    await waitFor(() => expect(history.location.search).toBe(`?examId=${exam.id}`));
  });
});

describe('keyboard and screen reader users land where the page moved', () => {
  it('moves the focus to each new step’s heading: Check Out, back to Details, then Done after paying', async () => {
    bookingServer({
      [`GET /api/front/orders/${order.id}`]: () => ok(orderFixture({ status: 'paid', qrContent: null })),
      [`GET /api/front/registrations/${registration.id}`]: () => ok(registrationFixture()),
    });
    await openCheckout();
    // Arriving on the page leaves the focus where the page put it.
    expect(screen.getByRole('heading', { name: 'Details' })).not.toHaveFocus();
    await user.click(button('Continue to check out'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check Out' })).toHaveFocus());
    await user.click(button('Back'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Details' })).toHaveFocus());
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    await user.click(button('Pay now'));
    const done = await screen.findByRole('heading', { name: 'Registration complete' }, { timeout: 6_000 });
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('puts the focus on Keep it in the cancel confirmation, and cancels only from there', async () => {
    const open = registrationFixture();
    const calls = serve({ [`GET /api/front/registrations/${open.id}`]: () => ok(open) });
    loginAs('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?registrationId=${open.id}` }} />);
    await screen.findByText('报名成功', {}, { timeout: 15_000 });
    await user.click(button('取消报名'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定取消本次报名吗？已付款项将退还。', { selector: 'span' })).toBeInTheDocument();
    await waitFor(() => expect(within(confirm).getByText('保 留').closest('button')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
  });
});

describe('money is what the screen said before paying', () => {
  it.each([
    ['en-US', 'This exam is less than 72 hours away: once paid, this registration cannot be changed or canceled.'],
    ['zh-CN', '距离考试已不足 72 小时：支付后将无法更改或取消本次报名。'],
  ])(
    '%s: warns at Check Out, before Pay now, that an exam inside 72 hours cannot be changed later',
    async (locale, warning) => {
      const soon = examFixture({ startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString() });
      bookingServer({
        [`GET ${EXAM_URL}`]: () => ok(soon),
        'POST /api/front/checkout/quote': () => ok({ ...quoteOf(undefined), testDate: soon.startsAt }),
      });
      await openCheckout(locale);
      await user.click(button(locale === 'en-US' ? 'Continue to check out' : '去结算'));
      expect(await screen.findByText(warning)).toBeInTheDocument();
    },
  );

  it('says nothing of the lock for an exam further away', async () => {
    bookingServer();
    await openCheckout();
    await user.click(button('Continue to check out'));
    await screen.findByRole('heading', { name: 'Check Out' });
    expect(screen.queryByText(/less than 72 hours away/)).not.toBeInTheDocument();
  });

  it('shows the difference a dearer session costs and moves only once it is confirmed', async () => {
    const open = registrationFixture();
    const dearer = examFixture({
      id: '0192f0c0-0000-7000-8000-000000000104',
      name: { zh: '汉语水平考试四级（周六）', en: 'HSK Level 4 (Saturday)' },
      feeFen: 18_000,
    });
    const calls = serve({
      [`GET /api/front/registrations/${open.id}`]: () => ok(open),
      [`GET /api/front/registrations/${open.id}/change-options`]: () => ok([dearer]),
      [`POST /api/front/registrations/${open.id}/change`]: () =>
        ok({
          registration: open,
          order: orderFixture({ purpose: 'change' }),
          payment: { qrContent: order.qrContent },
          refundFen: 0,
        }),
    });
    loginAs('en-US');
    render(
      <TestBrowser
        location={{ pathname: '/home/singleRegistration', search: `?registrationId=${open.id}&change=1` }}
      />,
    );
    await user.click(await screen.findByLabelText(/^Move to HSK Level 4 \(Saturday\) on /, {}, { timeout: 15_000 }));
    const changes = () => calls.filter((call) => call.url.endsWith('/change'));
    expect(
      await screen.findByText(
        'Moving to HSK Level 4 (Saturday) costs CN¥30.00 more. You pay the difference next, and the reservation moves once it is paid.',
      ),
    ).toBeInTheDocument();
    expect(changes()).toHaveLength(0);
    const pay = button('Move and pay CN¥30.00');
    expect(pay).toHaveFocus();

    await user.click(button('Not now'));
    expect(screen.queryByText(/costs CN¥30.00 more/)).not.toBeInTheDocument();
    expect(changes()).toHaveLength(0);

    await user.click(screen.getByLabelText(/^Move to HSK Level 4 \(Saturday\) on /));
    await user.click(button('Move and pay CN¥30.00'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    expect(changes().map((call) => call.body)).toEqual([{ examId: dearer.id }]);
  });
});
