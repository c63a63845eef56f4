import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, ok } from '@/testing/fakeServer';
import type { OpsCandidateDetail } from '../../../../contract/ops';
import { catchDownloads, loginAsOperator, orderRowFixture, serveOps } from '../testing/opsFixtures';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);
const button = (name: string, container: HTMLElement | Document = document) =>
  [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name) as HTMLButtonElement;

const liLei: OpsCandidateDetail = {
  id: '0192f0c0-0000-7000-8000-000000000c01',
  phone: '+8613900139001',
  name: 'Li Lei',
  maskedIdNumber: '110101********123X',
  createdAt: '2025-10-01T02:00:00.000Z',
  activeSessions: 2,
  anonymizedAt: null,
  registrations: [
    {
      id: '0192f0c0-0000-7000-8000-0000000b0001',
      status: 'completed',
      exam: {
        id: '0192f0c0-0000-7000-8000-0000000e0001',
        code: 'HSK-4-20261101',
        name: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
        startsAt: '2026-11-01T01:00:00.000Z',
        timeZone: 'Asia/Shanghai',
      },
      createdAt: '2026-10-20T02:00:00.000Z',
      checkedInAt: '2026-11-01T00:40:00.000Z',
      outcome: 'pass',
    },
  ],
  orders: [orderRowFixture()],
  photo: { url: '/api/front/avatars/li-lei', rejection: null },
};
const URL_OF = `/api/ops/candidates/${liLei.id}`;

/** Support's side of a server: Li Lei is found by phone, ends sessions, exports and is anonymized when erased. */
function supportServer() {
  let candidate = liLei;
  return serveOps(
    {
      'GET /api/ops/candidates': (call) => ok(call.params.phone === '13900139001' ? [candidate] : []),
      [`GET ${URL_OF}`]: () => ok(candidate),
      [`POST ${URL_OF}/photo/reject`]: (call) => {
        const { reason } = call.body as { reason: string };
        const photo = { url: liLei.photo?.url ?? '', rejection: { reason, rejectedAt: '2026-11-24T02:00:00.000Z' } };
        candidate = { ...candidate, photo };
        return ok(photo);
      },
      [`POST ${URL_OF}/logout`]: () => {
        const ended = candidate.activeSessions;
        candidate = { ...candidate, activeSessions: 0 };
        return ok({ ended });
      },
      [`POST ${URL_OF}/erase`]: (call) => {
        const { confirmPhone } = call.body as { confirmPhone: string };
        if (confirmPhone !== '13900139001') return err('ERASURE_CONFIRMATION_MISMATCH');
        candidate = { ...candidate, name: '', phone: '', maskedIdNumber: '', anonymizedAt: '2026-11-24T02:00:00.000Z' };
        return ok({
          outcome: 'anonymized',
          kept: [
            { record: 'results', count: 1 },
            { record: 'orders', count: 1 },
          ],
          sessionsEnded: 0,
        });
      },
    },
    ['support'],
    { [`${URL_OF}/export.json`]: new Blob(['{}'], { type: 'application/json' }) },
  );
}

async function openSupport(locale: string) {
  loginAsOperator(locale);
  render(<TestBrowser location={{ pathname: '/ops/support' }} />);
}

describe('support', () => {
  it('looks a candidate up by phone, ends their sessions once confirmed and exports their data', async () => {
    const calls = supportServer();
    const downloads = catchDownloads();
    await openSupport('en-US');
    await person.type(await screen.findByLabelText('Login phone number', {}, { timeout: 15_000 }), '13900139001');
    await person.click(button('Look up'));
    expect(await screen.findByRole('heading', { name: 'Li Lei' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/ops/candidates')[0]?.params).toEqual({ phone: '13900139001' });
    expect(screen.getByText('110101********123X')).toBeInTheDocument();
    expect(screen.getByText('HSK Level 4 (HSK-4-20261101)')).toBeInTheDocument();
    expect(screen.getByText('Pass')).toBeInTheDocument();
    expect(screen.getByText('CN¥280.00')).toBeInTheDocument();

    await person.click(button('End sessions'));
    const prompt = await screen.findByText('End every session of Li Lei?', { selector: '.ant-modal-confirm-title' });
    expect(callsTo(calls, 'POST', `${URL_OF}/logout`)).toHaveLength(0);
    await person.click(button('End sessions', prompt.closest('.ant-modal-confirm') as HTMLElement));
    expect(await screen.findByText('2 sessions ended.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${URL_OF}/logout`)).toHaveLength(1);

    await person.click(button('Export personal data'));
    await waitFor(() => expect(downloads.saved).toEqual([`personal-data-${liLei.id}.json blob:ops`]));
    expect(callsTo(calls, 'GET', `${URL_OF}/export.json`)[0]?.headers.Authorization).toBe('Bearer token-ops');
    downloads.restore();
  });

  it("rejects the candidate's photo with the reason they will read, and then shows it rejected", async () => {
    const calls = supportServer();
    await openSupport('en-US');
    await person.type(await screen.findByLabelText('Login phone number', {}, { timeout: 15_000 }), '13900139001');
    await person.click(button('Look up'));
    expect(await screen.findByAltText('Photo of Li Lei')).toHaveAttribute('src', '/api/front/avatars/li-lei');
    await person.click(button('Reject photo'));
    const dialog = await screen.findByRole('dialog');
    await person.type(within(dialog).getByLabelText('Reason'), 'Someone else');
    await person.click(button('Reject photo', dialog));
    expect(await screen.findByText('Rejected: Someone else')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${URL_OF}/photo/reject`).map((call) => call.body)).toEqual([
      { reason: 'Someone else' },
    ]);
    expect(button('Reject photo')).toBeUndefined();
  });

  it("erases only once the candidate's phone is typed, and says what was kept", async () => {
    const calls = supportServer();
    await openSupport('en-US');
    await person.type(await screen.findByLabelText('Login phone number', {}, { timeout: 15_000 }), '13900139001');
    await person.click(button('Look up'));
    await screen.findByRole('heading', { name: 'Li Lei' });
    await person.click(button('Erase on request'));
    const field = await screen.findByLabelText("Type the candidate's phone number to confirm");
    const dialog = field.closest('.ant-modal') as HTMLElement;
    await person.click(button('Erase', dialog));
    expect(await within(dialog).findByText('Type the phone number to confirm.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${URL_OF}/erase`)).toHaveLength(0);

    await person.type(field, '13900139002');
    await person.click(button('Erase', dialog));
    expect(await within(dialog).findByText("The phone number typed is not this candidate's.")).toBeInTheDocument();
    await person.clear(field);
    await person.type(field, '13900139001');
    await person.click(button('Erase', dialog));
    expect(
      await screen.findByText('The account was anonymized: its name, phone number, ID number and photo are gone.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Exam results: 1')).toBeInTheDocument();
    expect(screen.getByText('Paid orders: 1')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${URL_OF}/erase`).map((call) => call.body)).toEqual([
      { confirmPhone: '13900139002' },
      { confirmPhone: '13900139001' },
    ]);
  });
});

describe('客服（中文）', () => {
  it('按身份证号查询，查无此人时如实告知', async () => {
    const calls = supportServer();
    await openSupport('zh-CN');
    await person.click(await screen.findByText('身份证号', { selector: 'label span' }, { timeout: 15_000 }));
    await person.type(screen.getByLabelText('身份证号（18 位）'), '11010119900307123x');
    await person.click(button('查 询'));
    expect(await screen.findByText('没有使用该手机号或身份证号的考生。')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/ops/candidates')[0]?.params).toEqual({ idNumber: '11010119900307123x' });
  });
});
