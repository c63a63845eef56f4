import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { getRequestInstance, TestBrowser } from '@umijs/max';
import { AxiosError } from 'axios';

const SITE = { companyName: { zh: '公司', en: 'Company' }, filingNumber: '', filingUrl: '', smsToConsole: true };

/** The server as it answers a second code request for the same phone within the send interval: 429 OTP_TOO_SOON. */
const tooSoonServer = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
  const ok = (data: unknown): AxiosResponse => ({
    data: { success: true, data },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
  if (config.url === '/api/front/site') return ok(SITE);
  const response: AxiosResponse = {
    data: {
      success: false,
      errorCode: 'OTP_TOO_SOON',
      errorMessage: 'A code was sent moments ago. Wait 42 seconds before requesting another.',
      showType: 1,
      details: [{ path: 'retryAfterSeconds', message: '42' }],
    },
    status: 429,
    statusText: '',
    headers: {},
    config,
  };
  throw new AxiosError('Request failed with status code 429', 'ERR_BAD_REQUEST', config, {}, response);
};

beforeAll(() => {
  getRequestInstance().defaults.adapter = tooSoonServer;
});

const button = (name: RegExp | string) => screen.getByText(name).closest('button') as HTMLButtonElement;

describe('send code button', () => {
  it('counts down from the wait the server names when a code was sent moments ago', async () => {
    localStorage.clear();
    localStorage.setItem('umi_locale', 'en-US');
    render(<TestBrowser location={{ pathname: '/user/login' }} />);
    await screen.findByText('Send code', {}, { timeout: 10_000 });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.type(screen.getByLabelText('Phone number'), '13800138000');
    await user.click(button('Send code'));

    expect(await screen.findByText(/A code was sent a moment ago/)).toBeInTheDocument();
    expect(await screen.findByText(/^Resend in (42|41)s$/)).toBeInTheDocument();
    expect(button(/^Resend in/)).toBeDisabled();
    await waitFor(() => expect(screen.getByText(/^Resend in (40|39)s$/)).toBeInTheDocument(), { timeout: 4_000 });
    expect(button(/^Resend in/)).toBeDisabled();
  });
});
