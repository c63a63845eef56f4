import { useRequest } from 'ahooks';
import { Col, Select } from 'antd';
import DatePicker from '@/components/DatePicker';
import Field from '@/components/Field';
import RegionField from '@/components/RegionField';
import { useIntl } from '@/intl';
import { categories } from '@/services/catalog';
import { namedOptions } from '@/utils/options';
import type { MoreFilterValues } from './ExamFilters';

interface ExamFilterFieldsProps {
  value: MoreFilterValues;
  onChange: (value: MoreFilterValues) => void;
}

/**
 * Category, province and city, and exam dates: the exam list's filters beyond the search. Their selects and pickers
 * are a separate chunk, loaded when the filters are first shown (at once on a wide screen, on request on a phone).
 */
export default function ExamFilterFields({ value, onChange }: ExamFilterFieldsProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.filter.${id}` });
  const { data: categoryList = [] } = useRequest(() => categories());
  return (
    <>
      <Col xs={24} sm={12} lg={6}>
        <Field id="examFilters_category" label={text('category')}>
          <Select
            id="examFilters_category"
            allowClear
            placeholder={text('category.all')}
            options={namedOptions(categoryList, (category) => category.code, intl.locale)}
            value={value.category}
            onChange={(category) => onChange({ ...value, category })}
            style={{ width: '100%' }}
          />
        </Field>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Field id="examFilters_region" label={text('region')}>
          <RegionField
            id="examFilters_region"
            changeOnSelect
            placeholder={text('region.all')}
            value={value.region}
            onChange={(region) => onChange({ ...value, region })}
          />
        </Field>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Field id="examFilters_dates" label={text('dates')}>
          <DatePicker.RangePicker
            id={{ start: 'examFilters_dates' }}
            allowEmpty={[true, true]}
            placeholder={[text('dates.from'), text('dates.to')]}
            value={value.dates}
            onChange={(dates) => onChange({ ...value, dates })}
            style={{ width: '100%' }}
          />
        </Field>
      </Col>
    </>
  );
}
