import { act, screen } from '@testing-library/react';
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { createHistory, history, request } from '@umijs/max';
import { message, notification } from 'antd';
import { AxiosError } from 'axios';
import { allowForTransfers, errorConfig } from '@/requestErrorConfig';
import { failureText } from '@/utils/failure';
import type { ErrorEnvelope } from '../contract/envelope';

type Adapter = (config: AxiosRequestConfig) => Promise<AxiosResponse>;

/** A transport answering with `status` and `data`, rejecting like axios's own adapters do for non-2xx. */
function answer(status: number, data: unknown): Adapter {
  return (config) => {
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status < 300) return Promise.resolve(response);
    return Promise.reject(
      new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response),
    );
  };
}

const unreachable: Adapter = (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));

const envelope = (showType: ErrorEnvelope['showType'], errorCode: ErrorEnvelope['errorCode'] = 'OTP_INVALID') => ({
  success: false,
  errorCode,
  errorMessage: `server says ${errorCode}`,
  showType,
});

async function call(adapter: Adapter, options: { skipErrorHandler?: boolean; timeout?: number } = {}) {
  await expect(request('/api/front/anything', { adapter, ...options })).rejects.toBeDefined();
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('umi_locale', 'en-US');
  createHistory({ type: 'memory' });
  history.push('/home');
});

afterEach(() => {
  act(() => {
    message.destroy();
    notification.destroy();
  });
});

describe('request error display by showType (spec section 8)', () => {
  it('0 shows nothing', async () => {
    await call(answer(200, envelope(0)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/verification code/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/server says/)).not.toBeInTheDocument();
  });

  it('1 shows a warning with the localized text of the code', async () => {
    await call(answer(429, envelope(1, 'OTP_TOO_SOON')));
    expect(await screen.findByText(/A code was sent a moment ago/)).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });

  it('2 shows an error message, on a 2xx answer too', async () => {
    await call(answer(200, envelope(2)));
    expect(await screen.findByText(/The verification code is wrong/)).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).not.toBeNull();
  });

  it('4 shows a notification titled with the code text and described by the server message', async () => {
    await call(answer(400, envelope(4, 'OTP_EXPIRED')));
    expect(await screen.findByText(/The verification code has expired/)).toBeInTheDocument();
    expect(screen.getByText('server says OTP_EXPIRED')).toBeInTheDocument();
  });

  it('9 goes to /exception with the code and message in the query', async () => {
    await call(answer(500, envelope(9, 'INTERNAL')));
    expect(history.location.pathname).toBe('/exception');
    const query = new URLSearchParams(history.location.search);
    expect(query.get('errorCode')).toBe('INTERNAL');
    expect(query.get('errorMessage')).toBe('server says INTERNAL');
  });

  it('an unknown showType shows an error message', async () => {
    await call(answer(400, { ...envelope(2), showType: 7 }));
    expect(await screen.findByText(/The verification code is wrong/)).toBeInTheDocument();
  });

  it('falls back to the server message for a code the locale does not know', async () => {
    await call(answer(409, { ...envelope(2), errorCode: 'SOMETHING_NEW', errorMessage: 'Seat map changed' }));
    expect(await screen.findByText('Seat map changed')).toBeInTheDocument();
  });

  it('words a code only one page meets before that page has loaded', async () => {
    await call(answer(403, { ...envelope(2), errorCode: 'TEST_CENTERS_ONLY', errorMessage: 'Test centers only' }));
    expect(await screen.findByText('Only a test center can do this.')).toBeInTheDocument();
  });

  it('shows the text in Chinese when the language is zh-CN', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    await call(answer(400, envelope(2)));
    expect(await screen.findByText('验证码错误，请检查后重试。')).toBeInTheDocument();
  });

  it('shows nothing when the call opts out with skipErrorHandler', async () => {
    await call(answer(400, envelope(2)), { skipErrorHandler: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/The verification code is wrong/)).not.toBeInTheDocument();
  });
});

describe('failures without an envelope', () => {
  it('a lost network shows the network notification', async () => {
    await call(unreachable);
    expect(await screen.findByText('Network exception')).toBeInTheDocument();
    expect(screen.getByText('Your network is abnormal and cannot connect to the server')).toBeInTheDocument();
  });

  it('a lost network reads in Chinese under zh-CN', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    await call(unreachable);
    expect(await screen.findByText('网络异常')).toBeInTheDocument();
  });

  it('a timeout says the server did not answer in time, naming the limit', async () => {
    const slow: Adapter = (config) =>
      Promise.reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, {}));
    await call(slow, { timeout: 1500 });
    expect(
      await screen.findByText('The server did not answer within 2 seconds (timeout of 1500ms exceeded). Please retry.'),
    ).toBeInTheDocument();
  });

  it('a timeout reads in Chinese under zh-CN', async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    const slow: Adapter = (config) =>
      Promise.reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, {}));
    await call(slow);
    expect(await screen.findByText('服务器在 15 秒内没有应答（请求超时，15000 毫秒），请重试。')).toBeInTheDocument();
  });

  it('a server breakdown (an HTML error page) says it is the server, not the network, in both languages', async () => {
    await call(answer(502, '<html>Bad gateway</html>'));
    expect(
      await screen.findByText(
        'The server ran into an error (HTTP 502); your network is fine. Please retry in a moment.',
      ),
    ).toBeInTheDocument();
    localStorage.setItem('umi_locale', 'zh-CN');
    await call(answer(500, '<html>Internal Server Error</html>'));
    expect(await screen.findByText('服务器出错（HTTP 500），并非您的网络问题，请稍后重试。')).toBeInTheDocument();
  });

  it('network down, server error and timeout are three different sentences in each language', async () => {
    for (const lang of ['en-US', 'zh-CN']) {
      localStorage.setItem('umi_locale', lang);
      const texts = [
        failureText(new AxiosError('Network Error', 'ERR_NETWORK', { headers: {} } as never, {})),
        failureText(new AxiosError('timeout', 'ECONNABORTED', { timeout: 15_000, headers: {} } as never, {})),
        failureText(
          new AxiosError('500', 'ERR_BAD_RESPONSE', { headers: {} } as never, {}, {
            status: 500,
            data: '<html></html>',
          } as never),
        ),
      ];
      expect(new Set(texts).size).toBe(3);
    }
  });

  it('calls failing together while the network is down show one notice, not a stack', async () => {
    await Promise.all([call(unreachable), call(unreachable), call(unreachable)]);
    await screen.findByText('Network exception');
    expect(screen.getAllByText('Network exception')).toHaveLength(1);
  });

  it('any other answer shows the fallback', async () => {
    await call(answer(418, '<html>I am a teapot</html>'));
    expect(await screen.findByText('Request error, please retry.')).toBeInTheDocument();
  });

  it('waits 15 s for an answer, and two minutes for an upload or a download', () => {
    expect(errorConfig.timeout).toBe(15_000);
    const upload = allowForTransfers({ timeout: 15_000, data: new FormData() });
    const download = allowForTransfers({ timeout: 15_000, responseType: 'blob' });
    expect([upload.timeout, download.timeout]).toEqual([120_000, 120_000]);
    expect(allowForTransfers({ timeout: 15_000, data: { a: 1 } }).timeout).toBe(15_000);
  });
});

describe('session handling', () => {
  it('sends the stored token as a bearer credential', async () => {
    localStorage.setItem('access_token', 'tok-123');
    let authorization: unknown;
    await request('/api/front/currentUser', {
      adapter: (config: AxiosRequestConfig) => {
        authorization = config.headers?.Authorization;
        return answer(200, { success: true, data: {} })(config);
      },
    });
    expect(authorization).toBe('Bearer tok-123');
  });

  it('a 401 on a private page clears the session and asks for login with the way back', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('type', 'individual');
    localStorage.setItem('exam_id', 'e1');
    history.push('/home/ticket?id=7');
    await call(answer(401, envelope(0, 'UNAUTHORIZED')));
    expect(history.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/home/ticket?id=7');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('exam_id')).toBeNull();
    expect(localStorage.getItem('type')).toBe('');
  });

  it('a 401 on a page with a route parameter asks for login with the way back', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('type', 'testCenter');
    history.push('/home/center/exams/0192f0c0-0000-7000-8000-000000000101?tab=results');
    await call(answer(401, envelope(0, 'UNAUTHORIZED')));
    expect(history.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe(
      '/home/center/exams/0192f0c0-0000-7000-8000-000000000101?tab=results',
    );
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('a 401 on a public page ends the session and asks for login too', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('type', 'individual');
    await call(answer(401, envelope(0, 'UNAUTHORIZED')));
    expect(history.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/home');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('type')).toBe('');
  });

  it('a 401 on a call that shows its own errors (skipErrorHandler) ends the session and asks for login too', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('type', 'individual');
    history.push('/home/singleRegistration?examId=e1');
    await call(answer(401, envelope(0, 'UNAUTHORIZED')), { skipErrorHandler: true });
    expect(history.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/home/singleRegistration?examId=e1');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('the start-up check of a stored token (probeSession) leaves the page to the guard', async () => {
    localStorage.setItem('access_token', 'expired');
    history.push('/home/risk');
    await expect(
      request('/api/front/currentUser', {
        adapter: answer(401, envelope(0, 'UNAUTHORIZED')),
        skipErrorHandler: true,
        probeSession: true,
      }),
    ).rejects.toBeDefined();
    expect(history.location.pathname).toBe('/home/risk');
  });

  it("an overloaded server (503 OVERLOADED, Retry-After) warns in the reader's language and keeps the session", async () => {
    localStorage.setItem('umi_locale', 'zh-CN');
    localStorage.setItem('access_token', 'tok-busy');
    localStorage.setItem('type', 'individual');
    history.push('/home/singleRegistration?examId=e1');
    const busy: Adapter = (config) =>
      Promise.reject(
        new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', config, {}, {
          data: envelope(1, 'OVERLOADED'),
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'retry-after': '5' },
          config,
          request: {},
        } as AxiosResponse),
      );
    await call(busy);
    expect(await screen.findByText('当前访问人数过多，请几秒后重试。')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(history.location.pathname).toBe('/home/singleRegistration');
    expect(localStorage.getItem('access_token')).toBe('tok-busy');
    expect(localStorage.getItem('type')).toBe('individual');
  });

  it('a 401 on the login page stays there, without a redirect to itself', async () => {
    localStorage.setItem('access_token', 'expired');
    history.push('/user/login?redirect=%2Fhome%2Fprofile');
    await call(answer(401, envelope(0, 'UNAUTHORIZED')));
    expect(history.location.pathname).toBe('/user/login');
    expect(history.location.search).toBe('?redirect=%2Fhome%2Fprofile');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
