import { Alert, Card, Descriptions, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import ResponsiveList from '@/components/ResponsiveList';
import { usePagedList } from '@/hooks/usePagedList';
import { useIntl } from '@/intl';
import { exams } from '@/services/catalog';
import type { ExamSummary } from '../../../../contract/catalog';
import { cityAndProvince, formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import ExamActions from './ExamActions';
import ExamFilters, { type ExamFilterQuery } from './ExamFilters';
import { useBookedExams } from './useBookedExams';

// The details drawer (antd's Drawer and its styles) arrives when a candidate first opens an exam's details.
const ExamDetails = lazy(() => import('./ExamDetails'));

/** Spec section 9: page size 10. */
const PAGE_SIZE = 10;

/**
 * Exams open for booking, filtered and paged by the server. A search that fails shows its failure in place of the
 * list: the results of the last query are not left standing under the new one.
 */
export default function OpenExams({ canBook }: { canBook: boolean }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.${id}` });
  const [filters, setFilters] = useState<ExamFilterQuery>({});
  const [shown, setShown] = useState<ExamSummary>();
  // Once opened, the drawer stays mounted, so that it closes with its animation.
  const [detailsOpened, setDetailsOpened] = useState(false);
  const openDetails = (exam: ExamSummary) => {
    setDetailsOpened(true);
    setShown(exam);
  };
  const page = usePagedList(exams, PAGE_SIZE, filters);
  const booked = useBookedExams(canBook);
  const date = (exam: ExamSummary) =>
    `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
  const place = (exam: ExamSummary) => (
    <>
      {pickText(exam.center.name, locale)}
      <br />
      {cityAndProvince(exam.city, exam.province, locale)}
    </>
  );
  const seats = (exam: ExamSummary) => (exam.seatsLeft > 0 ? exam.seatsLeft : <Tag color="red">{text('soldOut')}</Tag>);
  const actions = (exam: ExamSummary) => (
    <ExamActions exam={exam} canBook={canBook} booked={booked.get(exam.id)} onDetails={openDetails} />
  );

  const columns: TableColumnsType<ExamSummary> = [
    { title: text('column.exam'), key: 'name', render: (_, exam) => pickText(exam.name, locale) },
    { title: text('column.code'), dataIndex: 'code' },
    { title: text('column.date'), key: 'startsAt', render: (_, exam) => date(exam) },
    { title: text('column.center'), key: 'center', render: (_, exam) => place(exam) },
    { title: text('column.fee'), key: 'feeFen', render: (_, exam) => formatFen(exam.feeFen, locale) },
    { title: text('column.seats'), key: 'seatsLeft', render: (_, exam) => seats(exam) },
    { title: text('column.actions'), key: 'actions', render: (_, exam) => actions(exam) },
  ];

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('open.title')}</h2>}>
      {canBook ? null : <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text('studentsOnly')} />}
      <ExamFilters onChange={setFilters} />
      <div style={{ marginTop: 16 }}>
        <ResponsiveList<ExamSummary>
          {...page}
          rowKey={(exam) => exam.id}
          columns={columns}
          emptyText={text('open.empty')}
          failedTitle={text('open.failed')}
          showTotal={(total) => intl.formatMessage({ id: 'pages.examlist.total' }, { total })}
          card={(exam) => ({
            title: pickText(exam.name, locale),
            body: (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={text('column.code')}>{exam.code}</Descriptions.Item>
                <Descriptions.Item label={text('column.date')}>{date(exam)}</Descriptions.Item>
                <Descriptions.Item label={text('column.center')}>{place(exam)}</Descriptions.Item>
                <Descriptions.Item label={text('column.fee')}>{formatFen(exam.feeFen, locale)}</Descriptions.Item>
                <Descriptions.Item label={text('column.seats')}>{seats(exam)}</Descriptions.Item>
              </Descriptions>
            ),
            actions: actions(exam),
          })}
        />
      </div>
      {detailsOpened ? (
        <Suspense fallback={null}>
          <ExamDetails
            exam={shown}
            canBook={canBook}
            booked={shown ? booked.get(shown.id) : undefined}
            onClose={() => setShown(undefined)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
