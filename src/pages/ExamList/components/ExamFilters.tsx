import { Button, Col, Grid, Input, Row, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import Field from '@/components/Field';
import { useIntl } from '@/intl';
import type { QueryOf } from '../../../../contract/api';

export type ExamFilterQuery = Omit<QueryOf<'exams'>, 'current' | 'pageSize'>;

/** The filters beyond the search, drawn by ExamFilterFields. */
export interface MoreFilterValues {
  category?: string;
  region?: string[];
  dates?: [Dayjs | null, Dayjs | null] | null;
}

interface FilterValues extends MoreFilterValues {
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

// The selects and the date picker weigh about 100 KB gzipped with their styles: a phone shows the search alone
// until "More filters" is pressed.
const ExamFilterFields = lazy(() => import('./ExamFilterFields'));

const MORE_ID = 'examFilters_more';

/**
 * A search by name or code, and category, province and city, and exam dates; applied by Search (or Enter), cleared by
 * Reset. On a phone the filters beyond the search are folded under "More filters", which says how many are chosen.
 */
export default function ExamFilters({ onChange }: { onChange: (query: ExamFilterQuery) => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: `pages.examlist.filter.${id}` }, values);
  const wide = Grid.useBreakpoint().sm === true;
  const [unfolded, setUnfolded] = useState<boolean>();
  const shown = unfolded ?? wide;
  const [q, setQ] = useState('');
  const [more, setMore] = useState<MoreFilterValues>({});
  const chosen = [more.category, more.region?.length, more.dates?.[0] ?? more.dates?.[1]].filter(Boolean).length;
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange(toExamQuery({ ...more, q }));
  };
  return (
    <form aria-label={text('label')} onSubmit={search}>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Field id="examFilters_q" label={text('q')}>
            <Input
              id="examFilters_q"
              allowClear
              maxLength={100}
              placeholder={text('q.placeholder')}
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </Field>
        </Col>
        <div id={MORE_ID} style={{ display: 'contents' }}>
          {shown ? (
            <Suspense fallback={null}>
              <ExamFilterFields value={more} onChange={setMore} />
            </Suspense>
          ) : null}
        </div>
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit">
          {text('search')}
        </Button>
        <Button
          onClick={() => {
            setQ('');
            setMore({});
            onChange({});
          }}
        >
          {text('reset')}
        </Button>
        <Button type="link" aria-expanded={shown} aria-controls={MORE_ID} onClick={() => setUnfolded(!shown)}>
          {shown ? text('fewer') : text('more', { count: chosen })}
        </Button>
      </Space>
    </form>
  );
}
