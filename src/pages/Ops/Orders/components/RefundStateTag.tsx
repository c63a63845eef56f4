import ToneTag, { type Tone } from '@/components/ToneTag';
import { useIntl } from '@/intl';
import type { OpsRefundState } from '../../../../../contract/ops';

const TONES: Record<OpsRefundState, Tone> = {
  requested: 'orange',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** Where a refund stands, in words on a tag of its tone. */
export default function RefundStateTag({ state }: { state: OpsRefundState }) {
  const intl = useIntl();
  return <ToneTag tone={TONES[state]}>{intl.formatMessage({ id: `pages.ops.refundState.${state}` })}</ToneTag>;
}
