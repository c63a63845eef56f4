import type { ProColumns } from '@ant-design/pro-components';
import { ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Card, Tag } from 'antd';
import { useState } from 'react';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { exams } from '@/services/catalog';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import ExamActions from './ExamActions';
import ExamDetails from './ExamDetails';
import ExamFilters, { type ExamFilterQuery } from './ExamFilters';

/** Spec section 9: page size 10. */
const PAGE_SIZE = 10;

/** Exams open for booking, filtered and paged by the server. */
export default function OpenExams({ canBook }: { canBook: boolean }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.${id}` });
  const [filters, setFilters] = useState<ExamFilterQuery>({});
  const [shown, setShown] = useState<ExamSummary>();
  const province = (exam: ExamSummary) => (locale.startsWith('zh') ? exam.province.name : exam.province.nameEn);

  const columns: ProColumns<ExamSummary>[] = [
    { title: text('column.exam'), dataIndex: 'name', render: (_, exam) => pickText(exam.name, locale) },
    { title: text('column.code'), dataIndex: 'code' },
    {
      title: text('column.date'),
      dataIndex: 'startsAt',
      render: (_, exam) =>
        `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`,
    },
    {
      title: text('column.center'),
      dataIndex: 'center',
      render: (_, exam) => (
        <>
          {pickText(exam.center.name, locale)}
          <br />
          {exam.city.name}, {province(exam)}
        </>
      ),
    },
    { title: text('column.fee'), dataIndex: 'feeFen', render: (_, exam) => formatFen(exam.feeFen, locale) },
    {
      title: text('column.seats'),
      dataIndex: 'seatsLeft',
      render: (_, exam) => (exam.seatsLeft > 0 ? exam.seatsLeft : <Tag color="red">{text('soldOut')}</Tag>),
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, exam) => <ExamActions exam={exam} canBook={canBook} onDetails={setShown} />,
    },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('open.title')}</h2>}>
      {canBook ? null : <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text('studentsOnly')} />}
      <ExamFilters onChange={setFilters} />
      <ProTable<ExamSummary, ExamFilterQuery>
        rowKey="id"
        columns={columns}
        params={filters}
        request={async ({ current = 1, pageSize = PAGE_SIZE, ...query }) =>
          tablePage(await exams({ ...query, current, pageSize }))
        }
        {...serverPagedProps(PAGE_SIZE, {
          showTotal: (total) => intl.formatMessage({ id: 'pages.examlist.total' }, { total }),
        })}
        toolBarRender={false}
        cardProps={false}
        locale={{ emptyText: text('open.empty') }}
      />
      <ExamDetails exam={shown} canBook={canBook} onClose={() => setShown(undefined)} />
    </Card>
  );
}
