import type { RadioChangeEvent } from 'antd';
import { Radio } from 'antd';
import type { FieldAria } from '@/components/fieldAria';
import type { Gender } from '../../../../contract/profile';

interface GenderFieldProps extends FieldAria {
  id?: string;
  value?: Gender;
  onChange?: (value: Gender) => void;
  label: string;
  options: { value: Gender; label: string }[];
}

/**
 * The gender radios inside a real radiogroup: antd's Radio.Group is a plain div, where the aria-required and
 * aria-invalid that Form.Item adds are not allowed and a screen reader hears no group.
 */
export default function GenderField({ id, value, onChange, label, options, ...aria }: GenderFieldProps) {
  return (
    <div role="radiogroup" aria-label={label} {...aria}>
      <Radio.Group
        id={id}
        value={value}
        onChange={(event: RadioChangeEvent) => onChange?.(event.target.value)}
        options={options}
      />
    </div>
  );
}
