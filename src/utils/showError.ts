import { getIntl } from '@umijs/max';
import { errorText } from '@/requestErrorConfig';
import { envelopeOf, isNetworkFailure } from '@/utils/bizError';
import { feedback } from '@/utils/feedback';

/** For calls made with skipErrorHandler: the codes a page does not handle itself are shown as the app shows them. */
export function showError(error: unknown): void {
  const envelope = envelopeOf(error);
  feedback.message.error(envelope ? errorText(envelope) : getIntl().formatMessage({ id: 'request.fallback' }));
}

/**
 * What went wrong with a call made with skipErrorHandler, as a sentence in the current language, for the page to say
 * where it happened: the text of the error code; `noAnswer` (the page's words) when no answer arrived; else the
 * fallback.
 */
export function failureText(error: unknown, noAnswer?: string): string {
  const envelope = envelopeOf(error);
  if (envelope) return errorText(envelope);
  const intl = getIntl();
  if (!isNetworkFailure(error)) return intl.formatMessage({ id: 'request.fallback' });
  return noAnswer ?? intl.formatMessage({ id: 'request.network.description' });
}
