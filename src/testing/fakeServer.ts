/**
 * Test support for every page: a stand-in for the server at the HTTP transport (as the login tests do), so the pages'
 * own services and request pipeline still run. Not imported by the app.
 */
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { getRequestInstance } from '@umijs/max';
import { AxiosError } from 'axios';
import type { ErrorCode } from '../../contract/errors';
import { ERROR_CATALOGUE } from '../../contract/errors';

export interface Call {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface Detail {
  path: string;
  message: string;
}
export type Answer =
  | { ok: true; data: unknown }
  | { ok: false; code: ErrorCode; details?: Detail[] }
  | { ok: false; lost: true }
  | { ok: false; html: number }
  | { ok: false; timedOut: true };
/** A route answers at once, or later (a slow server), or never (a promise that never settles). */
export type Route = (call: Call) => Answer | Promise<Answer>;

export const ok = (data: unknown): Answer => ({ ok: true, data });
export const err = (code: ErrorCode, details?: Detail[]): Answer => ({ ok: false, code, details });
/** No answer at all: the connection dropped, as axios reports it. */
export const lost = (): Answer => ({ ok: false, lost: true });
/** A proxy's HTML error page instead of the API's envelope: the server broke down (500 unless told). */
export const serverDown = (status = 500): Answer => ({ ok: false, html: status });
/** No answer within the request's time limit, as axios reports it. */
export const timedOut = (): Answer => ({ ok: false, timedOut: true });

export const INDIVIDUAL = {
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  kind: 'individual',
  phone: '+8613800138000',
  name: 'Li Lei',
  avatar_small: null,
};

const SITE = { companyName: { zh: '公司', en: 'Company' }, filingNumber: '', filingUrl: '', smsToConsole: true };

/**
 * Installs the fake server with `routes` keyed "METHOD /path" and returns every call it received; `files` answers
 * paths with a file (a Blob) instead of an envelope, as the downloads and exports do.
 */
export function serve(routes: Record<string, Route>, files: Record<string, Blob> = {}): Call[] {
  const calls: Call[] = [];
  const all: Record<string, Route> = {
    'GET /api/front/site': () => ok(SITE),
    'GET /api/front/currentUser': () => ok(INDIVIDUAL),
    ...routes,
  };
  getRequestInstance().defaults.adapter = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const call: Call = {
      method,
      url: config.url ?? '',
      params: (config.params as Record<string, unknown>) ?? {},
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...(config.headers as Record<string, unknown>) },
    };
    calls.push(call);
    const file = files[call.url];
    if (file) return { data: file, status: 200, statusText: '', headers: {}, config };
    const route = all[`${method} ${call.url}`];
    const answer = route ? await route(call) : err('NOT_FOUND');
    if (answer.ok)
      return { data: { success: true, data: answer.data }, status: 200, statusText: '', headers: {}, config };
    if ('lost' in answer) throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    if ('timedOut' in answer) {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config, {});
    }
    if ('html' in answer) {
      const page = { data: '<html><body>Internal Server Error</body></html>', status: answer.html };
      const response: AxiosResponse = { ...page, statusText: '', headers: {}, config };
      throw new AxiosError(`Request failed with status code ${answer.html}`, 'ERR_BAD_RESPONSE', config, {}, response);
    }
    const { status, showType } = ERROR_CATALOGUE[answer.code];
    const response: AxiosResponse = {
      data: { success: false, errorCode: answer.code, errorMessage: answer.code, showType, details: answer.details },
      status,
      statusText: '',
      headers: {},
      config,
    };
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  return calls;
}

/** The calls the fake server received with `method` to `url`, in order. */
export function callsTo(calls: Call[], method: string, url: string): Call[] {
  return calls.filter((call) => call.method === method && call.url === url);
}

/** A logged-in candidate reading the app in `locale`. */
export function loginAs(locale: string): void {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', 'individual');
}
