import type { RequestConfig, RequestError, RequestOptions } from '@umijs/max';
import { history } from '@umijs/max';
import { getIntl } from '@/intl';
import { BizError, envelopeOf, isErrorEnvelope, isUnauthorized } from '@/utils/bizError';
import { errorText, failureKindOf, failureMessage } from '@/utils/failure';
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
 * Shows a failed call as the app shows every failure (spec section 8): an envelope by its showType on any status; a
 * lost network, a timeout and a server breakdown each in their own words; nothing for a 401, whose session has ended.
 * A failure without an envelope replaces the last one of its kind (one key each), so calls failing together while the
 * network is down show one notice, not a stack. For the request pipeline, and for pages that show the failures of
 * their own calls (handledHere) the same way once they have handled theirs.
 */
export function showFailure(error: unknown): void {
  if (isUnauthorized(error)) return;
  const intl = getIntl();
  const envelope = envelopeOf(error);
  if (envelope) {
    showEnvelope(envelope);
    return;
  }
  const kind = failureKindOf(error);
  const { id, values } = failureMessage(error);
  if (kind === 'network') {
    feedback.notification.error({
      key: 'request.network',
      message: intl.formatMessage({ id: 'request.network.title' }),
      description: intl.formatMessage({ id }),
    });
  } else {
    feedback.message.error({ key: `request.${kind}`, content: intl.formatMessage({ id }, values) });
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

/**
 * How long a call may take before it fails as a timeout: a phone on a weak signal learns within 15 s that it should
 * retry (the pages show the wait as it goes, components/LoadState), instead of watching a spinner for 30.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Uploads (a photo, a spreadsheet) and downloads (a PDF) carry bytes at the phone's pace: they get two minutes. */
export const TRANSFER_TIMEOUT_MS = 120_000;

export function allowForTransfers(config: RequestOptions): RequestOptions {
  const transfer = config.data instanceof FormData || config.responseType === 'blob';
  return transfer && config.timeout === REQUEST_TIMEOUT_MS ? { ...config, timeout: TRANSFER_TIMEOUT_MS } : config;
}

export const errorConfig: RequestConfig = {
  timeout: REQUEST_TIMEOUT_MS,
  // Repeated keys for array parameters (spec section 7): a=1&a=2.
  paramsSerializer: serializeParams,
  errorConfig: {
    errorThrower: (body: unknown) => {
      if (isErrorEnvelope(body)) throw new BizError(body);
    },
    errorHandler,
  },
  requestInterceptors: [authorize, allowForTransfers],
};
