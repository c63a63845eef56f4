import { Link, useLocation } from '@umijs/max';
import { Card, Empty } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import PrintStyle from '@/components/PrintStyle';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import enCheckout from '@/locales/en-US/checkout';
import enGroup from '@/locales/en-US/gRegistration';
import enTicket from '@/locales/en-US/ticket';
import zhCheckout from '@/locales/zh-CN/checkout';
import zhGroup from '@/locales/zh-CN/gRegistration';
import zhTicket from '@/locales/zh-CN/ticket';
import { STORAGE_KEYS } from '@/utils/session';
import GroupFlow from './components/GroupFlow';

/**
 * /home/gRegistration: `?examId=` (or localStorage exam_id, set by Group Book) registers a group for that exam;
 * `?groupId=` resumes a group after a reload.
 */
function GroupRegistrationPage() {
  const intl = useIntl();
  const search = new URLSearchParams(useLocation().search);
  const groupId = search.get('groupId');
  const examId = search.get('examId') || localStorage.getItem(STORAGE_KEYS.examId);
  return (
    <Card
      classNames={{ header: 'no-print' }}
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.gRegistration.title' })}</h1>}
    >
      <PrintStyle />
      {groupId || examId ? (
        // Not keyed on groupId: making the group puts its id in the URL, and that must not start the page over.
        <GroupFlow key={examId} examId={examId} groupId={groupId} />
      ) : (
        <Empty description={intl.formatMessage({ id: 'pages.gRegistration.noExam' })}>
          <Link to="/home/examlist">{intl.formatMessage({ id: 'pages.checkout.toExamList' })}</Link>
        </Empty>
      )}
    </Card>
  );
}

export default withPageTexts(
  GroupRegistrationPage,
  { 'en-US': enGroup, 'zh-CN': zhGroup },
  { 'en-US': enCheckout, 'zh-CN': zhCheckout },
  { 'en-US': enTicket, 'zh-CN': zhTicket },
  STATUS_TEXTS,
);
