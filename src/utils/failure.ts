import { getIntl } from '@/intl';
import type { CallOptions } from '@/services/client';
import { envelopeOf, isNetworkFailure } from '@/utils/bizError';
import type { ErrorEnvelope } from '../../contract/envelope';
import type { ErrorCode } from '../../contract/errors';

type Intl = ReturnType<typeof getIntl>;

/**
 * The options of a call whose failure the caller deals with itself (says it in place, on a field, or lets it pass):
 * the app shows nothing. A 401 still ends the session and asks for a login.
 */
export const handledHere: CallOptions = { skipErrorHandler: true };

/**
 * The message id of an error code's text: the one map from codes to words, for the request error handler and the pages
 * (hooks/useFailure). Every code has its text in the messages every page loads (src/locales/<language>/errors.ts), so
 * the wording does not depend on which pages have loaded.
 */
export const errorMessageId = (code: ErrorCode): string => `errors.${code}`;

/** The text of an error answer in the language of `intl`: its code's, else the server's own words. */
export function errorText(envelope: Pick<ErrorEnvelope, 'errorCode' | 'errorMessage'>, intl: Intl = getIntl()): string {
  const id = errorMessageId(envelope.errorCode);
  if (intl.messages[id]) return intl.formatMessage({ id });
  return envelope.errorMessage || intl.formatMessage({ id: 'request.fallback' });
}

/**
 * What kind of failure a call met, for wording it and for the failed state of a page: the server refused with an error
 * envelope (`refused`), no answer at all (`network`), no answer in time (`timeout`), an answer that is the server's
 * own breakdown (`server`: a 5xx without an envelope, such as a proxy's HTML error page), or anything else.
 */
export type FailureKind = 'refused' | 'network' | 'timeout' | 'server' | 'other';

export function failureKindOf(error: unknown): FailureKind {
  if (envelopeOf(error)) return 'refused';
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return 'timeout';
  const status =
    typeof error === 'object' && error !== null && 'response' in error
      ? (error.response as { status?: unknown } | undefined)?.status
      : undefined;
  if (typeof status === 'number' && status > 0) return status >= 500 ? 'server' : 'other';
  // A call that went out (it has its config) and came back with no status at all (status 0 is XHR's word for none):
  // the connection failed.
  const sent = typeof error === 'object' && error !== null && 'config' in error;
  return isNetworkFailure(error) || sent ? 'network' : 'other';
}

/** The time limit and HTTP status a failed call carries, for the words of a timeout or a server error. */
function failureFacts(error: unknown): { ms: number; seconds: number; status: number } {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as {
    config?: { timeout?: number };
    response?: { status?: number };
  };
  const ms = shape.config?.timeout ?? 0;
  return { ms, seconds: Math.round(ms / 1000), status: shape.response?.status ?? 500 };
}

/** The message id and values that say a failure without an error code: network down, timeout, server error, other. */
export function failureMessage(error: unknown): { id: string; values: Record<string, number> } {
  const facts = failureFacts(error);
  switch (failureKindOf(error)) {
    case 'network':
      return { id: 'request.network.description', values: {} };
    case 'timeout':
      return { id: 'request.timeout', values: facts };
    case 'server':
      return { id: 'request.server', values: facts };
    default:
      return { id: 'request.fallback', values: {} };
  }
}

/**
 * What went wrong with a failed call, as a sentence: the text of its error code; for any other failure `otherwise`
 * (the caller's words, e.g. that a payment may have gone through), else whether the network is down, the server took
 * too long or broke down, or, last, the fallback.
 */
export function failureText(error: unknown, otherwise?: string, intl: Intl = getIntl()): string {
  const envelope = envelopeOf(error);
  if (envelope) return errorText(envelope, intl);
  if (otherwise) return otherwise;
  const { id, values } = failureMessage(error);
  return intl.formatMessage({ id }, values);
}

/**
 * How the errors of one form's save land on its fields. The server's details carry English text, so each field says
 * its own message when it has one, else the text of the error code.
 */
export interface FieldErrorMap<Field extends string> {
  /** The field each path of a VALIDATION_FAILED answer's details concerns, by the whole path or its first segment. */
  paths?: Record<string, Field>;
  /** The message id a field shows when the server found it invalid. */
  invalid?: Partial<Record<Field, string>>;
  /** Error codes that always concern one field, with the message id when it is not the code's own text. */
  codes?: Partial<Record<ErrorCode, Field | [Field, string]>>;
}

/** Why a promo code typed at checkout does not apply (unknown or expired, another exam's, used up): said beside it. */
export const PROMO_CODE_REFUSALS: FieldErrorMap<'promoCode'>['codes'] = {
  PROMO_CODE_INVALID: 'promoCode',
  PROMO_CODE_NOT_FOR_EXAM: 'promoCode',
  PROMO_CODE_USED_UP: 'promoCode',
};

/** The field errors (field and message id) a refused answer means; empty when it concerns no field. */
export function fieldErrorsOf<Field extends string>(
  envelope: ErrorEnvelope,
  map: FieldErrorMap<Field>,
): Array<{ field: Field; messageId: string }> {
  const byCode = map.codes?.[envelope.errorCode];
  if (byCode) {
    const [field, messageId] = Array.isArray(byCode) ? byCode : [byCode, errorMessageId(envelope.errorCode)];
    return [{ field, messageId }];
  }
  const { paths } = map;
  if (envelope.errorCode !== 'VALIDATION_FAILED' || !paths) return [];
  const fieldAt = new Map(Object.entries(paths));
  const fields = new Set(
    (envelope.details ?? [])
      .map(({ path }) => fieldAt.get(path) ?? fieldAt.get(path.split('.')[0] ?? ''))
      .filter((field): field is Field => field !== undefined),
  );
  return [...fields].map((field) => ({ field, messageId: map.invalid?.[field] ?? errorMessageId(envelope.errorCode) }));
}
