import ToneTag, { type Tone } from '@/components/ToneTag';
import { useIntl } from '@/intl';
import type { ExamStatus } from '../../../../contract/catalog';

const TONES: Record<ExamStatus, Tone> = { active: 'green', inactive: 'orange', canceled: 'grey', completed: 'blue' };

/** An exam's status in words, on a tag of its own colour. */
export default function ExamStatusTag({ status }: { status: ExamStatus }) {
  const intl = useIntl();
  return <ToneTag tone={TONES[status]}>{intl.formatMessage({ id: `pages.center.examStatus.${status}` })}</ToneTag>;
}
