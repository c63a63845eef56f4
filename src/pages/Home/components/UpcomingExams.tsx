import { useRequest } from 'ahooks';
import { Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { useDeferredValue } from 'react';
import { useFormattersAhead } from '@/hooks/useFormattersAhead';
import { useIntl } from '@/intl';
import { exams } from '@/services/catalog';
import { handledHere } from '@/utils/failure';
import ExamCard from './ExamCard';

const SHOWN = 6;

/** The soonest open exams; readable without logging in. */
export default function UpcomingExams() {
  const intl = useIntl();
  useFormattersAhead();
  // Shown in place (with a retry) rather than as a global error popup: the rest of the page still works.
  const { data, loading, error, refresh } = useRequest(() => exams({ current: 1, pageSize: SHOWN }, handledHere));
  // The cards are drawn in a transition, in slices a phone can paint and answer a tap between (usePagedList's way).
  const drawn = useDeferredValue(data);
  let body: React.ReactNode;
  if ((loading && !data) || (data && !drawn)) body = <Skeleton active />;
  else if (error)
    body = (
      <Empty description={intl.formatMessage({ id: 'pages.home.upcoming.failed' })}>
        <Button onClick={refresh}>{intl.formatMessage({ id: 'pages.home.upcoming.retry' })}</Button>
      </Empty>
    );
  else if (!drawn?.list.length) body = <Empty description={intl.formatMessage({ id: 'pages.home.upcoming.empty' })} />;
  else
    body = (
      <Row gutter={[16, 16]}>
        {drawn.list.map((exam) => (
          <Col key={exam.id} xs={24} md={12} lg={8}>
            <ExamCard exam={exam} />
          </Col>
        ))}
      </Row>
    );
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>{intl.formatMessage({ id: 'pages.home.upcoming.title' })}</h2>}
    >
      {body}
    </Card>
  );
}
