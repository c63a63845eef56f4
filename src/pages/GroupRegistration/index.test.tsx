import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, err, loginAs, lost, ok, type Route, serve } from '@/testing/fakeServer';
import { examFixture } from '@/testing/fixtures';
import {
  GROUP_ID,
  GROUP_ORDER_ID,
  GROUP_QUOTE,
  groupFixture,
  groupOrderFixture,
  MIXED_UPLOAD,
  memberFixture,
  PAID_MEMBERS,
  paidGroupFixture,
  ticketsFixture,
} from './testing/groupFixtures';

const exam = examFixture();
const GROUP_URL = `/api/front/groups/${GROUP_ID}`;
const UPLOAD_URL = `${GROUP_URL}/upload`;
const CHECKOUT_URL = `${GROUP_URL}/checkout`;

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const button = (name: string | RegExp) => screen.getByText(name).closest('button') as HTMLButtonElement;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const callsTo = (calls: Call[], url: string) => calls.filter((call) => call.url === url);

// Role queries compute every accessible name in the app's DOM and take seconds each here; these read the same facts.
const heading = (name: string) => screen.findByText(name, { selector: 'h2' }, { timeout: 15_000 });
/** The table named by the heading `name` (aria-labelledby). */
function tableNamed(name: string): HTMLElement {
  const { id } = screen.getByText(name, { selector: 'h3' });
  return document.querySelector(`table[aria-labelledby="${id}"]`) as HTMLElement;
}
/** The row of `name` in the table named `table`. */
const rowIn = (table: string, name: string) => within(tableNamed(table)).getByText(name).closest('tr') as HTMLElement;
/** The open confirmation dialog titled `title`. */
const confirmDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
/** Its danger button: the action it confirms. */
const confirmIn = (dialog: HTMLElement) => user.click(dialog.querySelector('.ant-btn-dangerous') as HTMLElement);
const alertWith = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]') as HTMLElement;

function spreadsheet(name = 'class-3.xlsx', size?: number): File {
  const file = new File(['member rows'], name, {
    type: name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The server of a group's whole journey; `current` is what it holds, changed by each step as the real one does. */
function groupServer(start = groupFixture(), overrides: Record<string, Route> = {}) {
  let current = start;
  return serve({
    [`GET /api/front/exams/${exam.id}`]: () => ok(exam),
    'POST /api/front/groups': () => ok(current),
    [`GET ${GROUP_URL}`]: () => ok(current),
    [`POST ${UPLOAD_URL}`]: () => {
      current = groupFixture({ upload: MIXED_UPLOAD });
      return ok(current);
    },
    [`POST ${GROUP_URL}/quote`]: () => ok(GROUP_QUOTE),
    [`POST ${CHECKOUT_URL}`]: () => {
      current = groupFixture({ upload: MIXED_UPLOAD, order: groupOrderFixture(), canUpload: false });
      return ok(current);
    },
    // Reload (refresh=1) finds the wallet paid.
    [`GET /api/front/orders/${GROUP_ORDER_ID}`]: (call) => {
      if (call.params.refresh === '1') current = paidGroupFixture();
      return ok(current.order);
    },
    [`GET ${GROUP_URL}/tickets`]: () => ok(ticketsFixture()),
    ...overrides,
  });
}

async function open(search: string, step: string, locale = 'en-US') {
  loginAs(locale);
  render(<TestBrowser location={{ pathname: '/home/gRegistration', search }} />);
  await heading(step);
}

const uploaded = groupFixture({ upload: MIXED_UPLOAD });

describe('group registration', () => {
  it('walks Your Information, Upload Form, Payment and Done', async () => {
    const calls = groupServer();
    await open(`?examId=${exam.id}`, 'Your Information');
    expect(screen.getByText('HSK Level 4')).toBeInTheDocument();
    expect(screen.getByText('1 Example Road, Beijing')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveValue('Li Lei');
    expect(screen.getByLabelText('Your mobile phone')).toHaveValue('13800138000');
    await user.click(button('Next'));
    expect(await screen.findByText('Please enter your school or organization')).toBeInTheDocument();
    await user.type(screen.getByLabelText('School or organization'), 'No. 1 Middle School');
    await user.click(button('Next'));

    // Each step's heading takes the focus as the step arrives (the Next pressed has left the screen).
    await waitFor(async () => expect(await heading('Upload Form')).toHaveFocus());
    expect(callsTo(calls, '/api/front/groups')[0].body).toEqual({
      examId: exam.id,
      coordinator: { name: 'Li Lei', phone: '13800138000', organization: 'No. 1 Middle School' },
    });
    const { history } = await import('@umijs/max');
    expect(new URLSearchParams(history.location.search).get('groupId')).toBe(GROUP_ID);
    expect(screen.getByText('Excel template (.xlsx)').closest('a')).toHaveAttribute(
      'href',
      '/api/front/group-template?format=xlsx',
    );
    expect(screen.getByText('CSV template (.csv)').closest('a')).toHaveAttribute('download');
    expect(button('Next')).toBeDisabled();

    await user.upload(fileInput(), spreadsheet());
    expect(await screen.findByText('Total participants: 5')).toBeInTheDocument();
    const sent = callsTo(calls, UPLOAD_URL)[0].body as FormData;
    expect((sent.get('file') as File).name).toBe('class-3.xlsx');
    const accepted = tableNamed('Accepted members: 3');
    expect(within(accepted).getByText('Wang Fang')).toBeInTheDocument();
    expect(within(accepted).getByText('13900139002')).toBeInTheDocument();
    expect(within(accepted).getByText('Male')).toBeInTheDocument();
    await user.click(button('Next'));

    await waitFor(async () => expect(await heading('Payment')).toHaveFocus());
    const line = (label: string) => screen.getByText(label).closest('tr') as HTMLElement;
    expect(await within(line('Quantity')).findByText('3')).toBeInTheDocument();
    expect(within(line('Subtotal')).getByText('CN¥450.00')).toBeInTheDocument();
    expect(within(line('Group discount')).getByText('-CN¥22.50')).toBeInTheDocument();
    expect(within(line('Total')).getByText('CN¥430.07')).toBeInTheDocument();
    await user.click(button('Pay now'));
    expect(await screen.findByLabelText('Payment QR code, CN¥430.07')).toBeInTheDocument();
    await user.click(button('Reload'));

    expect(await screen.findByText('Group registration complete')).toBeInTheDocument();
    await waitFor(async () => expect(await heading('Done')).toHaveFocus());
    expect(screen.queryByText('Please Scan QrCode For Payment')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Admission QR code of Chen Jing for HSK Level 4')).toBeInTheDocument();
  });

  it("fills in the coordinator's details of this account's last group, and not another account's", async () => {
    // The server answers the coordinator it was sent, with the phone in E.164.
    groupServer(groupFixture(), {
      'POST /api/front/groups': (call) => {
        const { coordinator } = call.body as { coordinator: { name: string; phone: string; organization: string } };
        return ok(groupFixture({ coordinator: { ...coordinator, phone: `+86${coordinator.phone}` } }));
      },
    });
    await open(`?examId=${exam.id}`, 'Your Information');
    // The first group: the account's name and phone, and no organization yet.
    expect(screen.getByLabelText('Your name')).toHaveValue('Li Lei');
    await user.clear(screen.getByLabelText('Your name'));
    await user.type(screen.getByLabelText('Your name'), 'Wang Laoshi');
    await user.type(screen.getByLabelText('School or organization'), 'No. 1 Middle School');
    await user.click(button('Next'));
    await heading('Upload Form');
    const kept = Object.keys(localStorage).filter((key) => key.startsWith('group_coordinator:'));
    expect(kept).toHaveLength(1);
    cleanup();

    // The next group of the same account, on the same browser.
    const session = { ...localStorage };
    loginAs('en-US');
    for (const key of kept) localStorage.setItem(key, session[key] as string);
    render(<TestBrowser location={{ pathname: '/home/gRegistration', search: `?examId=${exam.id}` }} />);
    await heading('Your Information');
    await waitFor(() => expect(screen.getByLabelText('School or organization')).toHaveValue('No. 1 Middle School'));
    expect(screen.getByLabelText('Your name')).toHaveValue('Wang Laoshi');
    cleanup();

    // Another account keeps nothing of it.
    localStorage.setItem('group_coordinator:someone-else', session[kept[0] as string] as string);
    localStorage.removeItem(kept[0] as string);
    render(<TestBrowser location={{ pathname: '/home/gRegistration', search: `?examId=${exam.id}` }} />);
    await heading('Your Information');
    expect(screen.getByLabelText('School or organization')).toHaveValue('');
    expect(screen.getByLabelText('Your name')).toHaveValue('Li Lei');
  });

  it('shows the refused rows under their heading, each reason with the value of the column it refuses', async () => {
    groupServer(uploaded);
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    const rejected = tableNamed('The following Student Can not be Proceed');
    const row = (n: string) => within(rejected).getByText(n).closest('tr') as HTMLElement;
    expect(within(row('5')).getByText('Liu Yang')).toBeInTheDocument();
    expect(within(row('5')).getByText('Phone "13900139001": same as row 2')).toBeInTheDocument();
    expect(within(row('6')).getByText('(blank)')).toBeInTheDocument();
    expect(within(row('6')).getByText('Name (blank): required, at most 50 characters')).toBeInTheDocument();
    expect(within(row('6')).getByText('Phone "12345": not a mainland China mobile number')).toBeInTheDocument();
    expect(within(row('6')).getByText('ID card number "1101052008": not a valid ID card number')).toBeInTheDocument();
    expect(within(row('6')).getByText('Date of birth "2008-02-30": not a date (yyyy-mm-dd)')).toBeInTheDocument();
  });

  it('words the refused rows in Chinese', async () => {
    groupServer(uploaded);
    await open(`?groupId=${GROUP_ID}`, '上传名单', 'zh-CN');
    const rejected = tableNamed('以下学员无法继续报名');
    expect(within(rejected).getByText('手机号“13900139001”：与第 2 行重复')).toBeInTheDocument();
    expect(within(rejected).getByText('姓名（空）：必填，最多 50 个字')).toBeInTheDocument();
    expect(within(rejected).getByText('手机号“12345”：不是中国大陆手机号')).toBeInTheDocument();
    expect(screen.getByText('参加人数：5')).toBeInTheDocument();
    expect(button('跳过，个人报名')).toBeEnabled();
  });

  it('replaces the lists with those of a file uploaded again', async () => {
    const second = groupFixture({
      upload: {
        fileName: 'class-3-fixed.csv',
        uploadedAt: '2026-03-01T02:05:00.000Z',
        totalParticipants: 2,
        accepted: [memberFixture(2, 'Sun Mei', '+8613900139011'), memberFixture(3, 'Zhou Tao', '+8613900139012')],
        rejected: [],
      },
    });
    const calls = groupServer(uploaded, { [`POST ${UPLOAD_URL}`]: () => ok(second) });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    expect(screen.getByText('Wang Fang')).toBeInTheDocument();
    await user.upload(fileInput(), spreadsheet('class-3-fixed.csv'));

    expect(await screen.findByText('Total participants: 2')).toBeInTheDocument();
    expect(tableNamed('Accepted members: 2')).toHaveTextContent('Sun Mei');
    expect(screen.queryByText('Wang Fang')).not.toBeInTheDocument();
    expect(screen.queryByText('The following Student Can not be Proceed')).not.toBeInTheDocument();
    expect(callsTo(calls, UPLOAD_URL)).toHaveLength(1);
    expect(button('Upload again')).toBeEnabled();
  });

  it('keeps Next disabled when no member was accepted', async () => {
    groupServer(
      groupFixture({
        upload: { ...MIXED_UPLOAD, totalParticipants: 2, accepted: [], rejected: MIXED_UPLOAD.rejected },
      }),
    );
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    expect(
      screen.getByText(
        'No member was accepted. Correct the file and upload it again, or skip to register individually.',
      ),
    ).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
  });

  it('says "Upload Failed" and names the missing columns in the reader\'s language', async () => {
    const missing = [
      { path: 'phone', message: 'missing' },
      { path: 'idNumber', message: 'missing' },
    ];
    groupServer(groupFixture(), { [`POST ${UPLOAD_URL}`]: () => err('GROUP_FILE_HEADERS_MISSING', missing) });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.upload(fileInput(), spreadsheet());
    const alert = await alertWith('Upload Failed');
    expect(
      within(alert).getByText('These columns are missing: Phone and ID card number. Please start from the template.'),
    ).toBeInTheDocument();
  });

  it('says the same in Chinese', async () => {
    groupServer(groupFixture(), {
      [`POST ${UPLOAD_URL}`]: () => err('GROUP_FILE_HEADERS_MISSING', [{ path: 'idNumber', message: 'missing' }]),
    });
    await open(`?groupId=${GROUP_ID}`, '上传名单', 'zh-CN');
    await user.upload(fileInput(), spreadsheet());
    const alert = await alertWith('上传失败');
    expect(within(alert).getByText('缺少以下列：身份证号。请使用模板填写。')).toBeInTheDocument();
  });

  it('answers a file that is not a spreadsheet with "Please upload file in proper format"', async () => {
    groupServer(groupFixture(), { [`POST ${UPLOAD_URL}`]: () => err('GROUP_FILE_INVALID') });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.upload(fileInput(), spreadsheet('renamed-photo.xlsx'));
    const alert = await alertWith('Upload Failed');
    expect(within(alert).getByText('Please upload file in proper format')).toBeInTheDocument();
  });

  it('refuses a file over 2 MB in the browser, without sending it', async () => {
    const calls = groupServer();
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.upload(fileInput(), spreadsheet('whole-school.xlsx', 2 * 1024 * 1024 + 1));
    const alert = await alertWith('Upload Failed');
    expect(within(alert).getByText('The file is larger than 2 MB.')).toBeInTheDocument();
    expect(callsTo(calls, UPLOAD_URL)).toHaveLength(0);
  });

  it("says a group that is not the coordinator's does not exist, and leads back to the exams", async () => {
    groupServer(groupFixture(), { [`GET ${GROUP_URL}`]: () => err('NOT_FOUND') });
    loginAs('en-US');
    render(<TestBrowser location={{ pathname: '/home/gRegistration', search: `?groupId=${GROUP_ID}` }} />);
    expect(
      await screen.findByText('What you are looking for does not exist or is not yours.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Go to My Exams').closest('a')).toHaveAttribute('href', '/home/examlist');
  });

  it('leaves to single registration for the same exam on Skip', async () => {
    groupServer();
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.click(button('Skip'));
    const { history } = await import('@umijs/max');
    await waitFor(() => expect(history.location.pathname).toBe('/home/singleRegistration'));
    expect(history.location.search).toBe(`?examId=${exam.id}`);
  });

  it('checks out once for a double click on Pay now, and Pay now again reopens the same QR', async () => {
    const calls = groupServer(uploaded);
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.click(button('Next'));
    await heading('Payment');
    await waitFor(() => expect(button('Pay now')).toBeEnabled());
    await user.dblClick(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    const checkouts = callsTo(calls, CHECKOUT_URL);
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    const modal = screen.getByText('Please Scan QrCode For Payment').closest('.ant-modal') as HTMLElement;
    await user.click(within(modal).getByText('Back'));
    await waitFor(() => expect(screen.queryByText('Please Scan QrCode For Payment')).not.toBeInTheDocument());
    await user.click(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    expect(callsTo(calls, CHECKOUT_URL)).toHaveLength(1);
  });

  it('prices a promo code, refuses an unknown one on its field and pays with the code of the lines shown', async () => {
    const calls = groupServer(uploaded, {
      [`POST ${GROUP_URL}/quote`]: (call) => {
        const { promoCode } = call.body as { promoCode?: string };
        if (promoCode === 'NOPE') return err('PROMO_CODE_INVALID');
        return ok(promoCode ? { ...GROUP_QUOTE, promotionDiscountFen: 4_500, promoCode: 'SPRING10' } : GROUP_QUOTE);
      },
    });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.click(button('Next'));
    await heading('Payment');
    const promo = screen.getByLabelText('Promo code (optional)');
    await user.type(promo, 'NOPE');
    await user.click(button('Apply'));
    expect(await screen.findByText('This promo code is unknown or no longer valid.')).toBeInTheDocument();
    await user.clear(promo);
    await user.type(promo, 'spring10');
    await user.click(button('Apply'));
    const line = (label: string) => screen.getByText(label).closest('tr') as HTMLElement;
    expect(await within(line('Promotion discount')).findByText('-CN¥45.00')).toBeInTheDocument();
    await user.type(promo, 'typed-after');
    await user.click(button('Pay now'));
    await screen.findByText('Please Scan QrCode For Payment');
    expect(callsTo(calls, CHECKOUT_URL)[0].body).toEqual({
      promoCode: 'SPRING10',
      expectedTotalFen: GROUP_QUOTE.totalFen,
    });
  });

  it('shows the new lines when the price changed since they were shown, and Pay now then confirms them', async () => {
    let raised = false;
    const dearer = {
      ...GROUP_QUOTE,
      unitPriceFen: 16_000,
      subtotalFen: 48_000,
      groupDiscountFen: 2_400,
      handlingFen: 274,
      totalFen: 45_874,
    };
    const calls = groupServer(uploaded, {
      [`POST ${GROUP_URL}/quote`]: () => ok(raised ? dearer : GROUP_QUOTE),
      [`POST ${CHECKOUT_URL}`]: (call) =>
        (call.body as { expectedTotalFen: number }).expectedTotalFen === dearer.totalFen
          ? ok(groupFixture({ upload: MIXED_UPLOAD, order: groupOrderFixture(), canUpload: false }))
          : err('PRICE_CHANGED'),
    });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.click(button('Next'));
    await heading('Payment');
    await waitFor(() => expect(button('Pay now')).toBeEnabled());
    raised = true;
    await user.click(button('Pay now'));
    const warning = await alertWith(
      'The price changed since it was shown: the total is now CN¥458.74. Nothing was charged. Check the lines and press Pay now to confirm the new total.',
    );
    expect(warning).toBeInTheDocument();
    const total = screen.getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getByText('CN¥458.74')).toBeInTheDocument();
    expect(screen.queryByText('Please Scan QrCode For Payment')).not.toBeInTheDocument();
    await user.click(button('Pay now'));
    expect(await screen.findByText('Please Scan QrCode For Payment')).toBeInTheDocument();
    expect(callsTo(calls, CHECKOUT_URL).map((call) => call.body)).toEqual([
      { expectedTotalFen: GROUP_QUOTE.totalFen },
      { expectedTotalFen: dearer.totalFen },
    ]);
  });

  it('says in place when Pay now got no answer, and that pressing again is safe', async () => {
    groupServer(uploaded, { [`POST ${CHECKOUT_URL}`]: () => lost() });
    await open(`?groupId=${GROUP_ID}`, '上传名单', 'zh-CN');
    await user.click(button('下一步'));
    await heading('支付');
    await waitFor(() => expect(button('立即支付')).toBeEnabled());
    await user.click(button('立即支付'));
    expect(
      await alertWith('未收到答复，无法确定是否已预订成功。请检查网络后再次点击“立即支付”，不会重复扣款。'),
    ).toBeInTheDocument();
  });

  it('sends the coordinator back to the upload when a member was registered meanwhile', async () => {
    groupServer(uploaded, { [`POST ${CHECKOUT_URL}`]: () => err('GROUP_CHANGED') });
    await open(`?groupId=${GROUP_ID}`, 'Upload Form');
    await user.click(button('Next'));
    await heading('Payment');
    await waitFor(() => expect(button('Pay now')).toBeEnabled());
    await user.click(button('Pay now'));
    await heading('Upload Form');
    expect(screen.getByText('Members changed since this upload. Please upload the file again.')).toBeInTheDocument();
  });

  it("shows a paid group's members with their status and every member's ticket", async () => {
    groupServer(paidGroupFixture());
    await open(`?groupId=${GROUP_ID}`, 'Done');
    const roster = tableNamed('Members');
    for (const name of ['Wang Fang', 'Zhao Lei', 'Chen Jing']) {
      const row = within(roster).getByText(name).closest('tr') as HTMLElement;
      expect(within(row).getByText('Registered')).toBeInTheDocument();
      expect(await screen.findByLabelText(`Admission QR code of ${name} for HSK Level 4`)).toBeInTheDocument();
    }
    expect(screen.getByText('Admission ticket: Zhao Lei', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getAllByText('13900139001').length).toBeGreaterThan(1);
    expect(
      screen.getAllByText('Please bring your identity card and this ticket, and arrive 45 minutes early for check-in.'),
    ).toHaveLength(3);
    expect(button('Print tickets')).toBeEnabled();
    expect(document.querySelectorAll('.print-sheet')).toHaveLength(3);
  });

  it.each([
    {
      locale: 'en-US',
      done: 'Done',
      roster: 'Members',
      cancel: 'Cancel seat of Zhao Lei',
      title: "Cancel Zhao Lei's seat?",
      consequence:
        'The seat is released and its share of your payment is refunded to you. Zhao Lei is told by SMS. This cannot be undone.',
      told: "Zhao Lei's seat is canceled. CN¥143.35 will be refunded to your payment, and Zhao Lei has been told by SMS.",
      canceled: 'Canceled',
      registered: 'Registered',
    },
    {
      locale: 'zh-CN',
      done: '完成',
      roster: '成员',
      cancel: '取消座位（Zhao Lei）',
      title: '取消 Zhao Lei 的座位？',
      consequence: '座位将被释放，该座位的费用份额将退还给您，并以短信通知 Zhao Lei。此操作无法撤销。',
      told: '已取消 Zhao Lei 的座位，¥143.35 将退还到您的付款账户，并已短信通知 Zhao Lei。',
      canceled: '已取消',
      registered: '已报名',
    },
  ])("$locale: the coordinator cancels one member's seat, confirmed first, and is told the refund", async (t) => {
    const cancelUrl = `${GROUP_URL}/members/${PAID_MEMBERS[1]?.registrationId}/cancel`;
    const calls = groupServer(paidGroupFixture(), {
      [`POST ${cancelUrl}`]: () => ok({ group: paidGroupFixture([3]), refundFen: 14_335 }),
    });
    await open(`?groupId=${GROUP_ID}`, t.done, t.locale);
    const rowOf = (name: string) => rowIn(t.roster, name);
    expect(rowOf('Wang Fang').querySelector('button')).not.toBeNull();

    await user.click(screen.getByLabelText(t.cancel));
    const dialog = await confirmDialog(t.title);
    expect(within(dialog).getByText(t.consequence)).toBeInTheDocument();
    expect(callsTo(calls, cancelUrl)).toHaveLength(0);
    await confirmIn(dialog);

    expect(await screen.findByText(t.told)).toBeInTheDocument();
    expect(callsTo(calls, cancelUrl)).toHaveLength(1);
    expect(within(rowOf('Zhao Lei')).getByText(t.canceled)).toBeInTheDocument();
    expect(rowOf('Zhao Lei').querySelector('button')).toBeNull();
    expect(within(rowOf('Chen Jing')).getByText(t.registered)).toBeInTheDocument();
    expect(rowOf('Chen Jing').querySelector('button')).not.toBeNull();
  });

  it('says in place why a cancel was refused', async () => {
    const zhao = PAID_MEMBERS[1];
    groupServer(paidGroupFixture(), {
      [`POST ${GROUP_URL}/members/${zhao?.registrationId}/cancel`]: () => err('RESERVATION_LOCKED'),
    });
    await open(`?groupId=${GROUP_ID}`, 'Done');
    await user.click(screen.getByLabelText('Cancel seat of Zhao Lei'));
    await confirmIn(await confirmDialog("Cancel Zhao Lei's seat?"));
    const refusal = await alertWith('A reservation cannot be changed or canceled within 72 hours of the test.');
    expect(refusal).toBeInTheDocument();
    expect(within(rowIn('Members', 'Zhao Lei')).getByText('Registered')).toBeInTheDocument();
  });

  it('offers no cancel within the lock, and says why', async () => {
    const soon = examFixture({ startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString() });
    const lockedFrom = new Date(Date.parse(soon.startsAt) - 72 * 3_600_000).toISOString();
    const members = PAID_MEMBERS.map((member) => ({ ...member, canCancel: false }));
    groupServer(paidGroupFixture([], { exam: soon, lockedFrom, upload: { ...MIXED_UPLOAD, accepted: members } }));
    await open(`?groupId=${GROUP_ID}`, 'Done');
    expect(tableNamed('Members').querySelector('button')).toBeNull();
    expect(screen.getByText(/^Seats cannot be canceled within 72 hours of the test \(from /)).toBeInTheDocument();
  });
});
