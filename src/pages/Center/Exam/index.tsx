import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Empty, Skeleton } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import SectionTabs from '@/components/SectionTabs';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import enCenter from '@/locales/en-US/center';
import zhCenter from '@/locales/zh-CN/center';
import { centerExam } from '@/services/center';
import { handledHere } from '@/utils/failure';
import ExamHeader from './components/ExamHeader';
import ExaminersTab from './components/ExaminersTab';
import ResultsTab from './components/ResultsTab';
import RosterTab from './components/RosterTab';
import SeatingTab from './components/SeatingTab';

/** One exam of the center: what it is, then its roster, its rooms and seats, its examiners and its results, each in a tab. */
function CenterExamPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.center.examPage.${id}` });
  const failure = useFailure();
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useRequest(() => centerExam(id, handledHere), {
    refreshDeps: [id],
    // The page says what went wrong in place of the exam.
    onError: () => undefined,
  });
  const exam = loaded.data;

  let body: React.ReactNode;
  if (loaded.loading && !exam) body = <Skeleton active />;
  else if (!exam) {
    body = (
      <Empty description={failure.text(loaded.error, 'pages.center.examPage.loadFailed')}>
        <Button onClick={loaded.refresh}>{text('retry')}</Button>
      </Empty>
    );
  } else
    body = (
      <>
        <ExamHeader exam={exam} onWaitingRoom={(waitingRoom) => loaded.mutate({ ...exam, waitingRoom })} />
        <SectionTabs
          items={[
            { key: 'roster', label: text('tab.roster'), children: <RosterTab exam={exam} /> },
            { key: 'seating', label: text('tab.seating'), children: <SeatingTab exam={exam} /> },
            { key: 'examiners', label: text('tab.examiners'), children: <ExaminersTab exam={exam} /> },
            {
              key: 'results',
              label: text('tab.results'),
              children: <ResultsTab exam={exam} onExamChanged={loaded.refresh} />,
            },
          ]}
        />
      </>
    );

  return (
    <div style={{ maxWidth: 1200, margin: '16px auto' }}>
      <Link to="/home/center">
        <ArrowLeftOutlined aria-hidden /> {text('back')}
      </Link>
      {body}
    </div>
  );
}

export default withPageTexts(CenterExamPage, { 'en-US': enCenter, 'zh-CN': zhCenter }, STATUS_TEXTS);
