import { Link, useLocation } from '@umijs/max';
import { Card, Empty } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { useIntl } from '@/intl';
import enCheckout from '@/locales/en-US/checkout';
import zhCheckout from '@/locales/zh-CN/checkout';
import ExistingRegistration from './components/ExistingRegistration';
import NewRegistration from './components/NewRegistration';

/**
 * /home/singleRegistration: `?examId=` books that exam; `?registrationId=` (with `&change=1` from My Exams) opens a
 * registration that exists.
 */
function SingleRegistrationPage() {
  const intl = useIntl();
  const search = new URLSearchParams(useLocation().search);
  const examId = search.get('examId');
  const registrationId = search.get('registrationId');
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.checkout.title' })}</h1>}>
      {registrationId ? (
        <ExistingRegistration
          key={registrationId}
          registrationId={registrationId}
          change={search.get('change') === '1'}
        />
      ) : examId ? (
        <NewRegistration key={examId} examId={examId} />
      ) : (
        <Empty description={intl.formatMessage({ id: 'pages.checkout.noExam' })}>
          <Link to="/home/examlist">{intl.formatMessage({ id: 'pages.checkout.toExamList' })}</Link>
        </Empty>
      )}
    </Card>
  );
}

export default withPageTexts(SingleRegistrationPage, { 'en-US': enCheckout, 'zh-CN': zhCheckout });
