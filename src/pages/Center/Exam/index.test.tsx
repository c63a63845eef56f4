import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { callsTo, err, ok, type Route } from '@/testing/fakeServer';
import type { AssignedExaminer, CenterExam, RosterEntry } from '../../../../contract/center';
import { centerExamFixture, EXAM_ID, loginAsCenter, rosterEntryFixture, serveCenter } from '../testing/centerFixtures';

// applyAccept off: a person can pick any file in the dialog, and the page must refuse what it cannot take.
const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
const button = (name: string, container: HTMLElement | Document = document) =>
  [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name) as HTMLButtonElement;
// Role queries compute every accessible name in the app's DOM and take seconds each here; these read the same facts.
/** The upload's file input (antd makes a new one after each pick). */
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const tab = (name: string) => screen.getByText(name, { selector: '[role="tab"]' });

const EXAM_URL = `/api/center/exams/${EXAM_ID}`;
const ROSTER_URL = `${EXAM_URL}/roster`;
const EXPORT_URL = `${EXAM_URL}/roster.xlsx`;

const ROSTER: RosterEntry[] = [
  rosterEntryFixture(1, { name: 'Wang Fang', status: 'checkin', checkedInAt: '2026-03-01T01:00:00.000Z' }),
  rosterEntryFixture(2, { name: 'Zhao Lei', status: 'checkin', checkedInAt: '2026-03-01T01:05:00.000Z' }),
  rosterEntryFixture(3, { name: 'Chen Jing' }),
];
const EXAMINER: AssignedExaminer = {
  userId: '0192f0c0-0000-7000-8000-000000000931',
  phone: '+8613500135000',
  name: 'Liu Yang',
  assignedAt: '2026-03-01T01:00:00.000Z',
  roomId: null,
};

/** The server of one exam: its roster, examiners and results, changed by each call as the real one does. */
function examServer(routes: Record<string, Route> = {}, start: Partial<CenterExam> = {}) {
  let exam = centerExamFixture({
    counts: { pending: 0, register: 1, checkin: 2, completed: 0, canceled: 0 },
    ...start,
  });
  let entries = ROSTER;
  let examiners: AssignedExaminer[] = [];
  const page = (list: RosterEntry[]) => ok({ list, total: list.length, current: 1, pageSize: 20 });
  return serveCenter(
    {
      [`GET ${EXAM_URL}`]: () => ok(exam),
      [`GET ${ROSTER_URL}`]: (call) =>
        page(entries.filter((entry) => !call.params.status || entry.status === call.params.status)),
      [`GET ${EXAM_URL}/examiners`]: () => ok(examiners),
      [`POST ${EXAM_URL}/examiners`]: () => {
        examiners = [EXAMINER];
        return ok(examiners);
      },
      [`DELETE ${EXAM_URL}/examiners/${EXAMINER.userId}`]: () => {
        examiners = [];
        return ok(examiners);
      },
      [`PUT ${EXAM_URL}/results/${ROSTER[0].registrationId}`]: (call) => {
        entries = entries.map((entry, index) => (index === 0 ? { ...entry, ...(call.body as object) } : entry));
        exam = { ...exam, resultsEntered: 1 };
        return ok(entries[0]);
      },
      [`POST ${EXAM_URL}/results/publish`]: () => {
        exam = { ...exam, resultsPublishedAt: '2026-03-02T02:00:00.000Z', status: 'completed' };
        entries = entries.map((entry) =>
          entry.status === 'checkin'
            ? { ...entry, status: 'completed', certificateNumber: entry.outcome === 'pass' ? 'EA26-7K3M-9QXT' : null }
            : entry,
        );
        return ok({ completed: 2, certificates: 1, publishedAt: '2026-03-02T02:00:00.000Z' });
      },
      ...routes,
    },
    {
      [EXPORT_URL]: new Blob(['roster'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    },
  );
}

async function openExam(locale = 'en-US') {
  loginAsCenter(locale);
  render(<TestBrowser location={{ pathname: `/home/center/exams/${EXAM_ID}` }} />);
  await screen.findByText('HSK Level 4', { selector: 'h1' }, { timeout: 15_000 });
}

describe("an exam's page in the test center console", () => {
  it('lists the roster and searches it by name, phone or ID number on the server', async () => {
    const anonymized = rosterEntryFixture(4, { name: '', phone: '', maskedIdNumber: '', status: 'canceled' });
    const list = [...ROSTER, anonymized];
    const calls = examServer({
      [`GET ${ROSTER_URL}`]: () => ok({ list, total: list.length, current: 1, pageSize: 20 }),
    });
    await openExam();
    const anonymizedRow = (await screen.findByText('(anonymized)')).closest('tr') as HTMLElement;
    expect(within(anonymizedRow).getByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText('HSK-4')).toBeInTheDocument();
    const row = (await screen.findByText('Wang Fang')).closest('tr') as HTMLElement;
    expect(within(row).getByText('13900139001')).toBeInTheDocument();
    expect(within(row).getByText('Checked in')).toBeInTheDocument();
    const table = row.closest('table') as HTMLElement;
    expect(document.getElementById(table.getAttribute('aria-labelledby') ?? '')).toHaveTextContent('Roster');

    await person.type(screen.getByLabelText('Search by name, phone or ID number'), ' 1390013 {Enter}');
    await waitFor(() => expect(callsTo(calls, 'GET', ROSTER_URL).at(-1)?.params).toMatchObject({ q: '1390013' }));
  });

  it('downloads what the roster search finds as an .xlsx file, with the bearer token', async () => {
    const calls = examServer();
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:roster');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    await openExam();
    await person.type(screen.getByLabelText('Search by name, phone or ID number'), 'Wang{Enter}');
    await person.click(button('Export .xlsx'));
    await waitFor(() => expect(saved).toEqual(['roster-HSK-4.xlsx blob:roster']));
    const [download] = callsTo(calls, 'GET', EXPORT_URL);
    expect(download.headers.Authorization).toBe('Bearer token-1');
    expect(download.params).toEqual({ q: 'Wang' });
    expect((URL.createObjectURL as jest.Mock).mock.calls[0][0]).toBeInstanceOf(Blob);
    click.mockRestore();
  });

  it('assigns an examiner by phone, refusing a number that is not a mainland mobile, and takes them off again', async () => {
    const calls = examServer();
    await openExam();
    await person.click(tab('Examiners'));
    const phone = await screen.findByLabelText("Examiner's mobile phone");
    await person.type(phone, '12345');
    await person.click(button('Assign'));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${EXAM_URL}/examiners`)).toEqual([]);

    await person.clear(phone);
    await person.type(phone, '135 0013 5000');
    await person.click(button('Assign'));
    expect(await screen.findByText('Liu Yang')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${EXAM_URL}/examiners`)[0].body).toEqual({ phone: '135 0013 5000' });

    await person.click(screen.getByLabelText('Remove Liu Yang'));
    const dialog = (await screen.findByText('They can no longer check candidates in for this exam.')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await person.click(button('Remove', dialog));
    await waitFor(() => expect(screen.queryByText('Liu Yang')).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE', `${EXAM_URL}/examiners/${EXAMINER.userId}`)).toHaveLength(1);
  });

  it('enters a result for a checked-in candidate, then publishes and shows the certificate numbers', async () => {
    const calls = examServer();
    await openExam();
    await person.click(tab('Results'));
    const group = await screen.findByLabelText('Result of Wang Fang');
    expect(group).toHaveAttribute('role', 'radiogroup');
    // Only checked-in candidates get a result.
    const results = group.closest('section') as HTMLElement;
    expect(within(results).getByLabelText('Result of Zhao Lei')).toBeInTheDocument();
    expect(within(results).queryByText('Chen Jing')).not.toBeInTheDocument();
    expect(button('Publish results')).toBeDisabled();
    await person.click(within(group).getByLabelText('Pass'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `${EXAM_URL}/results/${ROSTER[0].registrationId}`)[0]?.body).toEqual({
        outcome: 'pass',
      }),
    );
    expect(await screen.findByText('1 of 2 checked-in candidates have a result.')).toBeInTheDocument();

    await person.click(button('Publish results'));
    const dialog = (await screen.findByText('1 checked-in candidate has no result yet.')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(callsTo(calls, 'POST', `${EXAM_URL}/results/publish`)).toEqual([]);
    await person.click(button('Publish results', dialog));
    expect(await screen.findByText('2 candidates completed, 1 certificate issued.')).toBeInTheDocument();
    expect(await screen.findByText('EA26-7K3M-9QXT')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Result of Wang Fang')).getByLabelText('Pass')).toBeDisabled();
    expect(button('Publish results')).toBeDisabled();
  });

  it('enters results from a sheet and says which rows it could not enter, and why', async () => {
    const calls = examServer({
      [`POST ${EXAM_URL}/results/upload`]: () =>
        ok({
          updated: 2,
          rejected: [
            { row: 4, reason: 'NOT_CHECKED_IN' },
            { row: 5, reason: 'CANDIDATE_NOT_FOUND' },
          ],
        }),
    });
    await openExam();
    await person.click(tab('Results'));
    await screen.findByLabelText('Result of Wang Fang');
    await person.upload(fileInput(), new File(['phone,result'], 'results.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please upload file in proper format')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${EXAM_URL}/results/upload`)).toEqual([]);

    await person.upload(fileInput(), new File(['phone,result'], 'results.csv', { type: 'text/csv' }));
    expect(await screen.findByText('2 results entered from results.csv.')).toBeInTheDocument();
    const sent = callsTo(calls, 'POST', `${EXAM_URL}/results/upload`)[0].body as FormData;
    expect((sent.get('file') as File).name).toBe('results.csv');
    const rejected = screen.getByText('The candidate did not check in').closest('table') as HTMLElement;
    expect(document.getElementById(rejected.getAttribute('aria-labelledby') ?? '')).toHaveTextContent(
      '2 rows were not entered:',
    );
    expect(within(rejected).getByText('No candidate of this exam has this phone or ID number')).toBeInTheDocument();
  });

  it('switches the waiting room on from the exam page, with the opening time among the facts', async () => {
    const calls = examServer(
      {
        [`PUT ${EXAM_URL}/waiting-room`]: (call) =>
          ok(centerExamFixture({ waitingRoom: (call.body as { enabled: boolean }).enabled })),
      },
      { registrationOpensAt: '2026-11-10T01:30:00.000Z' },
    );
    await openExam();
    expect(screen.getByText('2026-11-10 09:30 GMT+8')).toBeInTheDocument();
    const room = screen.getByLabelText('Waiting room', { selector: 'button' });
    expect(room).not.toBeChecked();
    await person.click(room);
    expect(await screen.findByText('The waiting room is on: candidates queue before they book.')).toBeInTheDocument();
    expect(screen.getByLabelText('Waiting room', { selector: 'button' })).toBeChecked();
    expect(callsTo(calls, 'PUT', `${EXAM_URL}/waiting-room`)[0].body).toEqual({ enabled: true });
  });

  it('says so when the exam is not the center’s', async () => {
    examServer({ [`GET ${EXAM_URL}`]: () => err('NOT_FOUND') });
    loginAsCenter('zh-CN');
    render(<TestBrowser location={{ pathname: `/home/center/exams/${EXAM_ID}` }} />);
    expect(await screen.findByText('您查找的内容不存在或不属于您。', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('控制台').closest('a')).toHaveAttribute('href', '/home/center');
  });

  it('chooses the rooms, then allocates seats and says how many were seated', async () => {
    const room = { id: '0192f0c0-0000-7000-8000-000000000951', name: '301', building: 'A', floor: '3', seats: 40 };
    let seating = {
      rooms: [] as (typeof room)[],
      totalSeats: 0,
      capacity: 30,
      ticketsReleaseAt: '2026-05-01T01:00:00.000Z',
      ticketsReleaseSet: false,
      ticketsReleased: false,
      allocatedAt: null as string | null,
      seated: 0,
      unseated: 3,
    };
    const calls = examServer({
      'GET /api/center/rooms': () => ok([room]),
      [`GET ${EXAM_URL}/seating`]: () => ok(seating),
      [`PUT ${EXAM_URL}/seating`]: () => {
        seating = { ...seating, rooms: [room], totalSeats: 40 };
        return ok(seating);
      },
      [`POST ${EXAM_URL}/seating/allocate`]: () => {
        seating = { ...seating, allocatedAt: '2026-04-20T01:00:00.000Z', seated: 3, unseated: 0 };
        return ok(seating);
      },
    });
    await openExam();
    await person.click(tab('Rooms and seats'));
    await person.click(await screen.findByText('301 (40 seats)'));
    await person.click(button('Save rooms and release date'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `${EXAM_URL}/seating`)[0]?.body).toEqual({
        roomIds: [room.id],
        ticketsReleaseAt: null,
      }),
    );
    expect(await screen.findByText('40 seats in the chosen rooms for a capacity of 30')).toBeInTheDocument();
    await person.click(button('Allocate seats'));
    expect(await screen.findByText('3 candidates seated.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${EXAM_URL}/seating/allocate`)).toHaveLength(1);
  });

  it('moves one candidate to another seat from the roster, saying on the field when it is taken', async () => {
    const room = { id: '0192f0c0-0000-7000-8000-000000000951', name: 'R1', building: '', floor: '', seats: 40 };
    let tries = 0;
    const calls = examServer({
      [`GET ${ROSTER_URL}`]: () =>
        ok({ list: [{ ...ROSTER[2], room: 'R1', seat: 3 }], total: 1, current: 1, pageSize: 20 }),
      [`GET ${EXAM_URL}/seating`]: () =>
        ok({
          rooms: [room],
          totalSeats: 40,
          capacity: 30,
          ticketsReleaseAt: '2026-05-01T01:00:00.000Z',
          ticketsReleaseSet: false,
          ticketsReleased: false,
          allocatedAt: '2026-04-20T01:00:00.000Z',
          seated: 1,
          unseated: 0,
        }),
      [`PUT ${EXAM_URL}/seats/${ROSTER[2].registrationId}`]: (call) => {
        tries += 1;
        return tries === 1 ? err('SEAT_TAKEN') : ok({ ...ROSTER[2], room: 'R1', ...(call.body as object) });
      },
    });
    await openExam();
    const seatButton = await screen.findByLabelText('Move to another seat', {}, { timeout: 15_000 });
    expect(seatButton).toHaveTextContent('3');
    await person.click(seatButton);
    const dialog = await screen.findByRole('dialog');
    const seat = await within(dialog).findByLabelText('Seat number');
    await person.clear(seat);
    await person.type(seat, '5');
    await person.click(button('Move', dialog));
    expect(await within(dialog).findByText('Another candidate already has this seat.')).toBeInTheDocument();
    await person.click(button('Move', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'PUT', `${EXAM_URL}/seats/${ROSTER[2].registrationId}`).at(-1)?.body).toEqual({
      roomId: room.id,
      seat: 5,
    });
  });
  it("rejects a candidate's photo from the roster with a reason, which the roster then shows", async () => {
    const reason = 'Not a face: a cat';
    const calls = examServer({
      [`POST ${EXAM_URL}/registrations/${ROSTER[2].registrationId}/photo/reject`]: (call) =>
        ok({
          ...ROSTER[2],
          photo: {
            url: ROSTER[2].photo?.url,
            rejection: { reason: (call.body as { reason: string }).reason, rejectedAt: '2026-03-01T02:00:00.000Z' },
          },
        }),
    });
    await openExam();
    const row = (await screen.findByText('Chen Jing', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByAltText('Photo of Chen Jing')).toHaveAttribute('src', ROSTER[2].photo?.url);
    // Checked-in and registered candidates may be rejected alike; the button names whose photo it is.
    const reject = within(row).getByLabelText('Reject the photo of Chen Jing');
    await person.click(reject);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject the photo of Chen Jing')).toBeInTheDocument();
    await person.click(button('Reject photo', dialog));
    expect(await within(dialog).findByText('Please say why the photo is rejected')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${EXAM_URL}/registrations/${ROSTER[2].registrationId}/photo/reject`)).toEqual([]);

    await person.type(within(dialog).getByLabelText('Reason'), ` ${reason} `);
    await person.click(button('Reject photo', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      callsTo(calls, 'POST', `${EXAM_URL}/registrations/${ROSTER[2].registrationId}/photo/reject`)[0]?.body,
    ).toEqual({
      reason,
    });
  });

  it('shows a rejected photo as rejected, with no second Reject', async () => {
    const rejected = {
      ...ROSTER[2],
      photo: { url: '/api/front/avatars/x', rejection: { reason: 'Blurred', rejectedAt: '2026-03-01T02:00:00.000Z' } },
    };
    examServer({ [`GET ${ROSTER_URL}`]: () => ok({ list: [rejected], total: 1, current: 1, pageSize: 20 }) });
    await openExam();
    const row = (await screen.findByText('Chen Jing', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).queryByLabelText('Reject the photo of Chen Jing')).not.toBeInTheDocument();
  });
});
