import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import dayjs from 'dayjs';
import { callsTo, err, ok, type Route } from '@/testing/fakeServer';
import {
  CENTER_PROFILE,
  centerExamFixture,
  EMPTY_CENTER_PROFILE,
  EXAM_ID,
  loginAsCenter,
  serveCenter,
} from './testing/centerFixtures';

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const button = (name: string, within: HTMLElement | Document = document) =>
  [...within.querySelectorAll('button')].find((candidate) => candidate.textContent === name) as HTMLButtonElement;

const CATEGORY = { id: '0192f0c0-0000-7000-8000-000000000001', code: 'language', name: { zh: '语言', en: 'Language' } };
const exam = centerExamFixture();
/** Held yesterday: it can no longer be changed or canceled. */
const held = centerExamFixture({
  id: '0192f0c0-0000-7000-8000-000000000102',
  code: 'HSK-3',
  name: { zh: '汉语水平考试三级', en: 'HSK Level 3' },
  startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  seatsTaken: 10,
  counts: { pending: 0, register: 1, checkin: 9, completed: 0, canceled: 0 },
});

function consoleServer(profile = CENTER_PROFILE, routes: Record<string, Route> = {}) {
  return serveCenter({
    'GET /api/center/profile': () => ok(profile),
    'GET /api/center/exams': () => ok({ list: [held, exam], total: 2, current: 1, pageSize: 10 }),
    'GET /api/front/categories': () => ok([CATEGORY]),
    'GET /api/front/organizations': () => ok([]),
    ...routes,
  });
}

async function openConsole(locale = 'en-US') {
  loginAsCenter(locale);
  render(<TestBrowser location={{ pathname: '/home/center' }} />);
  await screen.findByText('HSK Level 4', {}, { timeout: 15_000 });
}

/** Puts `value` into the field labelled `label` as a paste (typing it key by key takes seconds in jsdom). */
async function enter(dialog: HTMLElement, label: string, value: string) {
  await person.click(within(dialog).getByLabelText(label));
  await person.paste(value);
}

/** Enters a date and time into the picker labelled `label` and confirms it as a person does. */
async function pickDateTime(dialog: HTMLElement, label: string, value: string) {
  await person.clear(within(dialog).getByLabelText(label));
  await person.paste(value);
  await person.keyboard('{Enter}');
}

async function fillExam(startsAt: string, registrationEndsAt: string, capacity: string) {
  await person.click(button('Create exam'));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  await enter(dialog, 'Exam code', 'hsk-5-2027-01');
  await person.click(within(dialog).getByLabelText('Category'));
  await person.click(await screen.findByTitle('Language'));
  await enter(dialog, 'Name in Chinese', '汉语水平考试五级');
  await enter(dialog, 'Name in English', 'HSK Level 5');
  await enter(dialog, 'Location in Chinese', '北京市示例路 1 号');
  await enter(dialog, 'Location in English', '1 Example Road, Beijing');
  await pickDateTime(dialog, 'Start', startsAt);
  await pickDateTime(dialog, 'Registration ends', registrationEndsAt);
  await enter(dialog, 'Fee (yuan)', '199.5');
  await enter(dialog, 'Capacity', capacity);
  return dialog;
}

const later = (days: number, time: string) => `${dayjs().add(days, 'day').format('YYYY-MM-DD')} ${time}`;

describe('test center console', () => {
  it("lists the center's exams with their date in the exam's zone, status, seats and candidates", async () => {
    consoleServer();
    await openConsole();
    const row = screen.getByText('HSK Level 4').closest('tr') as HTMLElement;
    expect(within(row).getByText('HSK-4')).toBeInTheDocument();
    expect(
      within(row).getByText(`${dayjs(exam.startsAt).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')} GMT+8`),
    ).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('12 of 40 taken')).toBeInTheDocument();
    expect(within(row).getByText('Registered: 10')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting payment: 2')).toBeInTheDocument();
    expect(within(row).getByLabelText('Open HSK Level 4')).toHaveAttribute('href', `/home/center/exams/${EXAM_ID}`);
    const table = row.closest('table') as HTMLElement;
    expect(document.getElementById(table.getAttribute('aria-labelledby') ?? '')).toHaveTextContent('Exams');
    expect(within(row).getByLabelText('Edit HSK Level 4')).toBeInTheDocument();

    const started = screen.getByText('HSK Level 3').closest('tr') as HTMLElement;
    expect(within(started).getByText('Checked in: 9')).toBeInTheDocument();
    expect(within(started).queryByText('Edit')).not.toBeInTheDocument();
    expect(within(started).queryByText('Cancel exam')).not.toBeInTheDocument();
  });

  it("says the operators' verification until approved, with a rejection's reason", async () => {
    const reason = 'The license photo is unreadable.';
    const verification = { status: 'rejected' as const, reason, decidedAt: '2026-11-24T02:00:00.000Z' };
    consoleServer({ ...CENTER_PROFILE, verification });
    await openConsole();
    expect(screen.getByText(/Your center was not approved/)).toBeInTheDocument();
    expect(screen.getByText(`Reason: ${reason}`)).toBeInTheDocument();
  });

  it('says nothing of verification once approved', async () => {
    const verification = { status: 'approved' as const, reason: null, decidedAt: '2026-11-24T02:00:00.000Z' };
    consoleServer({ ...CENTER_PROFILE, verification });
    await openConsole();
    expect(screen.queryByText(/verification|not approved|suspended/)).not.toBeInTheDocument();
  });

  it('says an incomplete profile keeps it from creating exams, and leads to the profile', async () => {
    consoleServer(EMPTY_CENTER_PROFILE);
    await openConsole();
    expect(
      await screen.findByText('The test center profile is incomplete, so exams cannot be created yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Complete the test center profile').closest('a')).toHaveAttribute(
      'href',
      '/home/profile?redirect=%2Fhome%2Fcenter',
    );
    expect(button('Create exam')).toBeDisabled();
  });

  it('refuses a registration end after the start and a capacity over the center’s without asking the server', async () => {
    const calls = consoleServer({ ...CENTER_PROFILE, capacity: 30 });
    await openConsole();
    await person.click(button('Create exam'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await pickDateTime(dialog, 'Start', later(20, '09:00'));
    await pickDateTime(dialog, 'Registration ends', later(21, '18:00'));
    await pickDateTime(dialog, 'Registration opens (optional)', later(22, '09:00'));
    await enter(dialog, 'Capacity', '40');
    await person.click(button('Create', dialog));
    expect(await within(dialog).findByText('Registration must end before the exam starts.')).toBeInTheDocument();
    expect(within(dialog).getByText('Registration must open before it ends.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The capacity is a whole number from 1 to 30, the capacity of the center.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('At most 30, the capacity of the center.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/center/exams')).toEqual([]);
  });

  it('creates an exam with its times in the exam zone, the fee in fen and a waiting room, then lists it', async () => {
    const calls = consoleServer(CENTER_PROFILE, { 'POST /api/center/exams': () => ok(exam) });
    await openConsole();
    const dialog = await fillExam(later(20, '09:00'), later(15, '18:00'), '40');
    await pickDateTime(dialog, 'Registration opens (optional)', later(2, '10:00'));
    await person.click(within(dialog).getByRole('switch', { name: 'Waiting room' }));
    await person.click(button('Create', dialog));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/center/exams')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/center/exams')[0].body).toEqual({
      code: 'HSK-5-2027-01',
      name: { zh: '汉语水平考试五级', en: 'HSK Level 5' },
      categoryId: CATEGORY.id,
      organizationId: null,
      location: { zh: '北京市示例路 1 号', en: '1 Example Road, Beijing' },
      startsAt: `${dayjs().add(20, 'day').format('YYYY-MM-DD')}T09:00:00+08:00`,
      registrationEndsAt: `${dayjs().add(15, 'day').format('YYYY-MM-DD')}T18:00:00+08:00`,
      registrationOpensAt: `${dayjs().add(2, 'day').format('YYYY-MM-DD')}T10:00:00+08:00`,
      waitingRoom: true,
      feeFen: 19_950,
      capacity: 40,
      arrivalLeadMinutes: 30,
      accessCode: null,
    });
    expect(await screen.findByText('HSK Level 4 has been created.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/center/exams')).toHaveLength(2));
  });

  it("edits an exam with its saved values, times on the exam zone's clock", async () => {
    const calls = consoleServer(CENTER_PROFILE, {
      [`PUT /api/center/exams/${EXAM_ID}`]: (call) => ok({ ...exam, ...(call.body as object) }),
    });
    await openConsole();
    await person.click(screen.getByLabelText('Edit HSK Level 4'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Start')).toHaveValue(
      dayjs(exam.startsAt).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm'),
    );
    await person.clear(within(dialog).getByLabelText('Fee (yuan)'));
    await enter(dialog, 'Fee (yuan)', '0');
    await person.click(button('Save', dialog));
    await waitFor(() => expect(callsTo(calls, 'PUT', `/api/center/exams/${EXAM_ID}`)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', `/api/center/exams/${EXAM_ID}`)[0].body).toEqual({
      code: 'HSK-4',
      name: exam.name,
      categoryId: exam.category.id,
      organizationId: null,
      location: exam.location,
      startsAt: dayjs(exam.startsAt).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:00+08:00'),
      registrationEndsAt: dayjs(exam.registrationEndsAt).tz('Asia/Shanghai').format('YYYY-MM-DDTHH:mm:00+08:00'),
      registrationOpensAt: null,
      waitingRoom: false,
      feeFen: 0,
      capacity: 40,
      arrivalLeadMinutes: 45,
      accessCode: null,
    });
    expect(await screen.findByText('HSK Level 4 has been saved.')).toBeInTheDocument();
  });

  it('cancels an exam only after a dialog that says what happens to its candidates, then gives the counts', async () => {
    const calls = consoleServer(CENTER_PROFILE, {
      [`POST /api/center/exams/${EXAM_ID}/cancel`]: () =>
        ok({ exam: { ...exam, status: 'canceled' }, refunded: 10, released: 2, notified: 9 }),
    });
    await openConsole();
    await person.click(screen.getByLabelText('Cancel HSK Level 4'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Cancel HSK Level 4?');
    expect(dialog).toHaveTextContent(
      'Every paid candidate is refunded in full and told by SMS; unpaid bookings are released. This cannot be undone.',
    );
    expect(dialog).toHaveTextContent('10 paid candidates, 2 unpaid bookings.');
    expect(callsTo(calls, 'POST', `/api/center/exams/${EXAM_ID}/cancel`)).toEqual([]);
    await person.click(button('Cancel exam', dialog));
    const counts = await screen.findByText(
      '10 candidates refunded, 2 unpaid bookings released, 9 candidates notified.',
    );
    expect(counts.closest('[role="dialog"]')).toHaveTextContent('HSK Level 4 has been canceled');
    expect(callsTo(calls, 'POST', `/api/center/exams/${EXAM_ID}/cancel`)).toHaveLength(1);
  });

  it("is reached from the test center's account menu", async () => {
    consoleServer();
    loginAsCenter('en-US');
    render(<TestBrowser location={{ pathname: '/home/profile' }} />);
    await person.click(await screen.findByLabelText('Account menu of 137****7000', {}, { timeout: 15_000 }));
    await person.click(await screen.findByText('Console'));
    expect(await screen.findByText('Test center console', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('HSK Level 4')).toBeInTheDocument();
  });

  it('speaks Chinese when the language is zh-CN', async () => {
    consoleServer();
    loginAsCenter('zh-CN');
    render(<TestBrowser location={{ pathname: '/home/center' }} />);
    expect(await screen.findByText('汉语水平考试四级', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('考点控制台')).toBeInTheDocument();
    const row = screen.getByText('汉语水平考试四级').closest('tr') as HTMLElement;
    expect(within(row).getByText('已占 12 / 共 40')).toBeInTheDocument();
    expect(within(row).getByText('进行中')).toBeInTheDocument();
    expect(within(row).getByText('已报名：10')).toBeInTheDocument();
  });

  it('adds a room, saying on its name field when another room has that name', async () => {
    const room = { id: '0192f0c0-0000-7000-8000-000000000951', name: '301', building: 'A', floor: '3', seats: 40 };
    let list: (typeof room)[] = [];
    let attempts = 0;
    const calls = consoleServer(CENTER_PROFILE, {
      'GET /api/center/rooms': () => ok(list),
      'POST /api/center/rooms': () => {
        attempts += 1;
        if (attempts === 1) return err('ROOM_NAME_TAKEN');
        list = [room];
        return ok(room);
      },
    });
    await openConsole();
    expect(await screen.findByText('No rooms yet.')).toBeInTheDocument();
    await person.click(button('Add a room'));
    const dialog = await screen.findByRole('dialog');
    await enter(dialog, 'Room', '301');
    await enter(dialog, 'Building', 'A');
    await person.click(button('Save', dialog));
    expect(await within(dialog).findByText('Another room of your center has this name.')).toBeInTheDocument();
    await person.click(button('Save', dialog));
    expect(await screen.findByText('301', { selector: 'td' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/center/rooms').at(-1)?.body).toEqual({
      name: '301',
      building: 'A',
      floor: '',
      seats: 30,
    });
  });
});
