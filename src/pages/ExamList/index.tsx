import { useIntl, useModel } from '@umijs/max';
import { Card, Flex } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { STATUS_TEXTS } from '@/components/StatusTag';
import enExam from '@/locales/en-US/exam';
import zhExam from '@/locales/zh-CN/exam';
import MyRegistrations from './components/MyRegistrations';
import OpenExams from './components/OpenExams';

/** My Exams: a candidate's registrations, then the exams open for booking (all that other kinds see). */
function ExamListPage() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const isStudent = initialState?.currentUser?.kind === 'individual';
  return (
    <Flex vertical gap={16} style={{ paddingBlock: 16 }}>
      <h1 style={{ margin: 0, fontSize: 24 }}>{intl.formatMessage({ id: 'pages.examlist.title' })}</h1>
      {isStudent ? (
        <Card styles={{ body: { padding: 0 } }}>
          <MyRegistrations />
        </Card>
      ) : null}
      <OpenExams canBook={isStudent} />
    </Flex>
  );
}

export default withPageTexts(ExamListPage, { 'en-US': enExam, 'zh-CN': zhExam }, STATUS_TEXTS);
