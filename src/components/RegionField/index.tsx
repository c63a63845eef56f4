import type { CascaderProps } from 'antd';
import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { FieldAria } from '@/components/fieldAria';
import { useIntl } from '@/intl';
import { cities, provinces } from '@/services/catalog';
import { regionName } from '../../../contract/format';

interface RegionOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: RegionOption[];
}

const citiesOf = async (provinceCode: string, locale: string): Promise<RegionOption[]> =>
  (await cities({ q: provinceCode })).map((city) => ({
    value: city.code,
    label: regionName(city, locale),
    isLeaf: true,
  }));
const attach = (list: RegionOption[], provinceCode: string, children: RegionOption[]) =>
  list.map((option) => (option.value === provinceCode ? { ...option, children } : option));

interface RegionFieldProps extends FieldAria {
  id?: string;
  /** [province code, city code]. */
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  /** A province alone is a value too (for filters); a profile needs the city. */
  changeOnSelect?: boolean;
}

/** Province, then city: one Cascader whose cities load when a province is opened (and for the saved province). */
export default function RegionField({
  id,
  value,
  onChange,
  placeholder,
  changeOnSelect = false,
  // The Cascader puts extra props on its wrapper div, where aria-required is not allowed (axe: aria-allowed-attr).
  'aria-required': _required,
  ...aria
}: RegionFieldProps) {
  const intl = useIntl();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const { locale } = intl;
  // Only the province saved when the form opened needs its cities up front; later picks go through loadData.
  const savedProvince = useRef(value?.[0]);

  // The saved province's cities load with the provinces, so the saved city shows by name.
  useEffect(() => {
    let active = true;
    provinces()
      .then(async (found) => {
        const list = found.map((province) => ({
          value: province.code,
          label: regionName(province, locale),
          isLeaf: false,
        }));
        const saved = savedProvince.current;
        const ready = saved ? attach(list, saved, await citiesOf(saved, locale)) : list;
        if (active) setOptions(ready);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [locale]);

  const loadData: CascaderProps<RegionOption>['loadData'] = async (selected) => {
    const province = selected[selected.length - 1];
    if (!province) return;
    const children = await citiesOf(province.value, locale);
    setOptions((current) => attach(current, province.value, children));
  };

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      loadData={loadData}
      value={value}
      onChange={(next) => onChange?.((next ?? []) as string[])}
      placeholder={placeholder}
      showSearch={false}
      changeOnSelect={changeOnSelect}
      style={{ width: '100%' }}
      {...aria}
    />
  );
}
