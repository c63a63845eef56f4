import { Radio } from 'antd';
import { useIntl } from '@/intl';
import type { RosterEntry } from '../../../../../contract/center';

export type ResultOutcome = NonNullable<RosterEntry['outcome']>;

interface ResultChoiceProps {
  /** Names the group, e.g. "Result of Wang Fang". */
  label: string;
  value: ResultOutcome | null;
  disabled: boolean;
  onChange: (outcome: ResultOutcome) => void;
}

const OUTCOMES: ResultOutcome[] = ['pass', 'fail'];

/** Pass or fail for one candidate, as a named radiogroup (antd's Radio.Group is a plain div to a screen reader). */
export default function ResultChoice({ label, value, disabled, onChange }: ResultChoiceProps) {
  const intl = useIntl();
  return (
    <div role="radiogroup" aria-label={label}>
      <Radio.Group
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        options={OUTCOMES.map((outcome) => ({
          value: outcome,
          label: intl.formatMessage({ id: `pages.center.results.outcome.${outcome}` }),
        }))}
      />
    </div>
  );
}
