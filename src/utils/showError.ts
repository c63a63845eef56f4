import { getIntl } from '@umijs/max';
import { errorText } from '@/requestErrorConfig';
import { envelopeOf } from '@/utils/bizError';
import { feedback } from '@/utils/feedback';

/** For calls made with skipErrorHandler: the codes a page does not handle itself are shown as the app shows them. */
export function showError(error: unknown): void {
  const envelope = envelopeOf(error);
  feedback.message.error(envelope ? errorText(envelope) : getIntl().formatMessage({ id: 'request.fallback' }));
}
