import { useRequest } from 'ahooks';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import DatePicker from '@/components/DatePicker';
import RegionField from '@/components/RegionField';
import { useIntl } from '@/intl';
import { categories } from '@/services/catalog';
import { namedOptions } from '@/utils/options';
import type { QueryOf } from '../../../../contract/api';

export type ExamFilterQuery = Omit<QueryOf<'exams'>, 'current' | 'pageSize'>;

interface FilterValues {
  category?: string;
  region?: string[];
  dates?: [Dayjs | null, Dayjs | null] | null;
  q?: string;
}

/** The query the form's values ask for; empty filters are left out so the server sees only what was chosen. */
export function toExamQuery(values: FilterValues): ExamFilterQuery {
  const [province, city] = values.region ?? [];
  const [from, to] = values.dates ?? [];
  const query: ExamFilterQuery = {
    category: values.category || undefined,
    province: province || undefined,
    city: city || undefined,
    q: values.q?.trim() || undefined,
    from: from?.format('YYYY-MM-DD'),
    to: to?.format('YYYY-MM-DD'),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** Category, province and city, exam dates and a search by name or code; applied by Search, cleared by Reset. */
export default function ExamFilters({ onChange }: { onChange: (query: ExamFilterQuery) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<FilterValues>();
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.filter.${id}` });
  const { data: categoryList = [] } = useRequest(() => categories());
  return (
    <Form<FilterValues>
      form={form}
      name="examFilters"
      layout="vertical"
      onFinish={(values) => onChange(toExamQuery(values))}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="category" label={text('category')}>
            <Select
              allowClear
              placeholder={text('category.all')}
              options={namedOptions(categoryList, (category) => category.code, intl.locale)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="region" label={text('region')}>
            <RegionField changeOnSelect placeholder={text('region.all')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="dates" label={text('dates')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[text('dates.from'), text('dates.to')]}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="q" label={text('q')}>
            <Input allowClear maxLength={100} placeholder={text('q.placeholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit">
          {text('search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({});
          }}
        >
          {text('reset')}
        </Button>
      </Space>
    </Form>
  );
}
