import { useIntl, useModel } from '@umijs/max';
import { Card, Flex } from 'antd';
import MyRegistrations from './components/MyRegistrations';
import OpenExams from './components/OpenExams';

/** My Exams: a candidate's registrations, then the exams open for booking (all that other kinds see). */
export default function ExamListPage() {
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
