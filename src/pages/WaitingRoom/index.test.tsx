import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, loginAs, ok, serve } from '@/testing/fakeServer';
import { examFixture, orderFixture, registrationFixture } from '@/testing/fixtures';
import { readAdmission, saveAdmission } from '@/utils/admission';

const exam = examFixture({ waitingRoom: true });
const QUEUE_URL = `/api/front/exams/${exam.id}/queue`;
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const MINUTE = 60_000;

/** A status answer: in line by default, with the server's clock where the test puts it. */
function statusOf(overrides: Record<string, unknown> = {}, serverTime = new Date()) {
  return {
    examId: exam.id,
    state: 'waiting',
    opensAt: null,
    serverTime: serverTime.toISOString(),
    position: 42,
    ahead: 41,
    estimatedWaitSeconds: 150,
    nextCheckSeconds: 1,
    admission: null,
    ...overrides,
  };
}

const admitted = (expiresAt = new Date(Date.now() + 10 * MINUTE).toISOString()) =>
  statusOf({
    state: 'admitted',
    position: null,
    ahead: null,
    estimatedWaitSeconds: null,
    nextCheckSeconds: 60,
    admission: { token: 'signed-admission', expiresAt },
  });

const queueCalls = (calls: Call[]) => calls.filter((call) => call.url === QUEUE_URL);

/** The room's server; `askedAt` gets the device's time of every join and status question. */
function roomServer(answers: { join: () => unknown; status?: () => unknown }, askedAt: number[] = []) {
  return serve({
    [`GET /api/front/exams/${exam.id}`]: () => ok(exam),
    [`POST ${QUEUE_URL}`]: () => {
      askedAt.push(Date.now());
      return ok(answers.join());
    },
    [`GET ${QUEUE_URL}`]: () => {
      askedAt.push(Date.now());
      return ok((answers.status ?? answers.join)());
    },
  });
}

function openRoom(locale = 'en-US', search = '') {
  loginAs(locale);
  render(<TestBrowser location={{ pathname: `/home/exams/${exam.id}/queue`, search }} />);
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  visibility = 'visible';
  sessionStorage.clear();
});

describe('waiting room', () => {
  it("counts down to the opening on the server's clock, not the phone's, and says early arrival earns nothing", async () => {
    // The server's clock is two days ahead of this device's: a countdown on the device's clock would show days.
    const serverTime = new Date(Date.now() + 2 * 24 * 60 * MINUTE);
    const opensAt = new Date(serverTime.getTime() + (62 * 60 + 5) * 1000).toISOString();
    roomServer({
      join: () =>
        statusOf(
          { state: 'not_open', opensAt, position: null, ahead: null, estimatedWaitSeconds: null, nextCheckSeconds: 30 },
          serverTime,
        ),
    });
    openRoom();
    const timer = await screen.findByRole('timer', {}, { timeout: 15_000 });
    expect(timer).toHaveAccessibleName('Registration opens in');
    expect(timer.textContent).toMatch(/^01:02:0[2-5]$/);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Arriving early earns nothing: when registration opens, everyone here gets a random place in line.',
    );
    // The live region holds the opening time, not the ticking seconds.
    expect(screen.getByRole('status')).not.toHaveTextContent(/01:02/);
    const before = timer.textContent;
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(before), { timeout: 3_000 });
  });

  it('shows the place, the people ahead and the wait, asking again only when the server said and not while hidden', async () => {
    let place = 42;
    const askedAt: number[] = [];
    const calls = roomServer(
      {
        join: () => statusOf(),
        status: () => {
          place -= 10;
          return statusOf({ position: place, ahead: place - 1, estimatedWaitSeconds: 45, nextCheckSeconds: 2 });
        },
      },
      askedAt,
    );
    openRoom();
    const status = await screen.findByRole('status', {}, { timeout: 15_000 });
    await waitFor(() => expect(status).toHaveTextContent('Your place42'));
    expect(status).toHaveTextContent('People ahead of you41');
    expect(status).toHaveTextContent('Estimated waitAbout 3 minutes');

    // The join said 1 s, the next answer 2 s: the calls come no sooner.
    await waitFor(() => expect(status).toHaveTextContent('Your place22'), { timeout: 5_000 });
    const [join, first, second] = queueCalls(calls);
    expect(join.method).toBe('POST');
    expect(first.method).toBe('GET');
    expect(second.method).toBe('GET');
    expect(status).toHaveTextContent('Estimated waitUnder a minute');
    expect(askedAt[1] - askedAt[0]).toBeGreaterThanOrEqual(1_000);
    expect(askedAt[2] - askedAt[1]).toBeGreaterThanOrEqual(2_000);
    expect(askedAt[2] - askedAt[1]).toBeLessThan(3_000);

    // Hidden: no question even once the time has come; visible again: asked at once.
    setVisibility('hidden');
    const asked = queueCalls(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(queueCalls(calls)).toHaveLength(asked);
    setVisibility('visible');
    await waitFor(() => expect(queueCalls(calls)).toHaveLength(asked + 1), { timeout: 500 });
  });

  it("says it's your turn with the admission's expiry and continues to booking with the token", async () => {
    const expiresAt = '2030-06-01T02:10:00.000Z';
    const calls = serve({
      [`GET /api/front/exams/${exam.id}`]: () => ok(exam),
      [`POST ${QUEUE_URL}`]: () => ok(admitted(expiresAt)),
      'GET /api/front/profile': () => ok({ complete: true, missing: [] }),
      'POST /api/front/checkout/quote': () =>
        ok({
          ...orderFixture().breakdown,
          examId: exam.id,
          testDate: exam.startsAt,
          promoCode: null,
          referralCode: null,
        }),
      'POST /api/front/student-registration': () =>
        ok({
          registration: registrationFixture({ status: 'pending' }),
          order: orderFixture(),
          payment: { qrContent: 'sandbox://pay' },
        }),
    });
    openRoom();
    expect(await screen.findByRole('heading', { name: "It's your turn" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Book before 2030-06-01 10:10 GMT+8: your admission expires then.')).toBeInTheDocument();
    const go = screen.getByRole('button', { name: 'Continue to booking' });
    await waitFor(() => expect(go).toHaveFocus());
    expect(readAdmission(exam.id)?.token).toBe('signed-admission');

    await user.click(go);
    await user.click(await screen.findByRole('button', { name: 'Continue to check out' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    await screen.findByText('Please Scan QrCode For Payment');
    const booking = calls.find((call) => call.url === '/api/front/student-registration');
    expect(booking?.body).toMatchObject({ examId: exam.id, admissionToken: 'signed-admission' });
    // Admitted ends the questions: the one join was all.
    expect(queueCalls(calls)).toHaveLength(1);
  });

  it('ends the line when sold out, with a way back to the exams and no more questions', async () => {
    const calls = roomServer({
      join: () =>
        statusOf({ state: 'sold_out', position: null, ahead: null, estimatedWaitSeconds: null, nextCheckSeconds: 1 }),
    });
    openRoom('zh-CN');
    expect(await screen.findByRole('heading', { name: '名额已满' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回考试列表' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '名额已满' })).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(queueCalls(calls)).toHaveLength(1);
  });

  it('brings a candidate whose admission expired back from booking to the room, saying why, and queues again', async () => {
    saveAdmission(exam.id, { token: 'old-admission', expiresAt: new Date(Date.now() - MINUTE).toISOString() });
    const calls = serve({
      [`GET /api/front/exams/${exam.id}`]: () => ok(exam),
      'GET /api/front/profile': () => ok({ complete: true, missing: [] }),
      'POST /api/front/checkout/quote': () =>
        ok({
          ...orderFixture().breakdown,
          examId: exam.id,
          testDate: exam.startsAt,
          promoCode: null,
          referralCode: null,
        }),
      'POST /api/front/student-registration': () => err('ADMISSION_EXPIRED'),
      [`POST ${QUEUE_URL}`]: () => ok(statusOf({ nextCheckSeconds: 30 })),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?examId=${exam.id}` }} />);
    await user.click(await screen.findByRole('button', { name: 'Continue to check out' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));

    expect(
      await screen.findByText(
        'Your admission has expired. Please join the waiting room again.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting room' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your place42'));
    expect(readAdmission(exam.id)).toBeNull();
    const booking = calls.find((call) => call.url === '/api/front/student-registration');
    expect(booking?.body).toMatchObject({ admissionToken: 'old-admission' });
  });

  it('sends a candidate without an admission from booking to the room', async () => {
    const calls = serve({
      [`GET /api/front/exams/${exam.id}`]: () => ok(exam),
      'GET /api/front/profile': () => ok({ complete: true, missing: [] }),
      [`POST ${QUEUE_URL}`]: () => ok(statusOf({ nextCheckSeconds: 30 })),
    });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/singleRegistration', search: `?examId=${exam.id}` }} />);
    expect(
      await screen.findByText(
        'This exam has a waiting room: join it and book once you are admitted.',
        {},
        {
          timeout: 15_000,
        },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(queueCalls(calls)).toHaveLength(1));
    expect(calls.some((call) => call.url === '/api/front/checkout/quote')).toBe(false);
  });
});
