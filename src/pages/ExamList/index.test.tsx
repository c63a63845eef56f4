import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { getRequestInstance, history, TestBrowser } from '@umijs/max';
import { AxiosError } from 'axios';
import type { CurrentUser } from '../../../contract/auth';
import type { RegistrationView } from '../../../contract/booking';
import type { ExamSummary } from '../../../contract/catalog';
import { installCamera } from '../Examiner/testing/fakeCamera';

const SITE = { companyName: { zh: '公司', en: 'Company' }, filingNumber: '', filingUrl: '', smsToConsole: true };
const uuid = (n: number) => `0192f0c0-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

const LANGUAGE = { id: uuid(1), code: 'language', name: { zh: '语言能力', en: 'Language proficiency' } };

const OPENS_LATER = '2099-11-30T01:00:00.000Z';

function examNo(n: number, seatsLeft = 40 - n): ExamSummary {
  return {
    id: uuid(100 + n),
    code: `HSK-${n}`,
    name: { zh: `考试 ${n}`, en: `Exam ${n}` },
    category: LANGUAGE,
    organization: null,
    center: { id: uuid(11), name: { zh: '朝阳考点', en: 'Chaoyang Test Center' } },
    location: { zh: '示例路 1 号', en: '1 Example Road' },
    province: { code: '11', name: '北京市', nameEn: 'Beijing' },
    city: { code: '1101', name: '北京市', nameEn: 'Beijing', provinceCode: '11' },
    startsAt: '2026-12-05T01:00:00.000Z',
    registrationEndsAt: '2026-12-01T15:59:00.000Z',
    timeZone: 'Asia/Shanghai',
    feeFen: 15_000 + n * 100,
    capacity: 40,
    seatsLeft,
    status: 'active',
    arrivalLeadMinutes: 30,
    requiresAccessCode: n === 1,
    // Exam 4 is booked through a waiting room; exam 5 opens for booking later, without one.
    registrationOpensAt: n === 5 ? OPENS_LATER : null,
    waitingRoom: n === 4,
  };
}

const noRefund = { refundedFen: 0, refundPendingFen: 0, refundFailedFen: 0 };

const registration = (
  n: number,
  status: RegistrationView['status'],
  canChange = false,
  refund: RegistrationView['refund'] = null,
): RegistrationView => ({
  id: uuid(900 + n),
  status,
  exam: examNo(n),
  createdAt: '2026-11-01T02:00:00.000Z',
  orderId: uuid(800 + n),
  checkedInAt: null,
  lockedFrom: '2026-12-02T01:00:00.000Z',
  canChange,
  canCancel: canChange,
  groupSeat: null,
  refund,
});

const candidate: CurrentUser = {
  id: uuid(7000),
  kind: 'individual',
  phone: '+8613800138000',
  name: 'Li Lei',
  avatar_small: null,
};

let user: CurrentUser = candidate;
/** Lists that fail for now, and how: no answer at all, or none within the time limit. */
const failing = new Map<string, 'lost' | 'timeout'>();
/** The query of every exam list request, in order. */
const examQueries: Record<string, unknown>[] = [];
const TOTAL_EXAMS = 25;

/** A stand-in for the server at the HTTP transport: the page's own services and request pipeline still run. */
const fakeServer = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
  const reply = (data: unknown): AxiosResponse => ({
    data: { success: true, data },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
  const failure = failing.get(config.url ?? '');
  if (failure === 'lost') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
  if (failure === 'timeout')
    throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, {});
  switch (config.url) {
    case '/api/front/site':
      return reply(SITE);
    case '/api/front/currentUser':
      return reply(user);
    case '/api/front/categories':
      return reply([LANGUAGE]);
    case '/api/province':
      return reply([{ code: '11', name: '北京市', nameEn: 'Beijing' }]);
    case '/api/examiner/exams':
      return reply([{ ...examNo(4), expected: 36, checkedIn: 12 }]);
    case '/api/front/registrations':
      return reply({
        list: [
          registration(1, 'pending'),
          registration(2, 'register', true),
          registration(3, 'canceled', false, { ...noRefund, refundedFen: 15_300 }),
          registration(5, 'canceled', false, { ...noRefund, refundPendingFen: 15_500 }),
          registration(6, 'canceled', false, { ...noRefund, refundFailedFen: 15_600 }),
        ],
        total: 5,
        current: 1,
        pageSize: 10,
      });
    case '/api/front/exams': {
      const params = { ...(config.params as Record<string, unknown>) };
      examQueries.push(params);
      const current = Number(params.current);
      const first = (current - 1) * 10 + 1;
      const list = Array.from({ length: Math.min(10, TOTAL_EXAMS - first + 1) }, (_, i) =>
        examNo(first + i, first + i === 7 ? 0 : 40 - i),
      );
      return reply({ list, total: TOTAL_EXAMS, current, pageSize: 10 });
    }
    default:
      return {
        data: { success: false, errorCode: 'NOT_FOUND', errorMessage: '', showType: 0 },
        status: 404,
        statusText: '',
        headers: {},
        config,
      };
  }
};

beforeAll(() => {
  getRequestInstance().defaults.adapter = fakeServer;
});

beforeEach(() => {
  failing.clear();
  user = candidate;
  examQueries.length = 0;
});

async function openExamList(locale = 'en-US') {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', user.kind);
  render(<TestBrowser location={{ pathname: '/home/examlist' }} />);
  await screen.findAllByText(locale === 'en-US' ? 'Exam 3' : '考试 3', {}, { timeout: 10_000 });
}

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
/** The table row, or on a phone the card, that shows `text` (jsdom matches no media query: the page is a phone's). */
const ITEM = 'tr, .ant-list-item';
const rowOf = (text: string) => screen.getAllByText(text).map((cell) => cell.closest(ITEM) as HTMLElement)[0];
const lastRowOf = (text: string) =>
  screen
    .getAllByText(text)
    .map((cell) => cell.closest(ITEM) as HTMLElement)
    .pop();

describe('My Exams of a candidate', () => {
  it('lists my registrations with their status and what I can do with each', async () => {
    await openExamList();
    expect(await screen.findByText('Awaiting payment')).toBeInTheDocument();
    const pending = rowOf('Awaiting payment');
    expect(within(pending).getByText('Pay').closest('a')).toHaveAttribute(
      'href',
      `/home/singleRegistration?registrationId=${uuid(901)}`,
    );
    expect(within(pending).queryByText('QR code')).not.toBeInTheDocument();

    const registered = rowOf('Registered');
    expect(within(registered).getByText('QR code').closest('a')).toHaveAttribute(
      'href',
      `/home/ticket?registrationId=${uuid(902)}`,
    );
    expect(within(registered).getByText('Result').closest('a')).toHaveAttribute(
      'href',
      `/home/result?registrationId=${uuid(902)}`,
    );
    expect(within(registered).getByText('Change Reservation').closest('a')).toHaveAttribute(
      'href',
      `/home/singleRegistration?registrationId=${uuid(902)}&change=1`,
    );
    const canceled = rowOf('Canceled');
    expect(within(canceled).queryByText('QR code')).not.toBeInTheDocument();
    expect(within(canceled).queryByText('Pay')).not.toBeInTheDocument();
  });

  it('says a refund is pending until the payment provider confirms it, and who handles a failed one', async () => {
    await openExamList();
    expect(await screen.findByText('Refunded CN¥153.00')).toBeInTheDocument();
    expect(within(rowOf('Exam 5')).getByText('Refund pending: CN¥155.00')).toBeInTheDocument();
    expect(within(rowOf('Exam 5')).queryByText(/^Refunded/)).not.toBeInTheDocument();
    expect(
      within(rowOf('Exam 6')).getByText('Refund of CN¥156.00 failed: our staff will handle it'),
    ).toBeInTheDocument();
  });

  it('says the same in Chinese', async () => {
    await openExamList('zh-CN');
    expect(await screen.findByText('退款处理中：¥155.00')).toBeInTheDocument();
    expect(screen.getByText('退款 ¥156.00 失败，工作人员将为您处理')).toBeInTheDocument();
    expect(screen.getByText('已退 ¥153.00')).toBeInTheDocument();
  });

  it('asks the server for the second page of open exams, ten at a time', async () => {
    await openExamList();
    await waitFor(() => expect(examQueries).toEqual([{ current: 1, pageSize: 10 }]));
    await person.click(screen.getByTitle('2'));
    expect(await screen.findByText('Exam 11')).toBeInTheDocument();
    expect(examQueries.at(-1)).toEqual({ current: 2, pageSize: 10 });
  });

  it('passes the chosen filters to the server, starting again at page 1', async () => {
    await openExamList();
    await person.click(screen.getByTitle('2'));
    await screen.findByText('Exam 11');
    await person.type(screen.getByLabelText('Search'), ' HSK-7 ');
    // A phone (jsdom matches no breakpoint) shows the search alone until More filters is pressed.
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    const more = screen.getByText('More filters', { selector: 'button span' }).closest('button') as HTMLElement;
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await person.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await person.click(await screen.findByLabelText('Category', {}, { timeout: 15_000 }));
    await person.click(await screen.findByTitle('Language proficiency'));
    await person.click(screen.getByText('Fewer filters', { selector: 'button span' }));
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.getByText('More filters (1 chosen)', { selector: 'button span' })).toBeInTheDocument();
    await person.click(screen.getByText('Search', { selector: 'button span' }));
    await waitFor(() =>
      expect(examQueries.at(-1)).toEqual({ current: 1, pageSize: 10, q: 'HSK-7', category: 'language' }),
    );
    await person.click(screen.getByText('Reset', { selector: 'button span' }));
    await waitFor(() => expect(examQueries.at(-1)).toEqual({ current: 1, pageSize: 10 }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByText('More filters', { selector: 'button span' })).toBeInTheDocument();
  });

  it('books an exam, and offers group booking with the exam kept in localStorage', async () => {
    await openExamList();
    const row = lastRowOf('Exam 3') as HTMLElement;
    await person.click(within(row).getByText('Group Book'));
    expect(localStorage.getItem('exam_id')).toBe(uuid(103));
    await waitFor(() => expect(history.location.pathname).toBe('/home/gRegistration'));
    expect(history.location.search).toBe(`?examId=${uuid(103)}`);
  });

  it('shows a sold-out exam as such, with Book disabled', async () => {
    await openExamList();
    const row = lastRowOf('Exam 7') as HTMLElement;
    expect(within(row).getByText('Sold out')).toBeInTheDocument();
    expect(within(row).getByText('Book').closest('button')).toBeDisabled();
    expect(
      within(lastRowOf('Exam 3') as HTMLElement)
        .getByText('Book')
        .closest('button'),
    ).toBeEnabled();
  });

  it('says an exam I booked is booked, leading to its payment or ticket instead of offering Book', async () => {
    await openExamList();
    const unpaid = await waitFor(() => {
      const item = lastRowOf('Exam 1') as HTMLElement;
      expect(within(item).getByText('Booked')).toBeInTheDocument();
      return item;
    });
    expect(within(unpaid).queryByText('Book')).not.toBeInTheDocument();
    expect(within(unpaid).getByText('Pay').closest('a')).toHaveAttribute(
      'href',
      `/home/singleRegistration?registrationId=${uuid(901)}`,
    );
    const paid = lastRowOf('Exam 2') as HTMLElement;
    expect(within(paid).getByText('Booked')).toBeInTheDocument();
    expect(within(paid).getByText('View ticket').closest('a')).toHaveAttribute(
      'href',
      `/home/ticket?registrationId=${uuid(902)}`,
    );
    // A canceled registration leaves the exam open to book again.
    const canceled = lastRowOf('Exam 3') as HTMLElement;
    expect(within(canceled).queryByText('Booked')).not.toBeInTheDocument();
    expect(within(canceled).getByText('Book').closest('button')).toBeEnabled();
  });

  it('leads Book of an exam with a waiting room to the room, and says when booking opens for one not open yet', async () => {
    await openExamList();
    const later = lastRowOf('Exam 5') as HTMLElement;
    expect(within(later).getByText('Booking opens 2099-11-30 09:00 GMT+8')).toBeInTheDocument();
    expect(within(later).queryByText('Book')).not.toBeInTheDocument();

    const room = lastRowOf('Exam 4') as HTMLElement;
    expect(within(room).getByText('Waiting room')).toBeInTheDocument();
    await person.click(within(room).getByText('Details'));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText(
        'Booking goes through a waiting room: Book takes you there, and everyone present at the opening gets a random place in line.',
      ),
    ).toBeVisible();
    await person.click(within(drawer).getByText('Book'));
    await waitFor(() => expect(history.location.pathname).toBe(`/home/exams/${uuid(104)}/queue`));
  });

  it('opens the details of an exam', async () => {
    await openExamList();
    await person.click(within(lastRowOf('Exam 1') as HTMLElement).getByText('Details'));
    expect(
      await screen.findByText('This exam needs an access code: you will be asked for it when you book.'),
    ).toBeVisible();
    expect(screen.getByText('Registration closes')).toBeInTheDocument();
    expect(screen.getByText('2026-12-01 23:59 GMT+8')).toBeInTheDocument();
    expect(screen.queryByText('Only student can register for Exam')).not.toBeInTheDocument();
  });
});

describe('My Exams when a load fails', () => {
  it('a failed search shows its failure instead of the old results, and Retry runs the search again', async () => {
    await openExamList();
    expect(await screen.findByText('Exam 10')).toBeInTheDocument();
    failing.set('/api/front/exams', 'lost');
    await person.type(screen.getByLabelText('Search'), 'HSK');
    await person.click(screen.getByText('Search', { selector: 'button span' }));
    expect(await screen.findByText('The exams open for booking could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Your network is abnormal and cannot connect to the server')).toBeInTheDocument();
    expect(screen.queryByText('Exam 10')).not.toBeInTheDocument();
    expect(screen.queryByText('No exam open for booking matches these filters.')).not.toBeInTheDocument();

    failing.clear();
    // (getByRole would weigh every element of this long page for its accessible name: many seconds in jsdom.)
    await person.click(screen.getByText('Retry'));
    expect(await screen.findByText('Exam 10')).toBeInTheDocument();
    expect(examQueries.at(-1)).toEqual({ current: 1, pageSize: 10, q: 'HSK' });
  });

  it('says a timeout of my registrations as such, not as "no registrations", and Retry loads them', async () => {
    failing.set('/api/front/registrations', 'timeout');
    localStorage.clear();
    localStorage.setItem('umi_locale', 'zh-CN');
    localStorage.setItem('access_token', 'token-1');
    localStorage.setItem('type', 'individual');
    render(<TestBrowser location={{ pathname: '/home/examlist' }} />);
    expect(await screen.findByText('未能加载您的报名', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('服务器在 15 秒内没有应答（请求超时，15000 毫秒），请重试。')).toBeInTheDocument();
    expect(screen.queryByText('您还没有报名任何考试，请从下方可报名的考试中选择。')).not.toBeInTheDocument();
    failing.clear();
    await person.click(screen.getByText('重试'));
    expect(await screen.findByText('待支付')).toBeInTheDocument();
  });
});

describe('My Exams of a test center', () => {
  it('shows only the open exams, with the student-only warning and booking disabled', async () => {
    user = { ...candidate, kind: 'testCenter' };
    await openExamList();
    expect(screen.getByText('Only student can register for Exam')).toBeInTheDocument();
    expect(screen.queryByText('My registrations')).not.toBeInTheDocument();
    const row = lastRowOf('Exam 3') as HTMLElement;
    expect(within(row).getByText('Book').closest('button')).toBeDisabled();
    expect(within(row).getByText('Group Book').closest('button')).toBeDisabled();
    await person.click(within(row).getByText('Details'));
    const drawer = (await screen.findAllByText('Only student can register for Exam')).length;
    expect(drawer).toBe(2);
  });
});

describe('My Exams of an examiner', () => {
  it('lists the exams assigned to me, each with the examiner QR code button that opens the scan page', async () => {
    user = { ...candidate, kind: 'examiner' };
    // The scan page the button opens starts the camera.
    installCamera('denied');
    await openExamList();
    const assigned = (await screen.findByText('Exams assigned to me')).closest('.ant-card') as HTMLElement;
    expect(within(assigned).getByText('Exam 4')).toBeInTheDocument();
    expect(within(assigned).getByText(/12 of 36/)).toBeInTheDocument();
    expect(screen.queryByText('My registrations')).not.toBeInTheDocument();
    await person.click(within(assigned).getByText('Examiner QR code'));
    await waitFor(() => expect(history.location.pathname).toBe('/home/examiner/scan'));
    expect(history.location.search).toBe(`?examId=${uuid(104)}`);
  });
});

describe('My Exams in Chinese', () => {
  it('labels statuses and actions in Chinese', async () => {
    await openExamList('zh-CN');
    expect(await screen.findByText('待支付')).toBeInTheDocument();
    expect(screen.getByText('可报名的考试')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '我的考试' })).toBeInTheDocument();
    expect(screen.getByText(/^这里是您的考试和可报名的考试/)).toBeInTheDocument();
    expect(screen.getAllByText('团体报名').length).toBeGreaterThan(0);
  });
});
