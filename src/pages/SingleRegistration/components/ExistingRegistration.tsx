import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Result, Spin } from 'antd';
import { useIntl } from '@/intl';
import { findRegistration } from '../findRegistration';
import BookedRegistration from './BookedRegistration';
import RegistrationSteps from './RegistrationSteps';

/** A registration opened from My Exams: resume its payment, or change and cancel it (?change=1 opens the change). */
export default function ExistingRegistration({ registrationId, change }: { registrationId: string; change: boolean }) {
  const intl = useIntl();
  const { data: registration, loading } = useRequest(() => findRegistration(registrationId));
  if (loading) return <Spin />;
  if (!registration) return <Result status="404" title={intl.formatMessage({ id: 'errors.NOT_FOUND' })} />;
  return (
    <>
      <RegistrationSteps current={registration.status === 'pending' ? 1 : 2} />
      <BookedRegistration
        registration={registration}
        startChanging={change}
        onRestart={() => history.push(`/home/singleRegistration?examId=${encodeURIComponent(registration.exam.id)}`)}
      />
    </>
  );
}
