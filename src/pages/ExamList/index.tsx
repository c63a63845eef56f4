import { useModel } from '@umijs/max';
import { Card, Flex } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { REFUND_TEXTS } from '@/components/RefundNote';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useFormattersAhead } from '@/hooks/useFormattersAhead';
import { useIntl } from '@/intl';
import enExam from '@/locales/en-US/exam';
import enExaminer from '@/locales/en-US/examiner';
import zhExam from '@/locales/zh-CN/exam';
import zhExaminer from '@/locales/zh-CN/examiner';
import AssignedExams from './components/AssignedExams';
import MyRegistrations from './components/MyRegistrations';
import OpenExams from './components/OpenExams';

/**
 * My Exams: a candidate's registrations or an examiner's assigned exams (with the examiner QR code button that opens
 * the scan page), then the exams open for booking.
 */
function ExamListPage() {
  const intl = useIntl();
  useFormattersAhead();
  const { initialState } = useModel('@@initialState');
  const kind = initialState?.currentUser?.kind;
  const isStudent = kind === 'individual';
  return (
    <Flex vertical gap={16} style={{ paddingBlock: 16 }}>
      {/* Styled in the document head (config/shell.ts), as the page's shell draws them. */}
      <h1 className="page-title">{intl.formatMessage({ id: 'menu.examlist' })}</h1>
      <p className="page-lead">{intl.formatMessage({ id: 'pages.examlist.lead' })}</p>
      {isStudent ? (
        <Card styles={{ body: { padding: 0 } }}>
          <MyRegistrations />
        </Card>
      ) : null}
      {kind === 'examiner' ? <AssignedExams /> : null}
      <OpenExams canBook={isStudent} />
    </Flex>
  );
}

export default withPageTexts(ExamListPage, { 'en-US': enExam, 'zh-CN': zhExam }, STATUS_TEXTS, REFUND_TEXTS, {
  'en-US': enExaminer,
  'zh-CN': zhExaminer,
});
