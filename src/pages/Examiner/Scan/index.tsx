import { Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Flex, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import enExaminer from '@/locales/en-US/examiner';
import zhExaminer from '@/locales/zh-CN/examiner';
import { examinerExams } from '@/services/examiner';
import type { ExaminerExam } from '../../../../contract/examiner';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import CameraView from './components/CameraView';
import DoorPanel from './components/DoorPanel';
import ManualLookup from './components/ManualLookup';
import { prepareTicketCheck } from './ticketCheck';
import { useCheckinFlow } from './useCheckinFlow';

function Door({ exam, onCheckedIn }: { exam: ExaminerExam; onCheckedIn: () => void }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.examiner.scan.${id}` }, values);
  const flow = useCheckinFlow(exam, onCheckedIn);
  const date = `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 520, margin: '0 auto', paddingBlock: 16 }}>
      <header>
        <h1 style={{ margin: 0, fontSize: 22 }}>{text('title')}</h1>
        <p style={{ margin: '4px 0 0' }}>
          {pickText(exam.name, locale)} · {date}
        </p>
        {exam.room ? (
          <p style={{ margin: '4px 0 0', fontSize: 18, fontWeight: 600 }}>
            {text('door.room', { room: exam.room.name })}
          </p>
        ) : null}
        <p style={{ margin: '4px 0 0', fontSize: 18, fontWeight: 600 }}>
          {text('counter', { checkedIn: exam.checkedIn, expected: exam.expected })}
        </p>
      </header>
      <CameraView paused={flow.step.kind !== 'scanning'} onDecoded={flow.scanned} />
      <DoorPanel step={flow.step} confirming={flow.confirming} onConfirm={flow.confirm} onDismiss={flow.dismiss} />
      <ManualLookup exam={exam} ready={flow.step.kind === 'scanning'} onCheckIn={flow.checkInFound} />
    </Flex>
  );
}

/**
 * /home/examiner/scan?examId=: the examiner's check-in at the door, phone-sized. The ticket QR is verified offline
 * with the public key, the candidate shown for the identity check, then checked in online; a lookup by phone or ID
 * number when a ticket will not scan or there is no camera.
 */
function ScanPage() {
  const intl = useIntl();
  const examId = new URLSearchParams(useLocation().search).get('examId') ?? '';
  const { data, loading, error, refresh } = useRequest(() => examinerExams());
  useEffect(() => {
    prepareTicketCheck();
  }, []);
  if (loading && !data) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!data && error) {
    return (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{intl.formatMessage({ id: 'request.fallback' })}</h1>}
      />
    );
  }
  const exam = data?.find((item) => item.id === examId);
  if (!exam) {
    return (
      <Result
        status="404"
        title={
          <h1 style={{ fontSize: 'inherit', margin: 0 }}>
            {intl.formatMessage({ id: 'pages.examiner.scan.notAssigned' })}
          </h1>
        }
        extra={<Link to="/home/examlist">{intl.formatMessage({ id: 'pages.examiner.scan.backToExams' })}</Link>}
      />
    );
  }
  return <Door exam={exam} onCheckedIn={refresh} />;
}

export default withPageTexts(ScanPage, { 'en-US': enExaminer, 'zh-CN': zhExaminer }, STATUS_TEXTS);
