import type { AxiosError, RequestConfig, RequestError, RequestOptions } from '@umijs/max';
import { getIntl, history } from '@umijs/max';
import { BizError, envelopeOf, isErrorEnvelope, isUnauthorized } from '@/utils/bizError';
import { errorText } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import { isLoginPath, loginUrlFor } from '@/utils/guard';
import { serializeParams } from '@/utils/params';
import { clearSession, readToken } from '@/utils/session';
import type { ErrorEnvelope } from '../contract/envelope';

/**
 * A 401, on whatever page: the token is gone or expired. Clear it as logout does (no server call) and ask for a new
 * login that comes back here; on the login page itself the form is already showing.
 */
function expireSession(): void {
  clearSession();
  const { pathname, search } = history.location;
  if (!isLoginPath(pathname)) history.push(loginUrlFor(pathname, search));
}

function showEnvelope(info: ErrorEnvelope): void {
  switch (info.showType) {
    case 0:
      return;
    case 1:
      feedback.message.warning(errorText(info));
      return;
    case 2:
      feedback.message.error(errorText(info));
      return;
    case 4:
      feedback.notification.error({ message: errorText(info), description: info.errorMessage });
      return;
    case 9:
      history.push(
        `/exception?errorCode=${encodeURIComponent(info.errorCode)}&errorMessage=${encodeURIComponent(info.errorMessage)}`,
      );
      return;
    default:
      feedback.message.error(errorText(info));
  }
}

/**
 * Shows a failed call as the app shows every failure (spec section 8): an envelope by its showType on any status, and
 * timeouts, lost networks and everything else; nothing for a 401, whose session has ended. For the request pipeline,
 * and for pages that show the failures of their own calls (handledHere) the same way once they have handled theirs.
 */
export function showFailure(error: unknown): void {
  if (isUnauthorized(error)) return;
  const intl = getIntl();
  const http = error instanceof Error && 'isAxiosError' in error ? (error as AxiosError) : undefined;
  const envelope = envelopeOf(error);
  if (envelope) {
    showEnvelope(envelope);
  } else if (http?.code === 'ECONNABORTED' || http?.code === 'ETIMEDOUT') {
    const ms = http.config?.timeout ?? 0;
    feedback.message.error(http.config?.timeoutErrorMessage || intl.formatMessage({ id: 'request.timeout' }, { ms }));
  } else if (http && !http.response && http.request) {
    feedback.notification.error({
      message: intl.formatMessage({ id: 'request.network.title' }),
      description: intl.formatMessage({ id: 'request.network.description' }),
    });
  } else {
    feedback.message.error(intl.formatMessage({ id: 'request.fallback' }));
  }
}

function errorHandler(error: RequestError, opts: RequestOptions): void {
  // Whatever the page does with the error afterwards, a 401 ends the session (the start-up probe only clears it).
  if (isUnauthorized(error) && !opts?.probeSession) expireSession();
  if (opts?.skipErrorHandler) throw error;
  showFailure(error);
}

/** Every request carries the stored bearer token (spec section 7). */
export function authorize(config: RequestOptions): RequestOptions {
  const token = readToken();
  if (!token) return config;
  return { ...config, headers: { ...config.headers, Authorization: `Bearer ${token}` } };
}

export const errorConfig: RequestConfig = {
  timeout: 30_000,
  // Repeated keys for array parameters (spec section 7): a=1&a=2.
  paramsSerializer: serializeParams,
  errorConfig: {
    errorThrower: (body: unknown) => {
      if (isErrorEnvelope(body)) throw new BizError(body);
    },
    errorHandler,
  },
  requestInterceptors: [authorize],
};
