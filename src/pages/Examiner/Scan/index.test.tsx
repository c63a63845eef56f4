import '../testing/webCrypto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { type Call, err, ok, type Route, serve } from '@/testing/fakeServer';
import { examFixture } from '@/testing/fixtures';
import { decodersStarted, hold, installCamera } from '../testing/fakeCamera';

const EXAM_ID = '0192f0c0-0000-7000-8000-000000000101';
const OTHER_EXAM_ID = '0192f0c0-0000-7000-8000-000000000102';
const uuid = (n: number) => `0192f0c0-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const EXAMINER = { id: uuid(7001), kind: 'examiner', phone: '+8613900139000', name: 'Zhao Min', avatar_small: null };
const KID = 'test-key';

function candidate(n: number, overrides: Record<string, unknown> = {}) {
  return {
    registrationId: uuid(5000 + n),
    name: ['Li Lei', 'Han Meimei', 'Wang Fang'][n] ?? `Candidate ${n}`,
    maskedIdNumber: '110105********002X',
    phone: `+861380013800${n}`,
    avatar_small: null,
    photoUrl: null,
    seat: null,
    otherRoom: false,
    status: 'register',
    checkedInAt: null,
    ...overrides,
  };
}

let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };

beforeAll(async () => {
  keys = await generateKeyPair('EdDSA', { extractable: true });
  const { x } = await exportJWK(keys.publicKey);
  publicJwk = { kty: 'OKP', crv: 'Ed25519', x: x ?? '' };
});

/** A ticket token as server/domain/tickets.ts signs it: `sub` the registration, `exam` the exam. */
function ticketToken(registrationId: string, examId = EXAM_ID, expiresAt: string | number = '1d') {
  return new SignJWT({ exam: examId })
    .setProtectedHeader({ alg: 'EdDSA', kid: KID })
    .setSubject(registrationId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(keys.privateKey);
}

/** The same token naming another registration, with the original signature. */
function tampered(token: string, registrationId: string) {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: registrationId })).toString('base64url');
  return [header, forged, signature].join('.');
}

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

let checkedIn = 0;
const examinerRoutes = (routes: Record<string, Route>, room: { id: string; name: string } | null = null): Call[] => {
  checkedIn = 0;
  return serve({
    'GET /api/front/currentUser': () => ok(EXAMINER),
    'GET /api/front/tickets/public-key': () => ok({ alg: 'EdDSA', kid: KID, jwk: publicJwk }),
    'GET /api/examiner/exams': () => ok([{ ...examFixture(), expected: 3, checkedIn, room }]),
    ...routes,
  });
};

const candidatePath = (n: number) => `GET /api/examiner/exams/${EXAM_ID}/registrations/${uuid(5000 + n)}`;
const CHECKIN = `POST /api/examiner/exams/${EXAM_ID}/checkin`;
/** A button by its text (role queries walk antd's whole layout on every poll, which is slow in jsdom). */
const button = async (name: string) =>
  (await screen.findByText(name, { selector: 'button span' }, { timeout: 5_000 })).closest('button') as HTMLElement;
const noButton = (name: string) =>
  expect(screen.queryByText(name, { selector: 'button span' })).not.toBeInTheDocument();

const examinerCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/examiner/exams/'));

async function openScanPage(camera: 'granted' | 'denied' = 'granted') {
  installCamera(camera);
  localStorage.clear();
  localStorage.setItem('umi_locale', 'en-US');
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', 'examiner');
  render(<TestBrowser location={{ pathname: '/home/examiner/scan', search: `?examId=${EXAM_ID}` }} />);
  expect(await screen.findByText('Checked in 0 of 3', {}, { timeout: 15_000 })).toBeInTheDocument();
}

describe('the examiner scan page', () => {
  it('verifies a scanned ticket, shows the candidate for the identity check and checks them in', async () => {
    const calls = examinerRoutes({
      [candidatePath(0)]: () => ok(candidate(0)),
      [CHECKIN]: () => {
        checkedIn = 1;
        return ok({
          candidate: candidate(0, { status: 'checkin', checkedInAt: new Date().toISOString() }),
          alreadyCheckedIn: false,
        });
      },
    });
    await openScanPage();
    expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();
    const token = await ticketToken(uuid(5000));
    hold(token);

    const card = (await screen.findByText('Compare with the identity card', {}, { timeout: 5_000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(card).getByText('Li Lei')).toBeInTheDocument();
    expect(within(card).getByText('110105********002X')).toBeInTheDocument();
    expect(within(card).getByText('Registered')).toBeInTheDocument();
    const checkIn = within(card).getByText('Check in').closest('button');
    await waitFor(() => expect(checkIn).toHaveFocus());
    await person.keyboard('{Enter}');

    expect(await screen.findByText('Li Lei is checked in.')).toBeInTheDocument();
    expect(await screen.findByText('Checked in 1 of 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token });

    // The ticket stays in front of the camera: it is not handled again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(examinerCalls(calls).filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('refuses a tampered, expired or other-exam ticket at once, without asking the server', async () => {
    const calls = examinerRoutes({});
    await openScanPage();
    await screen.findByText('Point the camera at the QR code on the ticket.');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/front/tickets/public-key')).toBe(true));
    const before = calls.length;

    hold(tampered(await ticketToken(uuid(5000)), uuid(5001)));
    expect(await screen.findByText('This is not a valid ticket.', {}, { timeout: 5_000 })).toBeInTheDocument();
    hold('https://example.com/not-a-ticket');
    await waitFor(() => expect(screen.getAllByText('This is not a valid ticket.')).toHaveLength(1));
    hold(await ticketToken(uuid(5000), EXAM_ID, Math.floor(Date.now() / 1000) - 60));
    expect(
      await screen.findByText('This ticket has expired: its exam is over.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    hold(await ticketToken(uuid(5000), OTHER_EXAM_ID));
    expect(await screen.findByText('This ticket is for another exam.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.length).toBe(before);
  });

  it('says when a candidate was already checked in, in the exam time zone', async () => {
    examinerRoutes({
      [candidatePath(0)]: () => ok(candidate(0)),
      // Another examiner at the other door was quicker: 07:35 in Beijing.
      [CHECKIN]: () =>
        ok({
          candidate: candidate(0, { status: 'checkin', checkedInAt: '2026-03-01T23:35:00.000Z' }),
          alreadyCheckedIn: true,
        }),
      [candidatePath(1)]: () => ok(candidate(1, { status: 'checkin', checkedInAt: '2026-03-01T23:41:00.000Z' })),
    });
    await openScanPage();
    hold(await ticketToken(uuid(5000)));
    await person.click(await button('Check in'));
    expect(await screen.findByText('Already checked in at 07:35')).toBeInTheDocument();

    // A second scan of a checked-in ticket says so at once, without a Check in button.
    hold(await ticketToken(uuid(5001)));
    expect(await screen.findByText('Already checked in at 07:41', {}, { timeout: 5_000 })).toBeInTheDocument();
    noButton('Check in');
  });

  it('refuses a canceled registration, whether the scan or the check-in finds it', async () => {
    examinerRoutes({
      [candidatePath(0)]: () => ok(candidate(0, { status: 'canceled' })),
      [candidatePath(1)]: () => ok(candidate(1)),
      [CHECKIN]: () => err('TICKET_CANCELED'),
    });
    await openScanPage();
    hold(await ticketToken(uuid(5000)));
    expect(
      await screen.findByText('This registration was canceled: do not admit.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    noButton('Check in');

    hold(await ticketToken(uuid(5001)));
    await person.click(await button('Check in'));
    const refusal = await screen.findByText('This registration was canceled: do not admit.');
    expect(within(refusal.closest('.ant-alert') as HTMLElement).getByText('Han Meimei')).toBeInTheDocument();
  });

  it('names an exam not assigned to this examiner in the page heading', async () => {
    examinerRoutes({});
    installCamera('granted');
    localStorage.clear();
    localStorage.setItem('umi_locale', 'en-US');
    localStorage.setItem('access_token', 'token-1');
    localStorage.setItem('type', 'examiner');
    render(<TestBrowser location={{ pathname: '/home/examiner/scan', search: `?examId=${OTHER_EXAM_ID}` }} />);
    const heading = await screen.findByText('This exam is not assigned to you.', {}, { timeout: 15_000 });
    expect(heading.tagName).toBe('H1');
  });

  it('starts the QR decoder only once the camera is granted', async () => {
    examinerRoutes({});
    await openScanPage('denied');
    expect(await screen.findByText(/^Camera access was denied\./)).toBeInTheDocument();
    expect(decodersStarted()).toBe(0);
  });

  it('starts the decoder when the camera is granted', async () => {
    examinerRoutes({});
    await openScanPage('granted');
    expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();
    expect(decodersStarted()).toBe(1);
  });

  it('asks for a login, coming back here, when the session ends during a scan', async () => {
    examinerRoutes({ [candidatePath(0)]: () => err('UNAUTHORIZED') });
    await openScanPage();
    hold(await ticketToken(uuid(5000)));
    const { history } = await import('@umijs/max');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 5_000 });
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe(`/home/examiner/scan?examId=${EXAM_ID}`);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('goes back to scanning when the examiner cancels the identity check', async () => {
    const calls = examinerRoutes({ [candidatePath(0)]: () => ok(candidate(0)) });
    await openScanPage();
    hold(await ticketToken(uuid(5000)));
    await person.click(await button('Cancel'));
    expect(screen.queryByText('Compare with the identity card')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('finds a candidate by phone or ID number and checks them in by registration', async () => {
    const calls = examinerRoutes({
      [`GET /api/examiner/exams/${EXAM_ID}/candidates`]: (call) =>
        ok(call.params.q === '13800138002' ? [candidate(2)] : []),
      [CHECKIN]: () => {
        checkedIn = 1;
        return ok({
          candidate: candidate(2, { status: 'checkin', checkedInAt: new Date().toISOString() }),
          alreadyCheckedIn: false,
        });
      },
    });
    await openScanPage('denied');
    expect(
      screen.getByText(
        'Camera access was denied. Allow the camera for this site in the browser settings and reload, or find candidates by phone or ID number below.',
      ),
    ).toBeInTheDocument();

    const field = screen.getByLabelText('Phone or ID number');
    await person.type(field, '138');
    await person.click(await button('Find'));
    expect(screen.getByText('Enter a whole mobile number or a whole ID card number.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await person.type(field, '00138002{Enter}');
    await person.click(await screen.findByLabelText('Check in Wang Fang'));
    expect(await screen.findByText('Wang Fang is checked in.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ registrationId: uuid(5002) });
    expect(await screen.findByText('Checked in 1 of 3')).toBeInTheDocument();
  });

  it('shows the photo, room and seat; warns of a candidate seated in another room, who may still be checked in', async () => {
    const room101 = { id: uuid(8101), name: '101' };
    const seat = (roomId: number, room: string, n: number) => ({
      roomId: uuid(roomId),
      room,
      building: 'A',
      floor: '3',
      seat: n,
    });
    const calls = examinerRoutes(
      {
        [candidatePath(0)]: () => ok(candidate(0, { photoUrl: '/api/front/avatars/p0', seat: seat(8101, '101', 4) })),
        [candidatePath(1)]: () => ok(candidate(1, { seat: seat(8102, '102', 17), otherRoom: true })),
        [CHECKIN]: () =>
          ok({
            candidate: candidate(1, { status: 'checkin', checkedInAt: new Date().toISOString(), otherRoom: true }),
            alreadyCheckedIn: false,
          }),
      },
      room101,
    );
    await openScanPage();
    expect(screen.getByText('Your door: room 101')).toBeInTheDocument();

    hold(await ticketToken(uuid(5000)));
    const card = (await screen.findByText('Compare with the identity card', {}, { timeout: 5_000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(card).getByAltText('Photo of Li Lei')).toHaveAttribute('src', '/api/front/avatars/p0');
    expect(within(card).getByText('101')).toBeInTheDocument();
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByText('A · floor 3')).toBeInTheDocument();
    expect(within(card).queryByText(/Another room/)).not.toBeInTheDocument();
    await person.click(await button('Cancel'));

    hold(await ticketToken(uuid(5001)));
    expect(await screen.findByText('Another room: 102, seat 17', {}, { timeout: 5_000 })).toBeInTheDocument();
    // Sending them on is the focused act; Enter does not check a wrong-room candidate in by habit.
    await waitFor(() => expect(screen.getByText('Send to room 102').closest('button')).toHaveFocus());
    noButton('Check in');
    await person.click(await button('Check in here anyway'));
    expect(await screen.findByText('Han Meimei is checked in.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
