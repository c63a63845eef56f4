import { history, Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Result, Spin } from 'antd';
import { useState } from 'react';
import { StepFocusScope } from '@/components/StepHeading';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { exam as fetchExam } from '@/services/catalog';
import { group as fetchGroup } from '@/services/group';
import { handledHere } from '@/utils/failure';
import type { ExamSummary } from '../../../../contract/catalog';
import type { GroupView } from '../../../../contract/group';
import DoneStep from './DoneStep';
import GroupSteps, { type GroupStep } from './GroupSteps';
import InfoStep from './InfoStep';
import PaymentStep from './PaymentStep';
import UploadStep from './UploadStep';

/** Where a group stands: paid is done, an order awaiting payment is at payment, anything else at the upload. */
function stepOf(group: GroupView): GroupStep {
  if (group.order?.status === 'paid') return 'done';
  if (group.order?.status === 'pending') return 'payment';
  return 'upload';
}

interface Props {
  /** The exam to register for (from ?examId= or localStorage exam_id); a group brings its own. */
  examId: string | null;
  /** An existing group to resume (?groupId=, pushed into the URL when the group is made). */
  groupId: string | null;
}

/** The four steps of one group registration, started afresh for an exam or resumed from the URL. */
export default function GroupFlow({ examId, groupId }: Props) {
  const intl = useIntl();
  const failure = useFailure();
  const [group, setGroup] = useState<GroupView | null>(null);
  const [exam, setExam] = useState<ExamSummary | null>(null);
  const [step, setStep] = useState<GroupStep>('info');
  const [notice, setNotice] = useState<string | null>(null);

  const { loading, error } = useRequest(async () => {
    if (groupId) {
      const found = await fetchGroup(groupId, handledHere);
      setGroup(found);
      setExam(found.exam);
      setStep(stepOf(found));
    } else if (examId) {
      setExam(await fetchExam(examId, handledHere));
    }
  });

  const created = (next: GroupView) => {
    if (next.id !== group?.id) {
      const search = new URLSearchParams({ examId: next.exam.id, groupId: next.id });
      history.replace(`/home/gRegistration?${search.toString()}`);
    }
    setGroup(next);
    setStep('upload');
  };

  const uploaded = (next: GroupView) => {
    setNotice(null);
    setGroup(next);
  };

  if (loading) return <Spin />;
  if (!exam) {
    return (
      <Result
        status="warning"
        title={failure.text(error, 'pages.gRegistration.noExam')}
        extra={<Link to="/home/examlist">{intl.formatMessage({ id: 'pages.checkout.toExamList' })}</Link>}
      />
    );
  }
  return (
    <StepFocusScope>
      <GroupSteps current={step} />
      {step === 'info' || !group ? (
        <InfoStep exam={exam} group={group} onGroup={created} />
      ) : step === 'upload' ? (
        <UploadStep
          group={group}
          notice={notice}
          onGroup={uploaded}
          onBack={() => setStep('info')}
          onNext={() => setStep('payment')}
        />
      ) : step === 'payment' ? (
        <PaymentStep
          group={group}
          onGroup={setGroup}
          onPaid={(paid) => {
            setGroup(paid);
            setStep('done');
          }}
          onChanged={() => {
            setNotice(intl.formatMessage({ id: 'pages.gRegistration.upload.changed' }));
            setStep('upload');
          }}
          onBack={() => setStep('upload')}
        />
      ) : (
        <DoneStep group={group} onGroup={setGroup} />
      )}
    </StepFocusScope>
  );
}
