import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { getRequestInstance, history, TestBrowser } from '@umijs/max';

const SITE = {
  companyName: { zh: '北京某体育科技有限公司', en: 'Beijing Sports Technology Co., Ltd.' },
  filingNumber: '京ICP备00000000号',
  filingUrl: '',
  smsToConsole: true,
};

const USER = {
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  kind: 'individual',
  phone: '+8613800138000',
  name: '',
  avatar_small: null,
};

const ANSWERS: Record<string, unknown> = {
  '/api/front/site': SITE,
  '/api/front/otp': { sentTo: '+86 138****8000', resendAfterSeconds: 60, expiresInSeconds: 300 },
  '/api/front/login': { access_token: 'token-1', type: 'individual', created: true },
  '/api/front/currentUser': USER,
};

/** A stand-in for the server at the HTTP transport: the page's own services and request pipeline still run. */
const fakeServer = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
  const data = ANSWERS[config.url ?? ''];
  const body = data
    ? { success: true, data }
    : { success: false, errorCode: 'NOT_FOUND', errorMessage: '', showType: 0 };
  return { data: body, status: data ? 200 : 404, statusText: '', headers: {}, config };
};

beforeAll(() => {
  getRequestInstance().defaults.adapter = fakeServer;
});

async function openLogin(locale: string, search = '') {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  render(<TestBrowser location={{ pathname: '/user/login', search }} />);
  const submit = await screen.findByText(locale === 'en-US' ? 'Log in' : '登 录', {}, { timeout: 10_000 });
  return submit.closest('button') as HTMLButtonElement;
}

/** The button whose visible text (its accessible name) is `name`. Role queries are avoided: with antd's injected
 * styles each one takes seconds in jsdom. */
const button = (name: string) => screen.getByText(name).closest('button') as HTMLButtonElement;

// Checking pointer-events walks getComputedStyle up the tree on every action, which antd's styles make slow.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('login page', () => {
  it('names every control so it can be used by keyboard and screen reader', async () => {
    await openLogin('en-US');
    expect(screen.getByLabelText('Individual')).toBeChecked();
    expect(screen.getByLabelText('Test center')).toHaveAttribute('type', 'radio');
    expect(screen.getByLabelText('Examiner')).toHaveAttribute('type', 'radio');
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(button('Send code')).toBeEnabled();
    expect(await screen.findByText(/it appears in the server console/)).toBeInTheDocument();
    expect(screen.getByText(/Your first login with this phone number creates one/)).toBeInTheDocument();
  });

  it('asks for a valid phone and the code when submitted empty', async () => {
    const submit = await openLogin('en-US');
    await user.click(submit);
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(await screen.findByText('Please enter verification code')).toBeInTheDocument();
  });

  it('refuses a phone number that is not a mainland mobile', async () => {
    const submit = await openLogin('en-US');
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(submit);
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Please enter verification code')).not.toBeInTheDocument();
  });

  it('does not send a code to an invalid phone', async () => {
    await openLogin('en-US');
    await user.type(screen.getByLabelText('Phone number'), '999');
    await user.click(button('Send code'));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(button('Send code')).toBeEnabled();
  });

  it('sends a code, counts down, logs in and returns to the page that asked for login', async () => {
    const submit = await openLogin('en-US', `?redirect=${encodeURIComponent('/home/examlist')}`);
    await user.type(screen.getByLabelText('Phone number'), '138 0013 8000');
    await user.click(button('Send code'));
    expect(await screen.findByText(/A code was sent to \+86 138\*\*\*\*8000/)).toBeInTheDocument();
    const countdown = (await screen.findByText(/Resend in \d+s/)).closest('button');
    expect(countdown).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(submit);
    expect(await screen.findByText('Your account has been created. Welcome!')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('token-1');
    expect(localStorage.getItem('type')).toBe('individual');
    await waitFor(() => expect(history.location.pathname).toBe('/home/examlist'));
  });

  it('opens the language menu from the keyboard on first use and switches the page to Chinese', async () => {
    await openLogin('en-US');
    const languageButton = button('English');
    expect(languageButton).toHaveAccessibleName('Language: English');
    expect(languageButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('简体中文')).not.toBeInTheDocument();
    languageButton.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByText('简体中文', {}, { timeout: 10_000 }));
    expect(await screen.findByText('登 录')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('speaks Chinese by default settings of zh-CN', async () => {
    const submit = await openLogin('zh-CN');
    await user.click(submit);
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(screen.getByLabelText('手机号码')).toBeInTheDocument();
  });
});
