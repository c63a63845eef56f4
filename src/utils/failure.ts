import { getIntl } from '@umijs/max';
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
 * What went wrong with a failed call, as a sentence: the text of its error code; for any other failure `otherwise`
 * (the caller's words, e.g. that a payment may have gone through), else that the network failed or, last, the
 * fallback.
 */
export function failureText(error: unknown, otherwise?: string, intl: Intl = getIntl()): string {
  const envelope = envelopeOf(error);
  if (envelope) return errorText(envelope, intl);
  if (otherwise) return otherwise;
  return intl.formatMessage({ id: isNetworkFailure(error) ? 'request.network.description' : 'request.fallback' });
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
